import { API_MESSAGES, EXPORT_MESSAGES, api, type ExportLink } from '@crm/shared';
import type { ContractCase, ContractClient } from './client.js';

/**
 * "Exportar" (issue 24): POST /api/form-contact/export/link answers the export's address with a
 * short-lived ticket for exactly the query it was asked for, so the browser can follow it by
 * itself. The file itself is no JSON, so the cases follow the address only where it is refused.
 */

const linkFor = async (c: ContractClient, token: string, body: object) => {
  const res = await c.call(api.requests.exportLink, { body }, token);
  return { status: res.status, url: (res.body as Partial<ExportLink>).url ?? '' };
};

/** The address's query, its ticket included, as the export reads it. */
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://contract').searchParams);

export const exportContractCases: ContractCase[] = [
  {
    name: 'requests.exportLink: the export’s address with a ticket for exactly that query (format defaulted); no credential for another query nor as a bearer token',
    run: async (c, expect) => {
      const { token } = await c.signIn('vendor');

      const link = await linkFor(c, token, { q: 'Compañía Ñandú', priority: 'high' });
      expect(link.status).toBe(200);
      expect(link.url).toMatch(/^\/api\/form-contact\/export\?(.+&)?ticket=[^&]+/);
      const query = queryOf(link.url);
      expect(query).toEqual({
        q: 'Compañía Ñandú',
        priority: 'high',
        format: 'csv',
        ticket: expect.any(String) as unknown,
      });

      const otherQuery = await c.call(api.requests.export, { query: { ...query, format: 'xlsx' } });
      expect(otherQuery).toEqual({
        status: 401,
        body: { message: EXPORT_MESSAGES.ticketInvalid },
      });
      const filterAdded = await c.call(api.requests.export, {
        query: { ...query, requestType: 'otro' },
      });
      expect(filterAdded.status).toBe(401);
      const asBearer = await c.call(api.requests.board, {}, query.ticket);
      expect(asBearer).toEqual({ status: 401, body: { message: API_MESSAGES.sessionExpired } });
      const tokenAsTicket = await c.call(api.requests.export, {
        query: { format: 'csv', ticket: token },
      });
      expect(tokenAsTicket).toEqual({
        status: 401,
        body: { message: EXPORT_MESSAGES.ticketInvalid },
      });
    },
  },
  {
    name: 'requests.exportLink: 400 on an unknown format, 401 signed out; a ticket stops working with its session',
    run: async (c, expect) => {
      const { token } = await c.signIn('driver');

      const badFormat = await c.call(api.requests.exportLink, { body: { format: 'pdf' } }, token);
      expect(badFormat.status).toBe(400);
      expect((badFormat.body as { errors: { path: string }[] }).errors[0]?.path).toBe('format');
      const signedOut = await c.call(api.requests.exportLink, { body: { format: 'csv' } });
      expect(signedOut).toEqual({ status: 401, body: { message: API_MESSAGES.authRequired } });

      const link = await linkFor(c, token, { format: 'xlsx' });
      expect(link.status).toBe(200);
      expect((await c.call(api.auth.logout, {}, token)).status).toBe(200);
      const afterLogout = await c.call(api.requests.export, { query: queryOf(link.url) });
      expect(afterLogout).toEqual({
        status: 401,
        body: { message: EXPORT_MESSAGES.ticketInvalid },
      });
    },
  },
];
