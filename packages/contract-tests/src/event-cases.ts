import { api, eventsPageSchema, type EventsPage } from '@crm/shared';
import type { ContractCase, ContractClient } from './client.js';
import { idOf, newRequest } from './fixtures.js';

/**
 * The event log (issue 36): every change to a request, in order, paged by position. The live
 * stream (`events.stream`) never ends, so it is tested on each backend by itself (apps/api's
 * events tests, the web's live tests), not here.
 */

/** Every page from `after` on, as a script reads the log. */
async function readFrom(c: ContractClient, token: string, after: number) {
  const events: EventsPage['events'] = [];
  for (let position = after; ;) {
    const answer = await c.call(api.events.list, { query: { after: position } }, token);
    const page = eventsPageSchema.parse(answer.body);
    events.push(...page.events);
    if (page.last === position) return { events, last: position };
    position = page.last;
  }
}

export const eventContractCases: ContractCase[] = [
  {
    name: 'events.list: a new request and its move are in the log, in order, with who and the card',
    run: async (c, expect) => {
      const vendor = await c.signIn('vendor');
      const { last } = await readFrom(c, vendor.token, 0);
      const created = await c.call(api.requests.create, { body: newRequest }, vendor.token);
      const id = idOf(created.body);
      await c.call(
        api.requests.move,
        { params: { id }, body: { from: 'new request', to: 'contacted' } },
        vendor.token,
      );
      const { events } = await readFrom(c, vendor.token, last);
      const mine = events.filter((event) => event.requestId === id);
      expect(mine.map((event) => event.type)).toEqual(['request.created', 'request.moved']);
      expect(mine[0]).toMatchObject({
        actor: { id: vendor.user._id },
        data: { request: { _id: id, status: 'new request' } },
      });
      expect(mine[1]).toMatchObject({
        data: {
          request: { _id: id, status: 'contacted' },
          changes: [{ field: 'status', from: 'new request', to: 'contacted' }],
        },
      });
      expect(mine[1]!.position).toBeGreaterThan(mine[0]!.position);
    },
  },
  {
    name: 'events.list: a position that is no number is 400 naming `after`; no token is 401',
    run: async (c, expect) => {
      const { token } = await c.signIn('driver');
      const bad = await c.call(api.events.list, { query: { after: 'ayer' } }, token);
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body)).toContain('after');
      expect((await c.call(api.events.list, { query: {} })).status).toBe(401);
    },
  },
];
