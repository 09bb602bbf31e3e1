import { ADMIN_ROLE, API_MESSAGES, api, endpoints, type EndpointDeclaration } from '@crm/shared';
import type { ContractCase } from './client.js';
import { placeholderParams } from './fixtures.js';

/** Well-formed path parameters, so the body is the only thing missing (a note's index is a number). */
const wellFormedParams = (endpoint: EndpointDeclaration) =>
  Object.fromEntries(
    Object.entries(placeholderParams(endpoint)).map(([name, id]) => [
      name,
      name === 'index' ? '0' : String(id),
    ]),
  );

/** Issue 32: the OpenAPI document calls every JSON body required, and so does every endpoint. */
export const requiredBodyContractCases: ContractCase[] = [
  {
    name: 'every endpoint that takes a JSON body answers 400 "Invalid request body" to a call without one, changing nothing',
    run: async (c, expect) => {
      const { token } = await c.signIn(ADMIN_ROLE);
      const withBody = endpoints.filter((endpoint) => endpoint.body ?? endpoint.bodyFor);
      expect(withBody.length).toBeGreaterThan(20);
      for (const endpoint of withBody) {
        const res = await c.call(endpoint, { params: wellFormedParams(endpoint) }, token);
        expect(res, endpoint.id).toEqual({
          status: 400,
          body: { message: API_MESSAGES.invalidBody },
        });
      }
    },
  },
  {
    name: 'boardViews.putFilters: a call without a body keeps the saved filters (it cleared them)',
    run: async (c, expect) => {
      const { token } = await c.signIn('vendor');
      const filters = { priority: 'high', outcome: 'won' };
      expect((await c.call(api.boardViews.putFilters, { body: filters }, token)).status).toBe(200);
      expect((await c.call(api.boardViews.putFilters, {}, token)).status).toBe(400);
      expect(await c.call(api.boardViews.getFilters, {}, token)).toEqual({
        status: 200,
        body: filters,
      });
    },
  },
];
