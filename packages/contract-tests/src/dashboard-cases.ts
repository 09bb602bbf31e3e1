import {
  ADMIN_ROLE,
  API_MESSAGES,
  api,
  dashboardSchema,
  type Dashboard,
  type RequestStatus,
} from '@crm/shared';
import type { ContractCase, ContractClient } from './client.js';
import { UNKNOWN_ID, fieldError, newRequest, uniqueName } from './fixtures.js';

/**
 * Inicio (issue 22; issue 34: the fake's figures come from the same shared arithmetic, and these
 * cases hold both backends to the same answer). A fresh executive's figures are exact whatever
 * other cases stored; the whole team's are checked for the rows a screen shows. The period is the
 * last 30 days, so a request created now is in it in any time zone.
 */

const PERIOD = { period: 'last30' } as const;

/** A request created by the admin and assigned to `vendorId`. */
async function assigned(c: ContractClient, adminToken: string, vendorId: string) {
  const created = await c.call(
    api.requests.create,
    { body: { ...newRequest, name: uniqueName() } },
    adminToken,
  );
  const { _id: id } = created.body as { _id: string };
  await c.call(api.requests.assignVendor, { body: { formId: id, vendorId } }, adminToken);
  return id;
}

const move = (
  c: ContractClient,
  token: string,
  id: string,
  body: { from: RequestStatus; to: RequestStatus; outcome?: unknown; amoutPaid?: number },
) => c.call(api.requests.move, { params: { id }, body }, token);

/**
 * A fresh executive with three requests: one contacted then closed lost ("Precio"), one closed won
 * straight from new with 1.000 paid, one still new.
 */
async function executiveWithThree(c: ContractClient) {
  const admin = await c.signIn(ADMIN_ROLE);
  const vendor = await c.signIn('vendor');
  const [lost, won] = [
    await assigned(c, admin.token, vendor.user._id),
    await assigned(c, admin.token, vendor.user._id),
    await assigned(c, admin.token, vendor.user._id),
  ];
  await move(c, admin.token, lost, { from: 'new request', to: 'contacted' });
  await move(c, admin.token, lost, {
    from: 'contacted',
    to: 'closed',
    outcome: { result: 'lost', reason: 'Precio' },
  });
  await move(c, admin.token, won, {
    from: 'new request',
    to: 'closed',
    outcome: { result: 'won' },
    amoutPaid: 1000,
  });
  return { admin, vendor };
}

export const dashboardContractCases: ContractCase[] = [
  {
    name: 'dashboard.get: one executive’s figures: funnel by the furthest stage (a skipped stage is passed), stays, closings, outcomes and reasons, weeks; no team',
    run: async (c, expect) => {
      const { admin, vendor } = await executiveWithThree(c);

      const asAdmin = await c.call(
        api.dashboard.get,
        { query: { ...PERIOD, vendor: vendor.user._id } },
        admin.token,
      );
      expect(asAdmin.status).toBe(200);
      const figures = dashboardSchema.parse(asAdmin.body);
      expect(figures).toMatchObject({
        vendor: vendor.user._id,
        funnel: [
          { status: 'new request', reached: 3 },
          { status: 'contacted', reached: 2 },
          { status: 'quote sent', reached: 2 },
          { status: 'follow up', reached: 2 },
          { status: 'closed', reached: 2 },
        ],
        closed: { count: 2, amount: 1000, previousCount: 0, previousAmount: 0 },
        outcomes: { won: 1, lost: 1, none: 0, lostReasons: [{ reason: 'Precio', count: 1 }] },
        pipeline: { total: 0, forecast: 0 },
        team: null,
      });
      // Stays of seconds: counted, 0 days.
      expect(figures.stageTimes).toEqual([
        { status: 'new request', count: 2, medianDays: 0, p90Days: 0 },
        { status: 'contacted', count: 1, medianDays: 0, p90Days: 0 },
        { status: 'quote sent', count: 0, medianDays: null, p90Days: null },
        { status: 'follow up', count: 0, medianDays: null, p90Days: null },
      ]);
      expect(figures.weekly).toHaveLength(12);
      expect(figures.weekly.at(-1)).toMatchObject({ website: 0, other: 3 });

      // The executive's own (no `vendor=`, or "me"): the very same figures.
      const own = await c.call(api.dashboard.get, { query: PERIOD }, vendor.token);
      expect(own).toEqual({ status: 200, body: asAdmin.body as Dashboard });
      const me = await c.call(
        api.dashboard.get,
        { query: { ...PERIOD, vendor: 'me' } },
        vendor.token,
      );
      expect(me).toEqual(own);
    },
  },
  {
    name: 'dashboard.get: the whole team for a system admin: every executive and admin listed (with nothing or not) by name, the unassigned last',
    run: async (c, expect) => {
      const { admin, vendor } = await executiveWithThree(c);

      const answer = await c.call(api.dashboard.get, { query: PERIOD }, admin.token);
      expect(answer.status).toBe(200);
      const { vendor: whose, team } = dashboardSchema.parse(answer.body);
      expect(whose).toBeNull();
      const rows = team ?? [];
      expect(rows.find((row) => row.vendor?._id === vendor.user._id)).toMatchObject({
        open: 1,
        closed: 2,
        amount: 1000,
      });
      // The admin asking has no request, and is listed all the same.
      expect(rows.find((row) => row.vendor?._id === admin.user._id)).toMatchObject({
        open: 0,
        closed: 0,
        amount: 0,
      });
      const unassigned = rows.findIndex((row) => row.vendor === null);
      expect(unassigned === -1 || unassigned === rows.length - 1).toBe(true);
    },
  },
  {
    name: 'dashboard.get: a vendor sees only their own (403 for the team or someone else); an unknown executive is 400 on `vendor`; 400 on a bad period',
    run: async (c, expect) => {
      const admin = await c.signIn(ADMIN_ROLE);
      const vendor = await c.signIn('vendor');
      const forbidden = { status: 403, body: { message: API_MESSAGES.forbidden } };

      expect(await c.call(api.dashboard.get, { query: { vendor: 'all' } }, vendor.token)).toEqual(
        forbidden,
      );
      expect(
        await c.call(api.dashboard.get, { query: { vendor: admin.user._id } }, vendor.token),
      ).toEqual(forbidden);
      expect(
        await c.call(api.dashboard.get, { query: { vendor: UNKNOWN_ID } }, admin.token),
      ).toEqual(fieldError(400, 'vendor', API_MESSAGES.unknownExecutive));
      const badPeriod = await c.call(api.dashboard.get, { query: { period: 'año' } }, admin.token);
      expect(badPeriod.status).toBe(400);
      expect((badPeriod.body as { errors: { path: string }[] }).errors[0]?.path).toBe('period');
      expect(await c.call(api.dashboard.get, {})).toEqual({
        status: 401,
        body: { message: API_MESSAGES.authRequired },
      });
    },
  },
];
