import { FIELD_MESSAGES, api, type Request, type RequestStatus } from '@crm/shared';
import type { ContractCase, ContractClient } from './client.js';
import { fieldError, idsOf, newRequest, uniqueName } from './fixtures.js';

/**
 * Value and outcomes (issue 21): a request's expected value, the outcome it reaches CERRADO with
 * (and loses leaving it), each recorded in the history, and the board's totals and "Resultado".
 * The lost reasons are the defaults (the settings case restores them after changing them).
 */

const create = async (c: ContractClient, token: string, name = uniqueName()) =>
  (await c.call(api.requests.create, { body: { ...newRequest, name } }, token)).body as Request;

const move = (
  c: ContractClient,
  token: string,
  id: string,
  body: { from: RequestStatus; to: RequestStatus; outcome?: unknown; amoutPaid?: unknown },
) => c.call(api.requests.move, { params: { id }, body }, token);

/** The history's entries of one field, oldest first, as { from, to }. */
async function changesOf(c: ContractClient, token: string, id: string, field: string) {
  const { body } = await c.call(api.requests.history, { params: { id } }, token);
  return (body as { entries: { field: string; from: string | null; to: string | null }[] }).entries
    .filter((entry) => entry.field === field)
    .map(({ from, to }) => ({ from, to }))
    .reverse();
}

