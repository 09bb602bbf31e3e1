import {
  api,
  API_MESSAGES,
  systemTimeZone,
  type OpenStatus,
  type Request,
  type RequestStatus,
  DASHBOARD_VENDOR_ALL,
  DASHBOARD_VENDOR_ME,
  dashboardFigures,
  instantsOf,
  periodDays,
  plusDays,
  REQUEST_STATUSES,
  staleDaysOf,
  weekStarts,
  type Dashboard,
  type ParsedDashboardQuery,
} from '@crm/shared';
import { db, isAdmin } from './db';
import { fail, fake } from './http';

// Inicio's figures (dashboard-endpoints).

// Inicio (issue 22), as dashboard.service.ts answers, from what the fake really keeps: a
// request's creation, its status history (`record`, or `moveAt` for a move at a chosen instant),
// stage, amounts and outcome. A request seeded in a stage without history was created there
// (addRequest's rule), so it has no stay that ended. Days in the runtime's zone, the API's
// APP_TIME_ZONE default. The fake only selects rows; every figure's rule is dashboardFigures'
// (packages/shared/src/dashboard-figures.ts), the API's too (issue 34).

/** Seeds a move of a stored request to `to` at `at` (an ISO instant), recorded as the API does. */
export function moveAt(request: Request, to: RequestStatus, at: string, by: string | null = null) {
  const entries = db.history.get(request._id) ?? [];
  entries.push({ at, by, field: 'status', from: request.status, to });
  db.history.set(request._id, entries);
  request.status = to;
  request.stageChangedAt = at;
}

const statusMovesOf = (request: Request) =>
  (db.history.get(request._id) ?? []).filter((entry) => entry.field === 'status');

/** The furthest stage a request has been in, as its index in REQUEST_STATUSES. */
function furthestStageOf(request: Request): number {
  const moves = statusMovesOf(request);
  const stages = [moves[0]?.from ?? request.status, ...moves.map((move) => move.to)];
  return Math.max(...stages.map((stage) => REQUEST_STATUSES.indexOf(stage as RequestStatus)));
}

/** Each stay in a stage that has ended: the stage, and when it began and ended (ms). */
function endedStaysOf(request: Request) {
  let since = Date.parse(request.createdAt);
  return statusMovesOf(request).map((move) => {
    const stay = { status: move.from as RequestStatus, start: since, end: Date.parse(move.at) };
    since = stay.end;
    return stay;
  });
}

const isOpen = (request: Request) => request.status !== 'closed';

/**
 * The rows the API's reads select (apps/api/src/requests/figures.ts), one per request, from what
 * the fake keeps; dashboardFigures (packages/shared, the API's too) makes them the panels.
 */
function dashboardOf(query: ParsedDashboardQuery, vendor: string | null, now: Date): Dashboard {
  const zone = systemTimeZone();
  const period = periodDays(query, now, zone);
  const within = (from: string, to: string) => {
    const { start, end } = instantsOf(from, to, zone);
    return (iso: string) => Date.parse(iso) >= start.getTime() && Date.parse(iso) < end.getTime();
  };
  const inPeriod = within(period.from, period.to);
  const inPrevious = within(period.previousFrom, period.previousTo);
  const mine = db.requests.filter((request) => vendor === null || request.vendor === vendor);
  const created = mine.filter((request) => inPeriod(request.createdAt));
  const closedIn = (requests: Request[], inRange: (iso: string) => boolean) =>
    requests.filter((request) => request.status === 'closed' && inRange(request.stageChangedAt));
  const closed = closedIn(mine, inPeriod);
  const one = (request: Request) => ({ vendor: request.vendor, count: 1 });
  const paid = (request: Request) => ({ ...one(request), total: request.amoutPaid });
  const open = db.requests.filter(isOpen);

  return {
    period,
    vendor,
    ...dashboardFigures({
      funnel: created.map((request) => ({
        furthest: furthestStageOf(request),
        status: request.status,
        count: 1,
      })),
      weeks: weekStarts(now, zone).map((weekStart) => {
        const week = mine.filter((request) =>
          within(weekStart, plusDays(weekStart, 6))(request.createdAt),
        );
        const website = week.filter((request) => request.sourceOfContact === 'website');
        return { weekStart, all: week.length, website: website.length };
      }),
      stays: mine
        .flatMap(endedStaysOf)
        .filter((stay) => inPeriod(new Date(stay.end).toISOString()))
        .map(({ status, start, end }) => ({ status, ms: end - start })),
      closed: closed.map(paid),
      closedBefore: closedIn(mine, inPrevious).map(paid),
      outcomes: closed.map((request) => ({ ...request.outcome, count: 1 })),
      pipeline: created.filter(isOpen).map((request) => ({
        status: request.status as OpenStatus,
        total: request.expectedValue ?? 0,
      })),
      winProbability: db.settings.winProbability,
      team:
        vendor === null
          ? {
              users: db.users.map((user) => ({ ...user, id: user._id })),
              open: open.map(one),
              stale: open
                .filter((request) => staleDaysOf(request, db.settings.staleDays, now) !== null)
                .map(one),
              closed: closed.map(paid),
            }
          : null,
    }),
  };
}

export const dashboardRoutes = [
  fake(api.dashboard.get, ({ input, user }) => {
    const asked =
      input.query.vendor ?? (isAdmin(user) ? DASHBOARD_VENDOR_ALL : DASHBOARD_VENDOR_ME);
    const vendor =
      asked === DASHBOARD_VENDOR_ALL ? null : asked === DASHBOARD_VENDOR_ME ? user._id : asked;
    // Only a system admin sees someone else's figures or the whole team's.
    if (vendor !== user._id && !isAdmin(user)) return fail(403, API_MESSAGES.forbidden);
    if (vendor !== null && !db.users.some((u) => u._id === vendor)) {
      return fail(400, API_MESSAGES.unknownExecutive, [
        { path: 'vendor', message: API_MESSAGES.unknownExecutive },
      ]);
    }
    return dashboardOf(input.query, vendor, new Date());
  }),
];
