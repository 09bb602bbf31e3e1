import {
  ACCOUNT_MESSAGES,
  ADMIN_ROLE,
  API_MESSAGES,
  CREATE_USER_MESSAGES,
  FIELD_MESSAGES,
  api,
} from '@crm/shared';
import type { ContractCase } from './client.js';
import {
  EMAIL_TAKEN,
  UNKNOWN_ID,
  fieldError,
  idOf,
  newRequest,
  newUser,
  uniqueEmail,
} from './fixtures.js';

/** The users screen's endpoints (§4, §6). */
export const userContractCases: ContractCase[] = [
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
    name: 'users.create: an email with an invisible character or a dot at the end, or a name with a bidirectional control, answers 400 on that field (issue 32)',
    run: async (c, expect) => {
      const admin = await c.signIn(ADMIN_ROLE);
      for (const email of ['vendorb@crm.test\u200b', 'a@crm.test.']) {
        const res = await c.call(api.users.create, { body: newUser('vendor', email) }, admin.token);
        expect(res, JSON.stringify(email)).toEqual(
          fieldError(400, 'email', CREATE_USER_MESSAGES.invalidEmail),
        );
      }
      const res = await c.call(
        api.users.create,
        { body: { ...newUser('vendor'), lastName: 'Contrato\u202e' } },
        admin.token,
      );
      expect(res).toEqual(fieldError(400, 'lastName', FIELD_MESSAGES.notSingleLine));
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
    name: 'users.update: saves the fields (email lower-cased); a new password signs in and ends the user’s sessions',
    run: async (c, expect) => {
      const admin = await c.signIn(ADMIN_ROLE);
      const target = await c.signIn('driver');
      const email = uniqueEmail();
      const fields = { name: 'Dora', lastName: 'Editada', role: 'vendor' } as const;
      const saved = await c.call(
        api.users.update,
        { params: { id: target.user._id }, body: { ...fields, email: email.toUpperCase() } },
        admin.token,
      );
      const user = { _id: target.user._id, ...fields, email, photo: expect.any(String) };
      expect(saved).toEqual({ status: 200, body: user });
      expect((await c.call(api.users.list, {}, admin.token)).body).toContainEqual(saved.body);
      // Without a password the sessions go on; with one, they end.
      expect((await c.call(api.users.list, {}, target.token)).status).toBe(200);

      const password = 'Cambiada.456';
      const changed = await c.call(
        api.users.update,
        { params: { id: target.user._id }, body: { ...fields, email, password } },
        admin.token,
      );
      expect(changed).toEqual({ status: 200, body: saved.body });
      expect(await c.call(api.users.list, {}, target.token)).toEqual({
        status: 401,
        body: { message: API_MESSAGES.sessionExpired },
      });
      const signIn = async (withPassword: string) =>
        (
          await c.call(api.auth.login, {
            body: { email, password: withPassword, altcha: await c.captcha() },
          })
        ).status;
      expect(await signIn(target.password)).toBe(401);
      expect(await signIn(password)).toBe(200);
      expect(
        await c.call(
          api.users.update,
          { params: { id: UNKNOWN_ID }, body: { ...fields, email: uniqueEmail() } },
          admin.token,
        ),
      ).toEqual({ status: 404, body: { message: API_MESSAGES.userNotFound } });
    },
  },
  {
    name: 'users.remove: answers the deleted user; their requests become unassigned, each with the admin’s history entry; their token ends',
    run: async (c, expect) => {
      const admin = await c.signIn(ADMIN_ROLE);
      const vendor = await c.signIn('vendor');
      const userId = vendor.user._id;
      const before = await c.call(api.users.get, { params: { userId } }, admin.token);
      const assigned = idOf(
        (await c.call(api.requests.create, { body: newRequest }, admin.token)).body,
      );
      const untouched = idOf(
        (await c.call(api.requests.create, { body: newRequest }, admin.token)).body,
      );
      await c.call(
        api.requests.assignVendor,
        { body: { formId: assigned, vendorId: userId } },
        admin.token,
      );

      const params = { id: userId };
      expect(await c.call(api.users.remove, { params }, admin.token)).toEqual({
        status: 200,
        body: before.body,
      });

      const read = async (id: string) =>
        (await c.call(api.requests.get, { params: { id } }, admin.token)).body;
      expect(await read(assigned)).toMatchObject({ vendor: null });
      const history = await c.call(api.requests.history, { params: { id: assigned } }, admin.token);
      const entry = { at: expect.any(String), by: admin.user._id, byName: expect.any(String) };
      expect(history).toEqual({
        status: 200,
        body: {
          entries: [
            { ...entry, field: 'vendor', from: userId, to: null },
            { ...entry, field: 'vendor', from: null, to: userId },
          ],
        },
      });
      // A request that was not theirs is neither changed nor recorded.
      expect(
        (await c.call(api.requests.history, { params: { id: untouched } }, admin.token)).body,
      ).toEqual({ entries: [] });

      const users = (await c.call(api.users.list, {}, admin.token)).body as { _id: string }[];
      expect(users.map((user) => user._id)).not.toContain(userId);
      expect(await c.call(api.users.list, {}, vendor.token)).toEqual({
        status: 401,
        body: { message: API_MESSAGES.sessionExpired },
      });
      expect(await c.call(api.users.remove, { params }, admin.token)).toEqual({
        status: 404,
        body: { message: API_MESSAGES.userNotFound },
      });
      expect(await c.call(api.users.remove, { params: { id: 'nope' } }, admin.token)).toMatchObject(
        { status: 400, body: { message: API_MESSAGES.invalidId } },
      );
    },
  },
  {
    name: 'users.remove: an admin deleting their own account gets 409 and stays, signed in (issue 32)',
    run: async (c, expect) => {
      const admin = await c.signIn(ADMIN_ROLE);
      // Another admin, so the last-admin rule is not what refuses it.
      await c.signIn(ADMIN_ROLE);
      const params = { id: admin.user._id };
      expect(await c.call(api.users.remove, { params }, admin.token)).toEqual({
        status: 409,
        body: { message: ACCOUNT_MESSAGES.ownAccountDelete },
      });
      const users = (await c.call(api.users.list, {}, admin.token)).body as { _id: string }[];
      expect(users.map((user) => user._id)).toContain(admin.user._id);
    },
  },
];
