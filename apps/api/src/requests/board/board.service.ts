import { Types, type FilterQuery } from 'mongoose';
import {
  BOARD_COLUMNS,
  HIDDEN_MATCHES_CAP,
  HIDING_FILTER_KEYS,
  OPEN_STATUSES,
  REQUEST_STATUSES,
  VENDOR_FILTER_ME,
  VENDOR_FILTER_NONE,
  agendaBounds,
  dueRange,
  type api,
  encodeBoardCursor,
  type AgendaBounds,
  type Board,
  type BoardCursor,
  type BoardFilters,
  type ColumnPage,
  type EndpointInput,
  type NextActionFilter,
  type OutcomeFilter,
  type RequestStatus,
} from '@crm/shared';
import type { AppContext } from '../../context.js';
import { groupTotals, totalsPipeline, type GroupTotal } from '../../db/group-totals.js';
import type { Caller } from '../../auth/index.js';
import { dueConditions } from '../agenda/due-filter.js';
import { toRequestJson } from '../requests.service.js';
import { REQUEST_FIELDS_ONLY, type RequestDoc } from '../request.model.js';

type BoardQuery = EndpointInput<typeof api.requests.board>['query'];
type ColumnQuery = EndpointInput<typeof api.requests.column>['query'];
type RequestFilter = FilterQuery<RequestDoc>;

/** The order of a column, and of the indexes { status, createdAt, _id } that serve it. */
const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

/** The text fields `q` looks into (§3 contact fields). */
const SEARCHED_FIELDS = ['name', 'email', 'company', 'contactNumber'] as const;

/**
 * `q` is text, never a pattern: "a.b" must not match "axb", nor "(" fail. It is one line
 * (boardFilterShape): a NUL could not even be sent, a BSON regex being a C string (issue 18).
 */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A case-insensitive substring in any searched field; a whole number is also a request number. */
function searchClause(q: string): RequestFilter {
  const pattern = new RegExp(escapeRegExp(q), 'i');
  const clauses: RequestFilter[] = SEARCHED_FIELDS.map((field) => ({ [field]: pattern }));
  const asNumber = Number(q);
  if (/^\d+$/.test(q) && Number.isSafeInteger(asNumber)) {
    clauses.push({ requestNumber: asNumber });
  }
  return { $or: clauses };
}

/**
 * "me" is the caller, "none" the unassigned (null, as assign-vendor stores it). An ObjectId,
 * not the string: aggregate's $match is sent as written, without mongoose's casting.
 */
function vendorValue(vendor: string, callerId: string): Types.ObjectId | null {
  if (vendor === VENDOR_FILTER_NONE) return null;
  return new Types.ObjectId(vendor === VENDOR_FILTER_ME ? callerId : vendor);
}

const DUE_AT = 'nextActivity.dueAt';

/** `next=`'s ranges as the agenda's: "this week" is today's and the next seven days'. */
const NEXT_RANGES = {
  overdue: ['overdue', 'overdue'],
  today: ['today', 'today'],
  week: ['today', 'week'],
} as const;

/**
 * `next=` (issue 20) on the request's next activity, in the agenda's ranges (agendaBucketOf) at
 * `bounds.now` in the caller's zone: a timed one by its instant, a date-only one by its day in
 * the caller's calendar (issue 32). None: no open activity (no `nextActivity`, so no dueAt: null
 * equality, which the index { status, nextActivity.dueAt, … } reads as a key). Each other is one
 * range of dueAt for the index (the instants the range's activities can have); the `$or` settles
 * the rest (today's timed activities already past, the date-only ones' days) on the documents of
 * that range.
 */
function nextActionClauses(next: NextActionFilter, bounds?: AgendaBounds): RequestFilter[] {
  if (next === 'none') return [{ [DUE_AT]: null }];
  // A programming error, never the caller's: boardBounds gives them for every range.
  if (!bounds) throw new Error(`next=${next} needs the day bounds`);
  const [first, last] = NEXT_RANGES[next];
  const { envelope, exact } = dueConditions(dueRange(first, bounds, last), 'nextActivity.');
  const instants = {
    ...(envelope.from && { $gte: envelope.from }),
    ...(envelope.before && { $lt: envelope.before }),
  };
  return [{ [DUE_AT]: instants }, exact];
}

