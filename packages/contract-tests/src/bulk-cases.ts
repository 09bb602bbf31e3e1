import { API_MESSAGES, BULK_FAILURES, api, type Request } from '@crm/shared';
import type { ContractCase, ContractClient } from './client.js';
import { UNKNOWN_ID, newRequest, uniqueName } from './fixtures.js';

/**
 * Bulk actions (issue 24): each request of a selection changes in its own conditional write with
 * its own history entry, as the one-request action would; those changed meanwhile or gone are
 * listed, the others still change. Assign and delete are for system admins.
 */

const create = async (c: ContractClient, token: string, name: string) =>
  (await c.call(api.requests.create, { body: { ...newRequest, name } }, token)).body as Request;

const createMany = async (c: ContractClient, token: string, count: number) => {
  const name = uniqueName();
  const created: Request[] = [];
  for (let i = 0; i < count; i++) created.push(await create(c, token, name));
  return created;
};

const get = async (c: ContractClient, token: string, id: string) =>
  (await c.call(api.requests.get, { params: { id } }, token)).body as Request;

/** The history's entries of one field, oldest first, as { from, to, by }. */
async function changesOf(c: ContractClient, token: string, id: string, field: string) {
  const { body } = await c.call(api.requests.history, { params: { id } }, token);
  type Entry = { field: string; from: string | null; to: string | null; by: string | null };
  return (body as { entries: Entry[] }).entries
    .filter((entry) => entry.field === field)
    .map(({ from, to, by }) => ({ from, to, by }))
    .reverse();
}

const ids = (list: Request[]) => list.map(({ _id }) => _id);

export const bulkContractCases: ContractCase[] = [
  {
    name: 'requests.bulk move: each request still in its `from` moves, recorded once; one moved meanwhile is listed, one gone too, one already there is unchanged',
    run: async (c, expect) => {
      const { token, user } = await c.signIn('vendor');
      const [first, second, third, fourth] = await createMany(c, token, 4);
      const moved = await c.call(
        api.requests.move,
        { params: { id: second!._id }, body: { from: 'new request', to: 'follow up' } },
        token,
      );
      expect(moved.status).toBe(200);

      const res = await c.call(
        api.requests.bulk,
        {
          body: {
            action: 'move',
            to: 'contacted',
            items: [
              { id: first!._id, from: 'new request' },
              { id: second!._id, from: 'new request' },
              { id: UNKNOWN_ID, from: 'new request' },
              { id: third!._id, from: 'new request' },
              { id: fourth!._id, from: 'contacted' },
            ],
          },
        },
        token,
      );

      expect(res).toEqual({
        status: 200,
        body: {
          changed: [first!._id, third!._id],
          unchanged: [],
          failed: [
            { id: second!._id, reason: 'changed', message: BULK_FAILURES.changed },
            { id: UNKNOWN_ID, reason: 'notFound', message: BULK_FAILURES.notFound },
            // Not in the `from` this selection saw: changed meanwhile, as far as it knows.
            { id: fourth!._id, reason: 'changed', message: BULK_FAILURES.changed },
          ],
        },
      });
      expect((await get(c, token, first!._id)).status).toBe('contacted');
      expect((await get(c, token, second!._id)).status).toBe('follow up');
      expect(await changesOf(c, token, third!._id, 'status')).toEqual([
        { from: 'new request', to: 'contacted', by: user._id },
      ]);

      const again = await c.call(
        api.requests.bulk,
        {
          body: {
            action: 'move',
            to: 'contacted',
            items: [{ id: first!._id, from: 'contacted' }],
          },
        },
        token,
      );
      expect(again).toEqual({
        status: 200,
        body: { changed: [], unchanged: [first!._id], failed: [] },
      });
      expect(await changesOf(c, token, first!._id, 'status')).toHaveLength(1);
    },
  },
  {
    name: 'requests.bulk priority: each changes while still at its `from`, recorded as a save (version +1); one already so is unchanged',
    run: async (c, expect) => {
      const { token, user } = await c.signIn('driver');
      const [first, second] = await createMany(c, token, 2);

      const res = await c.call(
        api.requests.bulk,
        {
          body: {
            action: 'priority',
            priority: 'mid',
            items: [
              { id: first!._id, from: 'mid' },
              { id: second!._id, from: 'low' },
            ],
          },
        },
        token,
      );
      expect(res).toEqual({
        status: 200,
        body: {
          changed: [],
          unchanged: [first!._id],
          failed: [{ id: second!._id, reason: 'changed', message: BULK_FAILURES.changed }],
        },
      });

      const high = await c.call(
        api.requests.bulk,
        {
          body: {
            action: 'priority',
            priority: 'high',
            items: [
              { id: first!._id, from: 'mid' },
              { id: second!._id, from: 'mid' },
            ],
          },
        },
        token,
      );
      expect(high).toEqual({
        status: 200,
        body: { changed: [first!._id, second!._id], unchanged: [], failed: [] },
      });
      expect(await get(c, token, first!._id)).toMatchObject({
        priority: 'high',
        version: first!.version + 1,
      });
      expect(await changesOf(c, token, second!._id, 'priority')).toEqual([
        { from: 'mid', to: 'high', by: user._id },
      ]);
    },
  },
  {
    name: 'requests.bulk assign and delete: a system admin assigns (recorded) and deletes; a vendor’s delete is 403 and changes nothing',
    run: async (c, expect) => {
      const admin = await c.signIn('system admin');
      const vendor = await c.signIn('vendor');
      const selection = await createMany(c, vendor.token, 2);
      const items = selection.map(({ _id }) => ({ id: _id }));

      const assigned = await c.call(
        api.requests.bulk,
        { body: { action: 'assign', vendorId: vendor.user._id, items } },
        admin.token,
      );
      expect(assigned).toEqual({
        status: 200,
        body: { changed: ids(selection), unchanged: [], failed: [] },
      });
      expect((await get(c, vendor.token, selection[0]!._id)).vendor).toBe(vendor.user._id);
      expect(await changesOf(c, vendor.token, selection[1]!._id, 'vendor')).toEqual([
        { from: null, to: vendor.user._id, by: admin.user._id },
      ]);

      const refused = await c.call(
        api.requests.bulk,
        { body: { action: 'delete', items } },
        vendor.token,
      );
      expect(refused).toEqual({ status: 403, body: { message: API_MESSAGES.forbidden } });
      expect((await get(c, vendor.token, selection[0]!._id))._id).toBe(selection[0]!._id);

      const deleted = await c.call(
        api.requests.bulk,
        { body: { action: 'delete', items } },
        admin.token,
      );
      expect(deleted).toEqual({
        status: 200,
        body: { changed: ids(selection), unchanged: [], failed: [] },
      });
      const gone = await c.call(
        api.requests.get,
        { params: { id: selection[0]!._id } },
        vendor.token,
      );
      expect(gone).toEqual({ status: 404, body: { message: API_MESSAGES.requestNotFound } });
    },
  },
];
