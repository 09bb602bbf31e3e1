import {
  api,
  API_MESSAGES,
  systemTimeZone,
  type Request,
  type RequestStatus,
  DASHBOARD_VENDOR_ALL,
  DASHBOARD_VENDOR_ME,
  daysOf,
  instantsOf,
  medianOf,
  OPEN_STATUSES,
  percentileOf,
  periodDays,
  pipelineOf,
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

// Inicio (issue 22), as dashboard.service.ts answers, computed from what the fake really keeps:
// a request's creation, its status history (`record`, or `moveAt` for a move at a chosen
// instant), stage, amounts and outcome. A request seeded in a stage without history was
// created there (addRequest's rule), so it has no stay that ended. Days in the runtime's zone,
// the API's APP_TIME_ZONE default. A test that needs other figures answers them itself
// (answers.ts).

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

function dashboardOf(query: ParsedDashboardQuery, vendor: string | null, now: Date): Dashboard {
  const zone = systemTimeZone();
  const period = periodDays(query, now, zone);
  const within = (from: string, to: string) => {
    const { start, end } = instantsOf(from, to, zone);
    return (iso: string) => Date.parse(iso) >= start.getTime() && Date.parse(iso) < end.getTime();
  };
  const inPeriod = within(period.from, period.to);
  const inPrevious = within(period.previousFrom, period.previousTo);
  const { start, end } = instantsOf(period.from, period.to, zone);
  const mine = db.requests.filter((request) => vendor === null || request.vendor === vendor);
  const created = mine.filter((request) => inPeriod(request.createdAt));
  const closedIn = (inRange: (iso: string) => boolean) =>
    mine.filter((request) => request.status === 'closed' && inRange(request.stageChangedAt));
  const closed = closedIn(inPeriod);
  const previous = closedIn(inPrevious);
  const paid = (requests: Request[]) => requests.reduce((sum, r) => sum + r.amoutPaid, 0);

  const stays = mine.flatMap(endedStaysOf).filter((stay) => {
    return stay.end >= start.getTime() && stay.end < end.getTime();
  });
  const lostReasons = new Map<string, number>();
  for (const request of closed) {
    if (request.outcome?.result !== 'lost') continue;
    const reason = request.outcome.reason ?? '';
    lostReasons.set(reason, (lostReasons.get(reason) ?? 0) + 1);
  }
  const openValues: Partial<Record<RequestStatus, number>> = {};
  for (const request of created.filter(isOpen)) {
    openValues[request.status] = (openValues[request.status] ?? 0) + (request.expectedValue ?? 0);
  }

  return {
    period,
    vendor,
    funnel: REQUEST_STATUSES.map((status, index) => ({
      status,
      reached: created.filter((request) => furthestStageOf(request) >= index).length,
    })),
    weekly: weekStarts(now, zone).map((weekStart) => {
      const inWeek = within(weekStart, plusDays(weekStart, 6));
      const week = mine.filter((request) => inWeek(request.createdAt));
      const website = week.filter((request) => request.sourceOfContact === 'website').length;
      return { weekStart, website, other: week.length - website };
    }),
    stageTimes: OPEN_STATUSES.map((status) => {
      const days = stays
        .filter((stay) => stay.status === status)
        .map((stay) => stay.end - stay.start)
        .sort((a, b) => a - b);
      const median = medianOf(days);
      const p90 = percentileOf(days, 90);
      return {
        status,
        count: days.length,
        medianDays: median === null ? null : daysOf(median),
        p90Days: p90 === null ? null : daysOf(p90),
      };
    }),
    closed: {
      count: closed.length,
      amount: paid(closed),
      previousCount: previous.length,
      previousAmount: paid(previous),
    },
    outcomes: {
      won: closed.filter((request) => request.outcome?.result === 'won').length,
      lost: closed.filter((request) => request.outcome?.result === 'lost').length,
      none: closed.filter((request) => !request.outcome).length,
      lostReasons: [...lostReasons]
        .map(([reason, count]) => ({ reason, count }))
        .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
    },
    pipeline: pipelineOf(openValues, db.settings.winProbability),
    team: vendor === null ? teamOf(closed, now) : null,
  };
}

/** Per executive with open requests or some closed in the period (null: unassigned). */
function teamOf(closedInPeriod: Request[], now: Date): NonNullable<Dashboard['team']> {
  const rows = new Map<string | null, NonNullable<Dashboard['team']>[number]>();
  const rowOf = (vendorId: string | null) => {
    let row = rows.get(vendorId);
    if (!row) {
      const user = db.users.find((u) => u._id === vendorId);
      const vendor =
        vendorId === null
          ? null
          : { _id: vendorId, name: user ? `${user.name} ${user.lastName}` : '' };
      row = { vendor, open: 0, stale: 0, closed: 0, amount: 0 };
      rows.set(vendorId, row);
    }
    return row;
  };
  for (const request of db.requests.filter(isOpen)) {
    const row = rowOf(request.vendor);
    row.open += 1;
    if (staleDaysOf(request, db.settings.staleDays, now) !== null) row.stale += 1;
  }
  for (const request of closedInPeriod) {
    const row = rowOf(request.vendor);
    row.closed += 1;
    row.amount += request.amoutPaid;
  }
  return [...rows.values()];
}

export const dashboardHandlers = [
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
