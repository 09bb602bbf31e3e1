import { Types } from 'mongoose';
import {
  API_MESSAGES,
  DASHBOARD_VENDOR_ALL,
  DASHBOARD_VENDOR_ME,
  dashboardFigures,
  instantsOf,
  periodDays,
  type Dashboard,
  type ParsedDashboardQuery,
} from '@crm/shared';
import type { Caller } from '../auth/index.js';
import type { AppContext } from '../context.js';
import { supportsElemMatchOnDocuments } from '../db/server-features.js';
import { fieldError, forbidden } from '../http/app-error.js';
import { getSettings } from '../settings/index.js';
import {
  closedTotals,
  funnelQuery,
  outcomesQuery,
  pipelineQuery,
  staysQuery,
  type Scope,
} from '../requests/index.js';
import { weeksOf } from './figures.js';
import { teamRowsOf } from './team.js';

/** Who asks: their id and zone, and whether they are a system admin. */
export type DashboardCaller = Caller & { admin: boolean };

/**
 * Whose figures (`vendor=`): the caller's own for `me` or their own id; anyone else's, or the
 * whole team's (null), for a system admin only (403, before saying whether the id is a user's).
 * Absent: the whole team for a system admin, their own for everyone else.
 */
async function whoseFigures(
  ctx: AppContext,
  asked: string | undefined,
  caller: DashboardCaller,
): Promise<string | null> {
  const vendor = asked ?? (caller.admin ? DASHBOARD_VENDOR_ALL : DASHBOARD_VENDOR_ME);
  if (vendor === DASHBOARD_VENDOR_ME || vendor === caller.userId) return caller.userId;
  if (!caller.admin) throw forbidden();
  if (vendor === DASHBOARD_VENDOR_ALL) return null;
  if (!(await ctx.users.exists(vendor))) {
    throw fieldError('vendor', API_MESSAGES.unknownExecutive);
  }
  return vendor;
}

/**
 * GET /api/dashboard: every panel's figures for the period and executive, read from the database
 * on each call (no cache: a move shows on the next load), the reads in parallel. The period's days
 * are the caller's (their zone, else APP_TIME_ZONE).
 */
export async function getDashboard(
  ctx: AppContext,
  query: ParsedDashboardQuery,
  caller: DashboardCaller,
): Promise<Dashboard> {
  const vendor = await whoseFigures(ctx, query.vendor, caller);
  const now = ctx.clock.now();
  const { timeZone } = caller;
  const days = periodDays(query, now, timeZone);
  const period = instantsOf(days.from, days.to, timeZone);
  const previous = instantsOf(days.previousFrom, days.previousTo, timeZone);
  // ObjectIds, not strings: aggregate's $match is sent as written, without mongoose's casting.
  const scope: Scope = vendor ? { vendor: new Types.ObjectId(vendor) } : {};
  const withTeam = vendor === null;

  const settings = getSettings(ctx);
  // The team's rows share the period's closed read, grouped by executive.
  const closedNow = closedTotals(ctx, scope, period, withTeam);
  const [funnel, weeks, stays, closed, closedBefore, outcomes, pipeline, { winProbability }, team] =
    await Promise.all([
      funnelQuery(ctx, scope, period),
      weeksOf(ctx, scope, now, timeZone),
      supportsElemMatchOnDocuments(ctx.connection).then((elemMatch) =>
        staysQuery(ctx, scope, period, elemMatch),
      ),
      closedNow,
      closedTotals(ctx, scope, previous, false),
      outcomesQuery(ctx, scope, period),
      pipelineQuery(ctx, scope, period),
      settings,
      withTeam
        ? settings.then(({ staleDays }) => teamRowsOf(ctx, staleDays, now, closedNow))
        : Promise.resolve(null),
    ]);
  // The rows become the panels in packages/shared (dashboard-figures.ts), as in the web tests' fake.
  return {
    period: days,
    vendor,
    ...dashboardFigures({
      funnel: funnel.map(({ _id, count }) => ({ ..._id, count })),
      weeks,
      stays: stays.map(({ stageVisits }) => stageVisits),
      closed,
      closedBefore,
      outcomes: outcomes.map(({ _id, count }) => ({ ..._id, count })),
      pipeline: pipeline.map(({ _id, total }) => ({ status: _id, total })),
      winProbability,
      team,
    }),
  };
}