export const outcomeContractCases: ContractCase[] = [
  {
    name: 'requests.move: a won close may carry `amoutPaid` (stored, recorded, version up); with a lost one or an open stage it is 400 `amoutPaid`',
    run: async (c, expect) => {
      const { token } = await c.signIn('vendor');
      const created = await create(c, token);
      const { _id: id } = created;
      const lost = { result: 'lost', reason: 'Precio' };
      expect(
        await move(c, token, id, {
          from: 'new request',
          to: 'closed',
          outcome: lost,
          amoutPaid: 5,
        }),
      ).toEqual(fieldError(400, 'amoutPaid', FIELD_MESSAGES.amountPaidOnlyWhenWon));
      expect(
        await move(c, token, id, { from: 'new request', to: 'contacted', amoutPaid: 5 }),
      ).toEqual(fieldError(400, 'amoutPaid', FIELD_MESSAGES.amountPaidOnlyWhenWon));

      const won = { from: 'new request', to: 'closed', outcome: { result: 'won' } } as const;
      expect(await move(c, token, id, { ...won, amoutPaid: 2_500_000 })).toMatchObject({
        status: 200,
        body: { status: 'closed', amoutPaid: 2_500_000, version: created.version + 1 },
      });
      expect(await changesOf(c, token, id, 'amoutPaid')).toEqual([{ from: '0', to: '2500000' }]);
    },
  },
  {
    name: 'requests.move: CERRADO needs an outcome (400 `outcome`), a lost one a listed reason (400 `outcome.reason`); leaving clears it; all recorded',
    run: async (c, expect) => {
      const { token } = await c.signIn('vendor');
      const { _id: id } = await create(c, token);

      expect(await move(c, token, id, { from: 'new request', to: 'closed' })).toEqual(
        fieldError(400, 'outcome', FIELD_MESSAGES.outcomeRequired),
      );
      const noReason = { from: 'new request', to: 'closed', outcome: { result: 'lost' } } as const;
      expect(await move(c, token, id, noReason)).toEqual(
        fieldError(400, 'outcome.reason', FIELD_MESSAGES.lostReasonRequired),
      );
      const unknown = { result: 'lost', reason: 'Mala suerte' };
      expect(
        await move(c, token, id, { from: 'new request', to: 'closed', outcome: unknown }),
      ).toEqual(fieldError(400, 'outcome.reason', FIELD_MESSAGES.lostReasonUnknown));
      const onOpen = { from: 'new request', to: 'contacted', outcome: { result: 'won' } } as const;
      expect(await move(c, token, id, onOpen)).toEqual(
        fieldError(400, 'outcome', FIELD_MESSAGES.outcomeOnOpenRequest),
      );

      const lost = { result: 'lost', reason: 'Precio', comment: 'Muy caro' } as const;
      const closed = await move(c, token, id, { from: 'new request', to: 'closed', outcome: lost });
      expect(closed).toMatchObject({
        status: 200,
        body: {
          status: 'closed',
          outcome: { result: 'lost', reason: 'Precio', comment: 'Muy caro' },
        },
      });
      const reopened = await move(c, token, id, { from: 'closed', to: 'follow up' });
      expect(reopened).toMatchObject({ status: 200, body: { status: 'follow up', outcome: null } });
      const won = { from: 'follow up', to: 'closed', outcome: { result: 'won' } } as const;
      expect(await move(c, token, id, won)).toMatchObject({
        status: 200,
        body: { outcome: { result: 'won', reason: null, comment: null } },
      });

      expect(await changesOf(c, token, id, 'outcome')).toEqual([
        { from: null, to: 'lost: Precio' },
        { from: 'lost: Precio', to: null },
        { from: null, to: 'won' },
      ]);
    },
  },
  {
    name: 'requests.update: sets the expected value (recorded; a bad amount is 400 `expectedValue`), closes with an outcome, changes it, reopens clearing it',
    run: async (c, expect) => {
      const { token } = await c.signIn('driver');
      const created = await create(c, token);
      const params = { id: created._id };
      const update = (changes: Record<string, unknown>) =>
        c.call(api.requests.update, { params, body: { ...created, ...changes } }, token);

      for (const expectedValue of [-1, 10.5, '100', 1e12 + 1]) {
        expect(await update({ expectedValue })).toEqual(
          fieldError(400, 'expectedValue', FIELD_MESSAGES.expectedValueInvalid),
        );
      }
      const valued = await update({ expectedValue: 2_500_000 });
      expect(valued).toMatchObject({
        status: 200,
        body: { expectedValue: 2_500_000, outcome: null },
      });

      let current = valued.body as Request;
      const save = async (changes: Record<string, unknown>) => {
        const res = await c.call(
          api.requests.update,
          { params, body: { ...current, ...changes } },
          token,
        );
        if (res.status === 200) current = res.body as Request;
        return res;
      };
      expect(await save({ status: 'closed' })).toEqual(
        fieldError(400, 'outcome', FIELD_MESSAGES.outcomeRequired),
      );
      expect(await save({ outcome: { result: 'won' } })).toEqual(
        fieldError(400, 'outcome', FIELD_MESSAGES.outcomeOnOpenRequest),
      );
      expect(await save({ status: 'closed', outcome: { result: 'won' } })).toMatchObject({
        status: 200,
        body: { status: 'closed', outcome: { result: 'won', reason: null, comment: null } },
      });
      // A closed request's outcome may change; the whole request sent back keeps it.
      const lost = { result: 'lost', reason: 'Sin respuesta', comment: null };
      expect(await save({ outcome: lost })).toMatchObject({ status: 200, body: { outcome: lost } });
      expect(await save({ priority: 'high' })).toMatchObject({
        status: 200,
        body: { priority: 'high', outcome: lost },
      });
      expect(await save({ status: 'contacted', expectedValue: null })).toMatchObject({
        status: 200,
        body: { status: 'contacted', outcome: null, expectedValue: null },
      });

      expect(await changesOf(c, token, created._id, 'expectedValue')).toEqual([
        { from: null, to: '2500000' },
        { from: '2500000', to: null },
      ]);
      expect(await changesOf(c, token, created._id, 'outcome')).toEqual([
        { from: null, to: 'won' },
        { from: 'won', to: 'lost: Sin respuesta' },
        { from: 'lost: Sin respuesta', to: null },
      ]);
    },
  },
  {
    name: 'requests.board and column: each column sums its expected values; `outcome` narrows CERRADO only',
    run: async (c, expect) => {
      const { token } = await c.signIn('vendor');
      const name = uniqueName();
      const add = async (expectedValue: number | null, outcome?: object) => {
        const created = await create(c, token, name);
        const valued = await c.call(
          api.requests.update,
          { params: { id: created._id }, body: { ...created, expectedValue } },
          token,
        );
        if (outcome) {
          await move(c, token, created._id, { from: 'new request', to: 'closed', outcome });
        }
        return (valued.body as Request)._id;
      };
      const open = await add(1_000);
      const unvalued = await add(null);
      const won = await add(20_000, { result: 'won' });
      const lost = await add(300_000, { result: 'lost', reason: 'Precio' });

      const columns = async (query: Record<string, string>) => {
        const res = await c.call(api.requests.board, { query: { q: name, ...query } }, token);
        const board = res.body as {
          columns: { status: string; count: number; totalValue: number; items: Request[] }[];
        };
        return board.columns.map(({ status, count, totalValue, items }) => ({
          status,
          count,
          totalValue,
          ids: items.map((item) => item._id),
        }));
      };
      const board = await columns({});
      expect(board[0]).toEqual({
        status: 'new request',
        count: 2,
        totalValue: 1_000,
        ids: [unvalued, open],
      });
      expect(board.at(-1)).toEqual({
        status: 'closed',
        count: 2,
        totalValue: 320_000,
        ids: [lost, won],
      });
      const onlyLost = await columns({ outcome: 'lost' });
      expect(onlyLost[0]).toEqual(board[0]);
      expect(onlyLost.at(-1)).toEqual({
        status: 'closed',
        count: 1,
        totalValue: 300_000,
        ids: [lost],
      });
      expect((await columns({ outcome: 'none' })).at(-1)).toMatchObject({
        count: 0,
        totalValue: 0,
      });

      const column = await c.call(
        api.requests.column,
        { query: { status: 'closed', q: name, outcome: 'won' } },
        token,
      );
      expect(column).toMatchObject({ status: 200, body: { count: 1, totalValue: 20_000 } });
      expect(idsOf(column)).toEqual([won]);
    },
  },
];
