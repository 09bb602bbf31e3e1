import type { ExpectStatic } from 'vitest';
import { ADMIN_ROLE, BOARD_COLUMNS, NEW_REQUEST_DEFAULTS, type Role } from '../constants.js';
import {
  API_MESSAGES,
  CREATE_REQUEST_MESSAGES,
  CREATE_USER_MESSAGES,
  FIELD_MESSAGES,
  LOGIN_MESSAGES,
} from '../messages.js';
import type { EndpointDeclaration } from './define.js';
import { api, endpoints } from './endpoints.js';
import { leadContractCases } from './lead-cases.js';

/**
 * The contract suite (issue 10): the same cases run against the real API (supertest, real
 * database: apps/api/src/contract/contract.test.ts) and against the web tests' fake
 * (apps/web/src/test/fake-api.contract.test.ts), so the fake cannot claim behaviour the API
 * lacks. Each case speaks only through the contract's endpoints.
 */

export type ContractAnswer = { status: number; body: unknown };
export type ContractCaller = { token: string; user: { _id: string; email: string } };
type LooseRequest = { params?: Record<string, string>; query?: object; body?: unknown };

/** What each backend provides to the cases. */
export type ContractClient = {
  /** A new user of `role` (fresh email), signed in through `auth.login`. */
  signIn(role: Role): Promise<ContractCaller>;
  /** A captcha payload the backend accepts once. */
  captcha(): Promise<string>;
  /** Calls an endpoint, with a bearer token if given. */
  call(
    endpoint: EndpointDeclaration,
    request?: LooseRequest,
    token?: string,
  ): Promise<ContractAnswer>;
};

export type ContractCase = {
  name: string;
  run: (client: ContractClient, expect: ExpectStatic) => Promise<void>;
};

/** A well-formed id that no document has. */
const UNKNOWN_ID = '0123456789abcdef01234567';
const PASSWORD = 'Contrato.123';

let counter = 0;
const uniqueEmail = () => `contract${++counter}.${Date.now().toString(36)}@example.com`;
const newUser = (role: Role, email = uniqueEmail()) => ({
  name: 'Carla',
  lastName: 'Contrato',
  email,
  password: PASSWORD,
  role,
  photo: '',
});
const newRequest = {
  name: 'Lucía Fernández',
  email: 'lucia@example.com',
  requestType: 'obtener una demo',
  message: 'Quiero una demo',
};

/** A name no other case or run uses: board cases filter on it with `q`, so other data can't leak in. */
const uniqueName = () => `Caso ${++counter} ${Date.now().toString(36)}`;
const idOf = (request: unknown) => (request as { _id: string })._id;
const idsOf = (answer: ContractAnswer) => (answer.body as { items: unknown[] }).items.map(idOf);

/** Placeholder params (an unknown id) for an endpoint's path, to call any endpoint without data. */
export const placeholderParams = (endpoint: EndpointDeclaration) =>
  Object.fromEntries([...endpoint.path.matchAll(/:(\w+)/g)].map(([, name]) => [name, UNKNOWN_ID]));

/** An error answer naming one field, the way the API (and the fake) report a refused field. */
const fieldError = (status: number, path: string, message: string, lead = message) => ({
  status,
  body: { message: lead, errors: [{ path, message }] },
});

const EMAIL_TAKEN = fieldError(409, 'email', FIELD_MESSAGES.emailTaken, API_MESSAGES.emailTaken);

