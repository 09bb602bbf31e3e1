import {
  ADMIN_ROLE,
  API_MESSAGES,
  BOARD_COLUMNS,
  NEW_REQUEST_DEFAULTS,
  api,
  type Activity,
  type Request,
} from '@crm/shared';
import type { ContractCase } from './client.js';
import { fieldError, idOf, idsOf, newRequest, uniqueName } from './fixtures.js';

/** The board and its columns: order, counts, cursor and filters (issue 10). */
export const boardContractCases: ContractCase[] = [
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
              ? { status, count: 2, totalValue: 0, items: [newer, older], nextCursor: null }
              : {
                  status,
                  count: 0,
                  totalValue: 0,
                  // CERRADO's won and lost apart (issue 33).
                  ...(status === 'closed' && { outcomeValues: { won: 0, lost: 0 } }),
                  items: [],
                  nextCursor: null,
                },
          ),
        },
      });
    },
  },
  {
    name: 'requests.board and requests.column: CERRADO sums its won and its lost apart (issue 33)',
    run: async (c, expect) => {
      const { token } = await c.signIn('driver');
      const name = uniqueName();
      const close = async (expectedValue: number, outcome: Record<string, unknown> | null) => {
        const created = (
          await c.call(api.requests.create, { body: { ...newRequest, name } }, token)
        ).body as Request;
        const res = await c.call(
          api.requests.update,
          {
            params: { id: created._id },
            body: { ...created, status: 'closed', expectedValue, outcome },
          },
          token,
        );
        expect(res.status).toBe(200);
      };
      await close(4_500_000, { result: 'won' });
      await close(1_000_000, { result: 'lost', reason: 'Precio' });
      await close(200_000, { result: 'won' });
      const closedOf = (body: unknown) =>
        (body as { columns: { status: string }[] }).columns.find(
          (column) => column.status === 'closed',
        );
      const board = await c.call(api.requests.board, { query: { q: name } }, token);
      expect(closedOf(board.body)).toMatchObject({
        count: 3,
        totalValue: 5_700_000,
        outcomeValues: { won: 4_700_000, lost: 1_000_000 },
      });
      const page = await c.call(
        api.requests.column,
        { query: { status: 'closed', q: name, limit: 1 } },
        token,
      );
      expect(page.body).toMatchObject({ outcomeValues: { won: 4_700_000, lost: 1_000_000 } });
      const open = await c.call(
        api.requests.column,
        { query: { status: 'contacted', q: name } },
        token,
      );
      expect(open.body).not.toHaveProperty('outcomeValues');
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
        body: {
          items: created.slice(0, 2),
          nextCursor: expect.any(String),
          count: 3,
          totalValue: 0,
        },
      });
      const cursor = (firstPage.body as { nextCursor: string }).nextCursor;
      const rest = await c.call(api.requests.column, { query: { ...query, cursor } }, token);
      expect(rest).toEqual({
        status: 200,
        body: { items: created.slice(2), nextCursor: null, count: 3, totalValue: 0 },
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
  {
    name: 'requests.board: a search under filters counts the matches they hide (issue 33)',
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
      const mine = await create('otro');
      await create('otro');
      await create('obtener una demo');
      await c.call(
        api.requests.assignVendor,
        { body: { formId: idOf(mine), vendorId: vendor.user._id } },
        admin.token,
      );
      const hidden = async (filters: object) =>
        (
          (await c.call(api.requests.board, { query: { q: name, ...filters } }, vendor.token))
            .body as { hiddenMatches?: unknown }
        ).hiddenMatches;
      expect(await hidden({ vendor: 'me' })).toEqual({ count: 2, more: false });
      expect(await hidden({ requestType: 'otro' })).toEqual({ count: 1, more: false });
      expect(await hidden({ vendor: 'me', requestType: 'obtener una demo' })).toEqual({
        count: 3,
        more: false,
      });
      const everyPriority = { priority: NEW_REQUEST_DEFAULTS.priority };
      expect(await hidden(everyPriority)).toEqual({ count: 0, more: false });
      expect(await hidden({})).toBeUndefined();
    },
  },
  {
    // Issue 20. Days far in the past and the future, so no clock or zone can move a request
    // between ranges while the case runs ("today" is tested in apps/api with a fixed clock).
    name: 'requests.board and column: `next` filters by the next activity (overdue, week, none), with q and vendor; a card shows it',
    run: async (c, expect) => {
      const { token } = await c.signIn('vendor');
      const name = uniqueName();
      const create = async () =>
        idOf((await c.call(api.requests.create, { body: { ...newRequest, name } }, token)).body);
      const plan = async (id: string, dueDate: string) =>
        (
          await c.call(
            api.activities.add,
            { params: { id }, body: { type: 'call', title: 'Llamar', dueDate } },
            token,
          )
        ).body as Activity;
      const overdue = await create();
      const later = await create();
      const without = await create();
      const completed = await create();
      const due = await plan(overdue, '2020-01-10');
      await plan(later, '2099-12-31');
      const doneOne = await plan(completed, '2020-01-10');
      await c.call(
        api.activities.complete,
        { params: { id: completed, activityId: doneOne._id }, body: { version: 0 } },
        token,
      );

      const column = async (filters: object) => {
        const res = await c.call(
          api.requests.column,
          { query: { status: 'new request', q: name, ...filters } },
          token,
        );
        return { ids: idsOf(res), count: (res.body as { count: number }).count };
      };
      expect(await column({ next: 'overdue' })).toEqual({ ids: [overdue], count: 1 });
      expect(await column({ next: 'today' })).toEqual({ ids: [], count: 0 });
      expect(await column({ next: 'week' })).toEqual({ ids: [], count: 0 });
      // A request whose only activity is done has no next one.
      expect(await column({ next: 'none' })).toEqual({ ids: [completed, without], count: 2 });
      expect(await column({ next: 'overdue', vendor: 'none' })).toEqual({
        ids: [overdue],
        count: 1,
      });
      expect(await column({ next: 'overdue', vendor: 'me' })).toEqual({ ids: [], count: 0 });

      const board = await c.call(
        api.requests.board,
        { query: { q: name, next: 'overdue' } },
        token,
      );
      const [first] = (board.body as { columns: { count: number; items: Request[] }[] }).columns;
      expect(first?.count).toBe(1);
      expect(first?.items[0]?.nextActivity).toEqual({
        _id: due._id,
        type: 'call',
        title: 'Llamar',
        dueDate: '2020-01-10',
        dueTime: null,
        dueAt: due.dueAt,
      });
      const bad = await c.call(api.requests.board, { query: { next: 'soon' } }, token);
      expect(bad).toMatchObject({ status: 400, body: { errors: [{ path: 'next' }] } });
    },
  },
];