/**
 * `outcome=` (issue 21, "Resultado") narrows CERRADO only: the open stages pass whatever it says,
 * closed requests by their result, `none` those without one (null equality: a request closed
 * before issue 21 has no `outcome` at all). A filter valid for every status as it stands (the
 * board's counts read it so); columnFilter resolves it for one column, where CERRADO's is then
 * an equality the index { status, outcome.result, createdAt, _id } serves.
 */
function outcomeClause(outcome: OutcomeFilter): RequestFilter[] {
  return [
    { status: { $in: [...OPEN_STATUSES] } },
    { status: 'closed', 'outcome.result': outcome === 'none' ? null : outcome },
  ];
}

/**
 * The board's filters as one MongoDB filter, without status or cursor. `bounds` (boardBounds)
 * are needed only by a `next` filter with a due range. Its top-level `$or` is the outcome
 * clause, and only that (the others' alternatives sit in `$and`).
 */
export function filterFor(
  filters: BoardFilters,
  callerId: string,
  bounds?: AgendaBounds,
): RequestFilter {
  const filter: RequestFilter = {};
  const and: RequestFilter[] = [];
  if (filters.vendor) filter.vendor = vendorValue(filters.vendor, callerId);
  if (filters.priority) filter.priority = filters.priority;
  if (filters.requestType) filter.requestType = filters.requestType;
  // An empty q (only blanks, trimmed away) filters nothing.
  if (filters.q) and.push(searchClause(filters.q));
  if (filters.next) {
    // The range goes to the top level, where the planner bounds the index with it.
    for (const clause of nextActionClauses(filters.next, bounds)) {
      if ('$or' in clause) and.push(clause);
      else Object.assign(filter, clause);
    }
  }
  if (and.length > 0) filter.$and = and;
  if (filters.outcome) filter.$or = outcomeClause(filters.outcome);
  return filter;
}

/**
 * The day bounds a `next=` range is read in: `now` (ctx.clock's), in the caller's own zone (their
 * preference, else APP_TIME_ZONE). Not worked out without such a filter.
 */
export function boardBounds(
  filters: BoardFilters,
  timeZone: string,
  now: Date,
): AgendaBounds | undefined {
  if (!filters.next || filters.next === 'none') return undefined;
  return agendaBounds(now, timeZone);
}

/**
 * Strictly after `position` in newest-first order. A keyset, not an offset: requests created
 * or moved meanwhile can't shift what comes next, so nothing is listed twice or skipped. The
 * `$lte` gives the index a tight range; the `$or` settles ties on createdAt by _id.
 */
const after = (position: BoardCursor): RequestFilter => ({
  createdAt: { $lte: new Date(position.createdAt) },
  $or: [
    { createdAt: { $lt: new Date(position.createdAt) } },
    { _id: { $lt: new Types.ObjectId(position._id) } },
  ],
});

/**
 * One column's filter: the board's with its status, and the page's position if any. The outcome
 * clause (filterFor's top-level `$or`) comes down to what it asks of this column: nothing of an
 * open one, its branch's equality of CERRADO.
 */
export function columnFilter(
  status: RequestStatus,
  filter: RequestFilter,
  position?: BoardCursor,
): RequestFilter {
  const { $or: byOutcome, ...rest } = filter;
  const closedBranch = byOutcome?.find((branch) => branch.status === 'closed');
  const column: RequestFilter = {
    ...rest,
    ...(status === 'closed' && closedBranch),
    status,
  };
  if (!position) return column;
  return { ...column, $and: [...(filter.$and ?? []), after(position)] };
}

const cursorAt = (doc: RequestDoc) =>
  encodeBoardCursor({ createdAt: doc.createdAt.toISOString(), _id: doc._id.toHexString() });

/**
 * The read of one column's page, one more than asked to know whether another page follows.
 * Returned unrun, so index-bound.test.ts explains exactly what the endpoints run.
 */
export const pageQuery = (
  ctx: AppContext,
  status: RequestStatus,
  filter: RequestFilter,
  limit: number,
  position?: BoardCursor,
) =>
  ctx.models.Request.find(columnFilter(status, filter, position), REQUEST_FIELDS_ONLY)
    .sort(NEWEST_FIRST)
    .limit(limit + 1)
    .lean<RequestDoc[]>();