export const contractCases: ContractCase[] = [
  {
    name: 'auth.login: a right password answers a token and the session user, never a password',
    run: async (c, expect) => {
      const email = uniqueEmail();
      const admin = await c.signIn(ADMIN_ROLE);
      await c.call(api.users.create, { body: newUser('vendor', email) }, admin.token);
      const res = await c.call(api.auth.login, {
        body: { email: email.toUpperCase(), password: PASSWORD, altcha: await c.captcha() },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        token: expect.any(String),
        user: {
          _id: expect.any(String),
          name: 'Carla',
          lastName: 'Contrato',
          email,
          role: 'vendor',
        },
      });
    },
  },
  {
    name: 'auth.login: a wrong password answers 401 "Invalid email or password"',
    run: async (c, expect) => {
      const { user } = await c.signIn('driver');
      const res = await c.call(api.auth.login, {
        body: { email: user.email, password: 'Wrong.pass1', altcha: await c.captcha() },
      });
      expect(res).toEqual({ status: 401, body: { message: LOGIN_MESSAGES.invalidCredentials } });
    },
  },
  {
    name: 'auth.login: without a captcha, 400 with the captcha message on `altcha`',
    run: async (c, expect) => {
      const res = await c.call(api.auth.login, {
        body: { email: 'a@example.com', password: PASSWORD },
      });
      expect(res).toEqual(fieldError(400, 'altcha', LOGIN_MESSAGES.captchaRequired));
    },
  },
  {
    name: 'every endpoint that is not public answers 401 "Authentication required" without a token',
    run: async (c, expect) => {
      for (const endpoint of endpoints.filter((e) => e.access !== 'public')) {
        const res = await c.call(endpoint, { params: placeholderParams(endpoint), body: {} });
        expect(res, endpoint.id).toEqual({
          status: 401,
          body: { message: API_MESSAGES.authRequired },
        });
      }
    },
  },
  {
    name: 'every admin endpoint answers 403 to a vendor and a driver',
    run: async (c, expect) => {
      for (const role of ['vendor', 'driver'] as const) {
        const { token } = await c.signIn(role);
        for (const endpoint of endpoints.filter((e) => e.access === 'admin')) {
          const res = await c.call(
            endpoint,
            { params: placeholderParams(endpoint), body: {} },
            token,
          );
          expect(res, `${role} ${endpoint.id}`).toEqual({
            status: 403,
            body: { message: API_MESSAGES.forbidden },
          });
        }
      }
    },
  },
  {
    name: 'auth.logout: the token then answers 401 with the session-expired message',
    run: async (c, expect) => {
      const { token } = await c.signIn('vendor');
      expect((await c.call(api.auth.logout, {}, token)).body).toEqual({
        message: API_MESSAGES.loggedOut,
      });
      expect(await c.call(api.users.list, {}, token)).toEqual({
        status: 401,
        body: { message: API_MESSAGES.sessionExpired },
      });
    },
  },
  {
    name: 'users.create: answers 201 with the user (no password), then lists it',
    run: async (c, expect) => {
      const admin = await c.signIn(ADMIN_ROLE);
      const body = newUser('driver');
      const res = await c.call(api.users.create, { body }, admin.token);
      expect(res).toEqual({
        status: 201,
        body: {
          _id: expect.any(String),
          name: 'Carla',
          lastName: 'Contrato',
          email: body.email,
          role: 'driver',
          photo: '',
        },
      });
      const list = await c.call(api.users.list, {}, admin.token);
      expect(list.body).toContainEqual(res.body);
    },
  },
  {
    name: 'users.create: a taken email, in any case, answers 409 with "Correo ya registrado" on `email`',
    run: async (c, expect) => {
      const admin = await c.signIn(ADMIN_ROLE);
      const res = await c.call(
        api.users.create,
        { body: newUser('vendor', admin.user.email.toUpperCase()) },
        admin.token,
      );
      expect(res).toEqual(EMAIL_TAKEN);
    },
  },
  {
    name: 'users.create: invalid fields answer 400 with every field message, the first as message',
    run: async (c, expect) => {
      const admin = await c.signIn(ADMIN_ROLE);
      const res = await c.call(
        api.users.create,
        { body: { ...newUser('vendor'), name: ' ', password: 'weak' } },
        admin.token,
      );
      expect(res).toEqual({
        status: 400,
        body: {
          message: CREATE_USER_MESSAGES.nameRequired,
          errors: [
            { path: 'name', message: CREATE_USER_MESSAGES.nameRequired },
            { path: 'password', message: CREATE_USER_MESSAGES.passwordRule },
          ],
        },
      });
    },
  },
  {
    name: 'users.update: someone else’s email answers 409 with "Correo ya registrado" on `email`',
    run: async (c, expect) => {
      const admin = await c.signIn(ADMIN_ROLE);
      const other = await c.signIn('vendor');
      const target = await c.signIn('driver');
      const res = await c.call(
        api.users.update,
        {
          params: { id: target.user._id },
          body: { name: 'A', lastName: 'B', email: other.user.email, role: 'driver' },
        },
        admin.token,
      );
      expect(res).toEqual(EMAIL_TAKEN);
    },
  },
  {
    name: 'users.get: yourself, with photo and without events; another user is 403 unless you are an admin',
    run: async (c, expect) => {
      const vendor = await c.signIn('vendor');
      const other = await c.signIn('driver');
      const own = await c.call(
        api.users.get,
        { params: { userId: vendor.user._id } },
        vendor.token,
      );
      expect(own).toEqual({
        status: 200,
        body: {
          _id: vendor.user._id,
          name: expect.any(String),
          lastName: expect.any(String),
          email: vendor.user.email,
          role: 'vendor',
          photo: expect.any(String),
        },
      });
      expect(
        await c.call(api.users.get, { params: { userId: other.user._id } }, vendor.token),
      ).toEqual({ status: 403, body: { message: API_MESSAGES.forbidden } });
      const admin = await c.signIn(ADMIN_ROLE);
      expect(
        (await c.call(api.users.get, { params: { userId: UNKNOWN_ID } }, admin.token)).status,
      ).toBe(404);
      expect(
        await c.call(api.users.get, { params: { userId: 'not-an-id' } }, admin.token),
      ).toMatchObject({ status: 400, body: { message: API_MESSAGES.invalidId } });
    },
  },
  {
    name: 'requests.create: answers 201 with the server defaults (priority "mid", source "vendor")',
    run: async (c, expect) => {
      const { token } = await c.signIn('vendor');
      const res = await c.call(api.requests.create, { body: newRequest }, token);
      const { notes, ...defaults } = NEW_REQUEST_DEFAULTS;
      expect(res).toEqual({
        status: 201,
        body: {
          ...defaults,
          notes: [...notes],
          ...newRequest,
          _id: expect.any(String),
          requestNumber: expect.any(Number),
          createdAt: expect.any(String),
        },
      });
      const list = await c.call(api.requests.list, {}, token);
      expect(list.body).toContainEqual(res.body);
    },
  },
  {
    name: 'requests.create: a missing field answers 400 with the §5 message',
    run: async (c, expect) => {
      const { token } = await c.signIn('driver');
      const res = await c.call(api.requests.create, { body: { ...newRequest, name: '' } }, token);
      expect(res).toEqual(fieldError(400, 'name', CREATE_REQUEST_MESSAGES.nameRequired));
    },
  },
  {
    name: 'requests.update: saves at the current version (+1), keeps read-only fields, refuses a stale one (409)',
    run: async (c, expect) => {
      const { token } = await c.signIn('vendor');
      const created = (await c.call(api.requests.create, { body: newRequest }, token)).body as {
        _id: string;
        version: number;
        message: string;
      };
      const saved = await c.call(
        api.requests.update,
        {
          params: { id: created._id },
          body: { ...created, status: 'contacted', notes: ['Llamar'], message: 'changed' },
        },
        token,
      );
      expect(saved).toEqual({
        status: 200,
        body: {
          ...created,
          status: 'contacted',
          notes: ['Llamar'],
          version: created.version + 1,
          // A status change through the update counts as a move.
          statusVersion: 1,
        },
      });
      const stale = await c.call(
        api.requests.update,
        { params: { id: created._id }, body: { ...created, priority: 'high' } },
        token,
      );
      expect(stale).toEqual({ status: 409, body: { message: API_MESSAGES.requestConflict } });
      const unknown = await c.call(
        api.requests.update,
        { params: { id: UNKNOWN_ID }, body: created },
        token,
      );
      expect(unknown).toEqual({ status: 404, body: { message: API_MESSAGES.requestNotFound } });
    },
  },
  {
    name: 'requests.assignVendor: assigns (the request and the executive’s board follow), refuses an unknown user (404)',
    run: async (c, expect) => {
      const admin = await c.signIn(ADMIN_ROLE);
      const vendor = await c.signIn('vendor');
      const name = uniqueName();
      const created = (
        await c.call(api.requests.create, { body: { ...newRequest, name } }, admin.token)
      ).body as { _id: string };
      const unknownUser = await c.call(
        api.requests.assignVendor,
        { body: { formId: created._id, vendorId: UNKNOWN_ID } },
        admin.token,
      );
      expect(unknownUser).toEqual({ status: 404, body: { message: API_MESSAGES.userNotFound } });
      const assigned = await c.call(
        api.requests.assignVendor,
        { body: { formId: created._id, vendorId: vendor.user._id } },
        admin.token,
      );
      expect(assigned).toMatchObject({ status: 200, body: { vendor: vendor.user._id } });
      const read = await c.call(api.requests.get, { params: { id: created._id } }, vendor.token);
      expect(read).toMatchObject({ status: 200, body: { vendor: vendor.user._id } });
      const mine = await c.call(
        api.requests.column,
        { query: { status: 'new request', q: name, vendor: 'me' } },
        vendor.token,
      );
      expect(idsOf(mine)).toEqual([created._id]);
    },
  },
  {
    name: 'requests.move: moves while still in `from`, recorded with its author; a stale `from` is 409 with the current status',
    run: async (c, expect) => {
      const vendor = await c.signIn('vendor');
      const driver = await c.signIn('driver');
      const created = (await c.call(api.requests.create, { body: newRequest }, vendor.token))
        .body as { _id: string };
      const params = { id: created._id };
      const moved = await c.call(
        api.requests.move,
        { params, body: { from: 'new request', to: 'contacted' } },
        driver.token,
      );
      expect(moved).toEqual({
        status: 200,
        body: { ...created, status: 'contacted', statusVersion: 1 },
      });
      const stale = await c.call(
        api.requests.move,
        { params, body: { from: 'new request', to: 'closed' } },
        vendor.token,
      );
      expect(stale).toEqual({
        status: 409,
        body: { message: API_MESSAGES.requestMoved, current: { status: 'contacted' } },
      });
      const history = await c.call(api.requests.history, { params }, vendor.token);
      expect(history).toEqual({
        status: 200,
        body: {
          entries: [
            {
              at: expect.any(String),
              by: driver.user._id,
              byName: expect.any(String),
              field: 'status',
              from: 'new request',
              to: 'contacted',
            },
          ],
        },
      });
      expect(
        await c.call(api.requests.history, { params: { id: UNKNOWN_ID } }, vendor.token),
      ).toEqual({ status: 404, body: { message: API_MESSAGES.requestNotFound } });
    },
  },
  {
    name: 'requests.addNote and editNote: at the top, version +1, recorded; an empty note 400; a stale edit 409 with the note now',
    run: async (c, expect) => {
      const { token, user } = await c.signIn('driver');
      const created = (await c.call(api.requests.create, { body: newRequest }, token)).body as {
        _id: string;
        version: number;
      };
      const params = { id: created._id };
      await c.call(api.requests.addNote, { params, body: { text: 'Primera' } }, token);
      const added = await c.call(
        api.requests.addNote,
        { params, body: { text: 'Segunda' } },
        token,
      );
      expect(added).toEqual({
        status: 201,
        body: { ...created, notes: ['Segunda', 'Primera'], version: created.version + 2 },
      });
      expect(await c.call(api.requests.addNote, { params, body: { text: ' ' } }, token)).toEqual(
        fieldError(400, 'text', FIELD_MESSAGES.noteEmpty),
      );
      const edited = await c.call(
        api.requests.editNote,
        { params: { ...params, index: '1' }, body: { from: 'Primera', to: 'Primera (editada)' } },
        token,
      );
      expect(edited).toMatchObject({
        status: 200,
        body: { notes: ['Segunda', 'Primera (editada)'], version: created.version + 3 },
      });
      const stale = await c.call(
        api.requests.editNote,
        { params: { ...params, index: '1' }, body: { from: 'Primera', to: 'Otra' } },
        token,
      );
      expect(stale).toEqual({
        status: 409,
        body: { message: API_MESSAGES.noteChanged, current: { note: 'Primera (editada)' } },
      });
      const history = (await c.call(api.requests.history, { params }, token)).body as {
        entries: { by: string; field: string; from: string | null; to: string | null }[];
      };
      expect(history.entries.map(({ by, field, from, to }) => ({ by, field, from, to }))).toEqual([
        { by: user._id, field: 'note', from: 'Primera', to: 'Primera (editada)' },
        { by: user._id, field: 'note', from: null, to: 'Segunda' },
        { by: user._id, field: 'note', from: null, to: 'Primera' },
      ]);
    },
  },
  {
    name: 'requests.remove: answers the deleted request; then 404; a bad id is 400 "Invalid id"',
    run: async (c, expect) => {
      const admin = await c.signIn(ADMIN_ROLE);
      const created = (await c.call(api.requests.create, { body: newRequest }, admin.token))
        .body as {
        _id: string;
      };
      const params = { id: created._id };
      expect(await c.call(api.requests.remove, { params }, admin.token)).toEqual({
        status: 200,
        body: created,
      });
      expect(await c.call(api.requests.remove, { params }, admin.token)).toEqual({
        status: 404,
        body: { message: API_MESSAGES.requestNotFound },
      });
      expect(
        await c.call(api.requests.remove, { params: { id: 'nope' } }, admin.token),
      ).toMatchObject({ status: 400, body: { message: API_MESSAGES.invalidId } });
    },
  },
  {
    name: 'requests.get: any role reads one request; an unknown id is 404, a bad one 400',
    run: async (c, expect) => {
      const vendor = await c.signIn('vendor');
      const driver = await c.signIn('driver');
      const created = (await c.call(api.requests.create, { body: newRequest }, vendor.token)).body;
      expect(
        await c.call(api.requests.get, { params: { id: idOf(created) } }, driver.token),
      ).toEqual({ status: 200, body: created });
      expect(await c.call(api.requests.get, { params: { id: UNKNOWN_ID } }, driver.token)).toEqual({
        status: 404,
        body: { message: API_MESSAGES.requestNotFound },
      });
      expect(
        await c.call(api.requests.get, { params: { id: 'nope' } }, driver.token),
      ).toMatchObject({ status: 400, body: { message: API_MESSAGES.invalidId } });
    },
  },
  {
    name: 'requests.board: the five columns in board order, each with its count and newest-first page',
    run: async (c, expect) => {
      const { token } = await c.signIn('driver');
      const name = uniqueName();
      const older = (await c.call(api.requests.create, { body: { ...newRequest, name } }, token))
        .body;
      const newer = (await c.call(api.requests.create, { body: { ...newRequest, name } }, token))
        .body;
      const res = await c.call(api.requests.board, { query: { q: name } }, token);
      expect(res).toEqual({
        status: 200,
        body: {
          columns: BOARD_COLUMNS.map(({ status }) =>
            status === 'new request'
              ? { status, count: 2, items: [newer, older], nextCursor: null }
              : { status, count: 0, items: [], nextCursor: null },
          ),
        },
      });
    },
  },
  {
    name: 'requests.column: the cursor walks a column once; a bad cursor is 400 on `cursor`',
    run: async (c, expect) => {
      const { token } = await c.signIn('vendor');
      const name = uniqueName();
      const created: unknown[] = [];
      for (let i = 0; i < 3; i++) {
        created.unshift(
          (await c.call(api.requests.create, { body: { ...newRequest, name } }, token)).body,
        );
      }
      const query = { status: 'new request', q: name, limit: 2 } as const;
      const firstPage = await c.call(api.requests.column, { query }, token);
      expect(firstPage).toEqual({
        status: 200,
        body: { items: created.slice(0, 2), nextCursor: expect.any(String), count: 3 },
      });
      const cursor = (firstPage.body as { nextCursor: string }).nextCursor;
      const rest = await c.call(api.requests.column, { query: { ...query, cursor } }, token);
      expect(rest).toEqual({
        status: 200,
        body: { items: created.slice(2), nextCursor: null, count: 3 },
      });
      // The board's first page of a column hands out the same cursor as the column's own.
      const board = await c.call(api.requests.board, { query: { q: name, limit: 2 } }, token);
      expect((board.body as { columns: unknown[] }).columns[0]).toEqual({
        status: 'new request',
        ...(firstPage.body as object),
      });

      const bad = await c.call(api.requests.column, { query: { ...query, cursor: 'nope' } }, token);
      expect(bad).toEqual(fieldError(400, 'cursor', API_MESSAGES.invalidCursor));
    },
  },
  {
    name: 'requests.board: filters by executive ("me", "none"), type and priority; an unknown parameter is 400',
    run: async (c, expect) => {
      const admin = await c.signIn(ADMIN_ROLE);
      const vendor = await c.signIn('vendor');
      const name = uniqueName();
      const create = async (requestType: string) =>
        (
          await c.call(
            api.requests.create,
            { body: { ...newRequest, name, requestType } },
            vendor.token,
          )
        ).body;
      const assigned = await create('otro');
      const unassigned = await create('obtener una demo');
      await c.call(
        api.requests.assignVendor,
        { body: { formId: idOf(assigned), vendorId: vendor.user._id } },
        admin.token,
      );
      const newColumn = async (filters: object) =>
        idsOf(
          await c.call(
            api.requests.column,
            { query: { status: 'new request', q: name, ...filters } },
            vendor.token,
          ),
        );
      expect(await newColumn({ vendor: 'me' })).toEqual([idOf(assigned)]);
      expect(await newColumn({ vendor: vendor.user._id })).toEqual([idOf(assigned)]);
      expect(await newColumn({ vendor: 'none' })).toEqual([idOf(unassigned)]);
      expect(await newColumn({ requestType: 'obtener una demo' })).toEqual([idOf(unassigned)]);
      expect(await newColumn({ priority: NEW_REQUEST_DEFAULTS.priority, vendor: 'me' })).toEqual([
        idOf(assigned),
      ]);
      expect(await newColumn({ priority: 'high' })).toEqual([]);

      const unknown = await c.call(api.requests.board, { query: { colour: 'red' } }, vendor.token);
      const message = `${API_MESSAGES.unknownParameter}: colour`;
      expect(unknown).toEqual(fieldError(400, '', message));
      const badVendor = await c.call(
        api.requests.board,
        { query: { vendor: 'someone' } },
        vendor.token,
      );
      expect(badVendor).toEqual(fieldError(400, 'vendor', API_MESSAGES.invalidVendorFilter));
    },
  },
];

// The website form's cases (issue 13) live in their own file.
contractCases.push(...leadContractCases);
