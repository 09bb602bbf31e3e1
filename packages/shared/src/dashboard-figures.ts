import { REQUEST_STATUSES, ADMIN_ROLE, type Role } from './constants.js';
import { daysOf, medianOf, percentileOf, type Dashboard } from './dashboard.js';
import { OPEN_STATUSES, pipelineOf, type OpenStatus, type WinProbability } from './settings.js';

/*
 * Inicio's figures (issue 22) from the rows the requests' reads bring back (issue 34: one owner
 * of the arithmetic). The API's reads (apps/api/src/requests/figures.ts) group in the database;
 * the web tests' fake (apps/web/src/test/fake-api/dashboard.ts) selects the same rows from its
 * memory, one per request. Both hand them here, so neither keeps its own rules for a figure.
 */

/** Who a row counts for: an executive's id, or null for the unassigned. */
export type DashboardVendorId = string | null;

/** The rows each panel is made of, selected for the period and executive. */
export type DashboardRows = {
  /** The requests created in the period, by the furthest stage reached (index in REQUEST_STATUSES; absent before the backfill) and current status. */
  funnel: { furthest?: number | null; status?: string | null; count: number }[];
  /** Each of the 12 weeks (Monday on): the requests created in it, and those from the landing form. */
  weeks: { weekStart: string; all: number; website: number }[];
  /** The stays in a stage that ended in the period: the stage and its length (ms). */
  stays: { status: string; ms: number }[];
  /** The requests closed in the period, and in the previous one: count and amount paid. */
  closed: { count: number; total: number }[];
  closedBefore: { count: number; total: number }[];
  /** The period's closed requests by outcome result and reason. */
  outcomes: { result?: string | null; reason?: string | null; count: number }[];
  /** The expected values of the requests created in the period still open, per stage. */
  pipeline: { status: OpenStatus; total: number }[];
  winProbability: WinProbability;
  /** The whole team's (null for one executive's figures). */
  team: DashboardTeamRows | null;
};

/** Equipo's rows: the users, and the counts per executive (open and stale now, closed in the period). */
export type DashboardTeamRows = {
  users: { id: string; name: string; lastName: string; role: Role }[];
  open: { vendor: DashboardVendorId; count: number }[];
  stale: { vendor: DashboardVendorId; count: number }[];
  closed: { vendor: DashboardVendorId; count: number; total: number }[];
};

/** Every panel's figures but the period and whose they are. */
export function dashboardFigures(rows: DashboardRows): Omit<Dashboard, 'period' | 'vendor'> {
  const closed = sumOf(rows.closed);
  const previous = sumOf(rows.closedBefore);
  return {
    funnel: funnelOf(rows.funnel),
    weekly: rows.weeks.map(({ weekStart, all, website }) => ({
      weekStart,
      website,
      other: all - website,
    })),
    stageTimes: stageTimesOf(rows.stays),
    closed: {
      count: closed.count,
      amount: closed.amount,
      previousCount: previous.count,
      previousAmount: previous.amount,
    },
    outcomes: outcomesOf(rows.outcomes),
    pipeline: pipelineOf(
      Object.fromEntries(rows.pipeline.map(({ status, total }) => [status, total])),
      rows.winProbability,
    ),
    team: rows.team && teamOf(rows.team),
  };
}

// ---------------------------------------------------------------------------------------------
// Embudo

const stageAt = (status: string | null | undefined) =>
  REQUEST_STATUSES.indexOf(status as (typeof REQUEST_STATUSES)[number]);

/** How many got at least as far as each stage: the counts from the last stage back, summed. */
function funnelOf(groups: DashboardRows['funnel']): Dashboard['funnel'] {
  const last = REQUEST_STATUSES.length - 1;
  const endedAt = REQUEST_STATUSES.map(() => 0);
  for (const { furthest, status, count } of groups) {
    // Never below where it is now (a stale or missing furthestStage can't hide its stage).
    const reached = Math.max(
      typeof furthest === 'number' ? Math.trunc(furthest) : -1,
      stageAt(status),
    );
    if (reached < 0) continue;
    endedAt[Math.min(reached, last)]! += count;
  }
  let reached = 0;
  const funnel = REQUEST_STATUSES.map((status) => ({ status, reached: 0 }));
  for (let stage = last; stage >= 0; stage--) {
    reached += endedAt[stage]!;
    funnel[stage]!.reached = reached;
  }
  return funnel;
}