/** One page of a column. */
async function pageOf(
  ctx: AppContext,
  status: RequestStatus,
  filter: RequestFilter,
  limit: number,
  position?: BoardCursor,
): Promise<Omit<ColumnPage, 'count' | 'totalValue'>> {
  const docs = await pageQuery(ctx, status, filter, limit, position);
  const items = docs.slice(0, limit);
  const last = items.at(-1);
  return {
    items: items.map(toRequestJson),
    nextCursor: docs.length > limit && last ? cursorAt(last) : null,
  };
}

type ColumnTotals = Pick<ColumnPage, 'count' | 'totalValue' | 'outcomeValues'>;

/**
 * A group's count and the sum of its expected values (issue 21): $sum counts a null or missing
 * `expectedValue` (none estimated, or stored before issue 21) as 0, on MongoDB and FerretDB 1.x.
 */
const SUMMED = '$expectedValue';

/**
 * The definitions of the column totals, one each (issue 33):
 * - `count`: the requests in the stage under the board's filters;
 * - `totalValue` ("Total estimado"): the sum of their expected values, none counting 0;
 * - `outcomeValues`, CERRADO only: that sum for the won and for the lost apart (a request closed
 *   without an outcome is in neither), so a lost deal never adds to a won one.
 * The web's "Pipeline abierto" is the open columns' `totalValue` summed (shared pipelineOf).
 */
const OUTCOME = '$outcome.result';

/** The totals of a column without a request: CERRADO's split says 0 and 0. */
const noRequests = (status: RequestStatus): ColumnTotals => ({
  count: 0,
  totalValue: 0,
  ...(status === 'closed' && { outcomeValues: { won: 0, lost: 0 } }),
});

/** Adds a group of one stage and one outcome to that stage's totals. */
function addGroup(
  totals: Map<RequestStatus, ColumnTotals>,
  status: RequestStatus,
  result: unknown,
  group: { count: number; total: number },
) {
  const column = totals.get(status) ?? noRequests(status);
  const { outcomeValues } = column;
  totals.set(status, {
    count: column.count + group.count,
    totalValue: column.totalValue + group.total,
    ...(outcomeValues && {
      outcomeValues: {
        won: outcomeValues.won + (result === 'won' ? group.total : 0),
        lost: outcomeValues.lost + (result === 'lost' ? group.total : 0),
      },
    }),
  });
}

/** A stage and an outcome (absent when the request has none: MongoDB leaves a missing field out). */
type StageOutcome = { status: RequestStatus; result?: string | null };
const BY_STAGE_AND_OUTCOME = { status: '$status', result: OUTCOME } as const;

/** The board's counts read the five statuses: one range of the indexes led by status. */
const countsMatch = (filter: RequestFilter): RequestFilter => ({
  ...filter,
  status: { $in: [...REQUEST_STATUSES] },
});

/**
 * Every column's count and value in one pass, grouped by the database: never by reading
 * requests into Node. One pass rather than five reads: on MongoDB the same index range (the
 * status bounds keep the filter's part index-bound; the sum reads the documents counted), on
 * FerretDB one collection scan per accumulator instead of five, as it pushes little of a filter
 * down. Grouped by stage and outcome (at most 5 + 2 groups), so CERRADO's won and lost come
 * apart in the same pass (issue 33). Returned unrun, in MongoDB's form, so index-bound.test.ts
 * explains what the board runs.
 */
export const countsQuery = (ctx: AppContext, filter: RequestFilter) =>
  ctx.models.Request.aggregate<GroupTotal<StageOutcome>>(
    totalsPipeline(countsMatch(filter), BY_STAGE_AND_OUTCOME, SUMMED),
  );

/** Every column's totals, in one aggregation (two on FerretDB 1.x, db/group-totals.ts). */
async function totalsByStatus(
  ctx: AppContext,
  filter: RequestFilter,
): Promise<Map<RequestStatus, ColumnTotals>> {
  const groups = await groupTotals<StageOutcome>(
    ctx.connection,
    ctx.models.Request,
    countsMatch(filter),
    BY_STAGE_AND_OUTCOME,
    SUMMED,
  );
  const totals = new Map<RequestStatus, ColumnTotals>();
  for (const group of groups) addGroup(totals, group._id.status, group._id.result, group);
  return totals;
}

