import {
  API_MESSAGES,
  EXPORT_MESSAGES,
  auditApi,
  auditPageSchema,
  type ExportLink,
} from '@crm/shared';
import type { ContractCase } from './client.js';

/**
 * The audit log (issue 32): a system admin's reads only. The CSV's link is for exactly the filters
 * it was asked for (as the board's export), and the log answers its declared page under a filter.
 * Entries are written by the actions themselves, so the cases assert the shape and the rules, not
 * what a backend has recorded so far.
 */

/** The address's query, its ticket included. */
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://contract').searchParams);

export const auditContractCases: ContractCase[] = [
  {
    name: 'audit.exportLink: a system admin’s CSV address with a ticket for exactly those filters; a vendor gets 403, nobody signed in 401',
    run: async (c, expect) => {
      const admin = await c.signIn('system admin');
      const vendor = await c.signIn('vendor');
      const body = { action: 'auth.signIn', from: '2026-01-01', to: '2026-12-31' };

      const link = await c.call(auditApi.exportLink, { body }, admin.token);
      expect(link.status).toBe(200);
      const { url } = link.body as ExportLink;
      expect(url).toMatch(/^\/api\/audit\/export\?(.+&)?ticket=[^&]+/);
      const query = queryOf(url);
      expect(query).toEqual({ ...body, ticket: expect.any(String) as unknown });

      const otherQuery = await c.call(auditApi.export, {
        query: { ...query, action: 'user.deleted' },
      });
      expect(otherQuery).toEqual({ status: 401, body: { message: EXPORT_MESSAGES.ticketInvalid } });

      const asVendor = await c.call(auditApi.exportLink, { body }, vendor.token);
      expect(asVendor).toEqual({ status: 403, body: { message: API_MESSAGES.forbidden } });
      const signedOut = await c.call(auditApi.exportLink, { body });
      expect(signedOut).toEqual({ status: 401, body: { message: API_MESSAGES.authRequired } });
    },
  },
  {
    name: 'audit.list: a page under the filters for a system admin; 400 naming a bad filter; 403 for a vendor',
    run: async (c, expect) => {
      const admin = await c.signIn('system admin');
      const vendor = await c.signIn('driver');

      const page = await c.call(
        auditApi.list,
        { query: { user: admin.user._id, action: 'auth.signIn', limit: 5 } },
        admin.token,
      );
      expect(page.status).toBe(200);
      const parsed = auditPageSchema.parse(page.body);
      expect(parsed.entries.length).toBeLessThanOrEqual(5);
      for (const entry of parsed.entries) {
        expect(entry).toMatchObject({ action: 'auth.signIn', actor: { userId: admin.user._id } });
      }

      const bad = await c.call(auditApi.list, { query: { action: 'borrar' } }, admin.token);
      expect(bad.status).toBe(400);
      expect((bad.body as { errors: { path: string }[] }).errors.map((e) => e.path)).toEqual([
        'action',
      ]);
      const asVendor = await c.call(auditApi.list, {}, vendor.token);
      expect(asVendor).toEqual({ status: 403, body: { message: API_MESSAGES.forbidden } });
    },
  },
];