// ---------------------------------------------------------------------------------------------
// Tiempo en cada etapa

/** Each open stage's count, median and 90th percentile, in days (a closed stage's stays are not counted). */
function stageTimesOf(stays: DashboardRows['stays']): Dashboard['stageTimes'] {
  const byStage = new Map<string, number[]>(OPEN_STATUSES.map((status) => [status, []]));
  for (const { status, ms } of stays) byStage.get(status)?.push(ms);
  return OPEN_STATUSES.map((status) => {
    const lengths = (byStage.get(status) ?? []).sort((a, b) => a - b);
    const median = medianOf(lengths);
    const p90 = percentileOf(lengths, 90);
    return {
      status,
      count: lengths.length,
      medianDays: median === null ? null : daysOf(median),
      p90Days: p90 === null ? null : daysOf(p90),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Cerradas

const sumOf = (groups: { count: number; total: number }[]) =>
  groups.reduce(
    (sum, group) => ({ count: sum.count + group.count, amount: sum.amount + group.total }),
    { count: 0, amount: 0 },
  );

const byText = new Intl.Collator('es');

/**
 * Won, lost and "Sin resultado" (no outcome: closed before issue 21, or a null one); the lost
 * ones' reasons, most first, ties in alphabetical order.
 */
function outcomesOf(groups: DashboardRows['outcomes']): Dashboard['outcomes'] {
  const reasons = new Map<string, number>();
  const outcomes: Dashboard['outcomes'] = { won: 0, lost: 0, none: 0, lostReasons: [] };
  for (const { result, reason, count } of groups) {
    if (result === 'won') outcomes.won += count;
    else if (result === 'lost') {
      outcomes.lost += count;
      // A lost outcome always names its reason (outcome.ts); one without is counted, not listed.
      if (reason) reasons.set(reason, (reasons.get(reason) ?? 0) + count);
    } else outcomes.none += count;
  }
  outcomes.lostReasons = [...reasons]
    .map(([reason, count]) => ({ reason, count }))
    .sort((a, b) => b.count - a.count || byText.compare(a.reason, b.reason));
  return outcomes;
}

// ---------------------------------------------------------------------------------------------
// Equipo

/** Who appears with no request: the executives (vendors) and the system admins. */
const ALWAYS_LISTED = new Set<Role>(['vendor', ADMIN_ROLE]);

const byName = new Intl.Collator('es', { sensitivity: 'base' });

/**
 * The rows: every vendor and system admin, every other user with a request counted (a driver
 * may be assigned one), by name (then last name, as the users list); the unassigned last, when
 * they have any. A vendor id of no user (deleting a user unassigns its requests, so only a race
 * leaves one) has no name to show and is left out.
 */
function teamOf({ users, open, stale, closed }: DashboardTeamRows): NonNullable<Dashboard['team']> {
  type Counts = { open: number; stale: number; closed: number; amount: number };
  const rows = new Map<DashboardVendorId, Counts>();
  const rowOf = (vendor: DashboardVendorId) => {
    let row = rows.get(vendor);
    if (!row) rows.set(vendor, (row = { open: 0, stale: 0, closed: 0, amount: 0 }));
    return row;
  };
  for (const group of open) rowOf(group.vendor).open += group.count;
  for (const group of stale) rowOf(group.vendor).stale += group.count;
  for (const group of closed) {
    const row = rowOf(group.vendor);
    row.closed += group.count;
    row.amount += group.total;
  }
  const listed = users
    .filter((user) => ALWAYS_LISTED.has(user.role) || rows.has(user.id))
    .sort((a, b) => byName.compare(a.name, b.name) || byName.compare(a.lastName, b.lastName))
    .map((user) => ({
      vendor: { _id: user.id, name: `${user.name} ${user.lastName}` },
      ...(rows.get(user.id) ?? { open: 0, stale: 0, closed: 0, amount: 0 }),
    }));
  const unassigned = rows.get(null);
  return unassigned ? [...listed, { vendor: null, ...unassigned }] : listed;
}