/** CERRADO's totals are grouped by outcome; any other column's are one group. */
const columnGroupBy = (status: RequestStatus) => (status === 'closed' ? OUTCOME : null);

/** One column's count and value: one read, the range its page walks (not the page's length). */
export const columnTotalsQuery = (ctx: AppContext, status: RequestStatus, filter: RequestFilter) =>
  ctx.models.Request.aggregate<GroupTotal<string | null>>(
    totalsPipeline(columnFilter(status, filter), columnGroupBy(status), SUMMED),
  );

async function columnTotals(
  ctx: AppContext,
  status: RequestStatus,
  filter: RequestFilter,
): Promise<ColumnTotals> {
  const groups = await groupTotals<string | null>(
    ctx.connection,
    ctx.models.Request,
    columnFilter(status, filter),
    columnGroupBy(status),
    SUMMED,
  );
  const totals = new Map<RequestStatus, ColumnTotals>();
  for (const group of groups) addGroup(totals, status, group._id, group);
  return totals.get(status) ?? noRequests(status);
}

/**
 * Issue 33: the requests the search alone matches that the other filters hide, counted up to
 * one past HIDDEN_MATCHES_CAP. The search's counts' range (the five statuses, the documents
 * tested for `q`), less what the filters let through (`$nor`), and the count stops at the cap.
 * Returned unrun, so index-bound.test.ts explains it.
 */
export const hiddenMatchesQuery = (
  ctx: AppContext,
  filters: BoardFilters & { q: string },
  callerId: string,
  bounds?: AgendaBounds,
) =>
  ctx.models.Request.aggregate<{ count: number }>([
    {
      $match: {
        ...countsMatch(filterFor({ q: filters.q }, callerId)),
        $nor: [filterFor({ ...filters, q: undefined }, callerId, bounds)],
      },
    },
    { $limit: HIDDEN_MATCHES_CAP + 1 },
    { $count: 'count' },
  ]);

/** The board's `hiddenMatches`: only with a search and a filter that can hide its matches. */
async function hiddenMatches(
  ctx: AppContext,
  query: BoardQuery,
  callerId: string,
  bounds?: AgendaBounds,
): Promise<Board['hiddenMatches']> {
  const { q } = query;
  if (!q || !HIDING_FILTER_KEYS.some((key) => query[key])) return undefined;
  const [counted] = await hiddenMatchesQuery(ctx, { ...query, q }, callerId, bounds);
  const count = counted?.count ?? 0;
  return { count: Math.min(count, HIDDEN_MATCHES_CAP), more: count > HIDDEN_MATCHES_CAP };
}

/** GET /api/form-contact/board: the five columns in board order (§2), each with its first page. */
export async function getBoard(ctx: AppContext, query: BoardQuery, caller: Caller): Promise<Board> {
  const bounds = boardBounds(query, caller.timeZone, ctx.clock.now());
  const filter = filterFor(query, caller.userId, bounds);
  const [totals, pages, hidden] = await Promise.all([
    totalsByStatus(ctx, filter),
    Promise.all(BOARD_COLUMNS.map(({ status }) => pageOf(ctx, status, filter, query.limit))),
    hiddenMatches(ctx, query, caller.userId, bounds),
  ]);
  return {
    columns: BOARD_COLUMNS.map(({ status }, index) => ({
      status,
      ...(totals.get(status) ?? noRequests(status)),
      items: pages[index]?.items ?? [],
      nextCursor: pages[index]?.nextCursor ?? null,
    })),
    ...(hidden && { hiddenMatches: hidden }),
  };
}

/** GET /api/form-contact?status&cursor: the page of one column after the cursor. */
export async function getColumnPage(
  ctx: AppContext,
  query: ColumnQuery,
  caller: Caller,
): Promise<ColumnPage> {
  const filter = filterFor(
    query,
    caller.userId,
    boardBounds(query, caller.timeZone, ctx.clock.now()),
  );
  const [page, totals] = await Promise.all([
    pageOf(ctx, query.status, filter, query.limit, query.cursor),
    columnTotals(ctx, query.status, filter),
  ]);
  return { ...page, ...totals };
}
