import { ADMIN_ROLE, API_MESSAGES, BOARD_COLUMNS, NEW_REQUEST_DEFAULTS, api } from '@crm/shared';
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
