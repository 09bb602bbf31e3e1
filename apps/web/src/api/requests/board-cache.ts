import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { Board, BoardFilters, ColumnPage, Request, RequestStatus } from '@crm/shared';
import {
  allColumnsQueryKey,
  allRequestsKey,
  columnQueryKey,
  type ColumnData,
  type ColumnIdPage,
} from './query-keys';
import { sameValue } from '../../lib/same-value';
import { getSession } from '../../lib/session-store';
import { exactFilterCheck } from './column-filter';
import {
  isOlderThan,
  readRecord,
  removeRecord,
  writeListedRecords,
  writeRecord,
} from './request-records';

/**
 * The board's cache, as Twenty's record board keeps it: each request once, by id (its record,
 * request-records.ts), and each column of each filter set as an infinite query of newest-first
 * pages of ids. A card reads its record, so a save changes one record and redraws the cards
 * showing it, and no column; a move, a create or a delete also changes the id lists it touches,
 * without a call where the answer is certain. Where it depends on the server's filtering (a
 * filtered column the request may have entered or left, under a filter the browser can't apply
 * as the server does: column-filter.ts) that column alone is refetched. The board call itself is
 * never repeated: it only seeds the columns.
 */
type ColumnKeyQuery = BoardFilters & { status: RequestStatus };

/** A column page from the server: its requests into their records, the page into their ids. */
export function listColumnPage(
  queryClient: QueryClient,
  { items, count, totalValue, outcomeValues, nextCursor }: ColumnPage,
): ColumnIdPage {
  writeListedRecords(queryClient, items);
  return {
    ids: items.map((item) => item._id),
    count,
    totalValue,
    ...(outcomeValues && { outcomeValues }),
    nextCursor,
  };
}

/** The first pages of the board call become each column's first page. */
export function seedColumns(queryClient: QueryClient, filters: BoardFilters, board: Board) {
  for (const { status, ...page } of board.columns) {
    queryClient.setQueryData<ColumnData>(columnQueryKey(filters, status), {
      pages: [listColumnPage(queryClient, page)],
      pageParams: [null],
    });
  }
}

/**
 * The fields the filters read: a change to one may move a request in or out of a filtered column.
 * "Próxima acción" and "Resultado" read objects (the next activity, the outcome), so every field
 * is compared by value.
 */
const FILTERED_FIELDS = [
  'name',
  'email',
  'company',
  'contactNumber',
  'vendor',
  'priority',
  'requestType',
  'nextActivity',
  'outcome',
] as const satisfies readonly (keyof Request)[];

/** "Resultado" (issue 21) narrows CERRADO only: the open columns show the same under it. */
const isFiltered = ({ q, vendor, priority, requestType, next, outcome, status }: ColumnKeyQuery) =>
  Boolean(q || vendor || priority || requestType || next || (outcome && status === 'closed'));

const filteredFieldsChanged = (before: Request, after: Request) =>
  FILTERED_FIELDS.some((field) => !sameValue(before[field], after[field]));

/**
 * What a request adds to its column's totals: its expected value to "Total estimado" (none counts
 * 0) and, closed, the same to its outcome's side of CERRADO's split (issue 33).
 */
type Share = { value: number; won: number; lost: number };

const shareOf = (request: Request | undefined): Share => {
  const value = request?.expectedValue ?? 0;
  const result = request?.status === 'closed' ? request.outcome?.result : undefined;
  return { value, won: result === 'won' ? value : 0, lost: result === 'lost' ? value : 0 };
};

const minus = (a: Share, b: Share): Share => ({
  value: a.value - b.value,
  won: a.won - b.won,
  lost: a.lost - b.lost,
});

const negated = (share: Share) => minus({ value: 0, won: 0, lost: 0 }, share);

const isNothing = ({ value, won, lost }: Share) => value === 0 && won === 0 && lost === 0;

/** Board order within a column: createdAt descending, then _id descending (the API's keyset). */
export function compareNewestFirst(a: Request, b: Request): number {
  const byDate = Date.parse(b.createdAt) - Date.parse(a.createdAt);
  if (byDate !== 0) return byDate;
  return a._id < b._id ? 1 : a._id > b._id ? -1 : 0;
}

const mapPages = (data: ColumnData, map: (page: ColumnIdPage) => ColumnIdPage): ColumnData => ({
  ...data,
  pages: data.pages.map(map),
});

const holds = (data: ColumnData, id: string) => data.pages.some((page) => page.ids.includes(id));

/** The column's count and total, changed as the server's would be (kept on every page). */
const withCount = (data: ColumnData, delta: number, change: Share) =>
  delta === 0 && isNothing(change)
    ? data
    : mapPages(data, ({ outcomeValues, ...page }) => ({
        ...page,
        count: Math.max(0, page.count + delta),
        totalValue: Math.max(0, page.totalValue + change.value),
        ...(outcomeValues && {
          outcomeValues: {
            won: Math.max(0, outcomeValues.won + change.won),
            lost: Math.max(0, outcomeValues.lost + change.lost),
          },
        }),
      }));

const removed = (data: ColumnData, request: Request) =>
  withCount(
    mapPages(data, (page) => ({
      ...page,
      ids: page.ids.filter((listed) => listed !== request._id),
    })),
    -1,
    negated(shareOf(request)),
  );

/** Finds a listed request's record; a column lists only requests whose records are cached. */
export type RecordOf = (id: string) => Request | undefined;

/**
 * Where `request` sorts among the loaded ids (a binary search: the lists are newest first):
 * the page and the place in it, or undefined when it sorts below everything loaded.
 */
function placeOf(data: ColumnData, request: Request, recordOf: RecordOf) {
  const ids = data.pages.flatMap((page) => page.ids);
  // The first id that sorts after the request (one whose record is missing counts as after).
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const listed = recordOf(ids[middle] ?? '');
    if (!listed || compareNewestFirst(request, listed) < 0) high = middle;
    else low = middle + 1;
  }
  if (low === ids.length) return undefined;
  let page = 0;
  let at = low;
  for (const { ids: pageIds } of data.pages) {
    if (at < pageIds.length) break;
    at -= pageIds.length;
    page += 1;
  }
  return { page, at };
}

/**
 * Counts the request in, and lists it where it sorts when that is within the loaded pages (or
 * the column is fully loaded); further down, the page that holds it will bring it.
 */
function inserted(data: ColumnData, request: Request, recordOf: RecordOf): ColumnData {
  const counted = withCount(data, +1, shareOf(request));
  const exhausted = data.pages.at(-1)?.nextCursor === null;
  const place =
    placeOf(data, request, recordOf) ??
    (exhausted && data.pages.length > 0
      ? { page: data.pages.length - 1, at: data.pages.at(-1)?.ids.length ?? 0 }
      : undefined);
  if (!place) return counted;
  const pages = counted.pages.map((page, index) => {
    if (index !== place.page) return page;
    const ids = [...page.ids];
    ids.splice(place.at, 0, request._id);
    return { ...page, ids };
  });
  return { ...counted, pages };
}

export type ColumnChange = { data: ColumnData; refetch: boolean };

/**
 * Whether a request passes a filtered column's filters, where the browser can tell exactly as
 * the server would; undefined where only the server can (column-filter.ts says which).
 */
export type FilterCheck = (request: Request, column: ColumnKeyQuery) => boolean | undefined;

/** A request's presence in the column as `check` settles it; undefined: not settled here. */
function settledByCheck(
  column: ColumnKeyQuery,
  before: Request | undefined,
  after: Request | undefined,
  check: FilterCheck | undefined,
) {
  if (!check) return undefined;
  const inColumn = (request: Request | undefined) =>
    request?.status !== column.status ? false : check(request, column);
  const [was, is] = [inColumn(before), inColumn(after)];
  return was === undefined || is === undefined ? undefined : { was, is };
}

/**
 * What one cached column becomes when a request goes from `before` to `after` (undefined: it
 * did not exist yet / no longer exists). A request that stays listed keeps the list as it is:
 * its card reads the record. Under filters, a change that may move the request in or out is the
 * server's to settle (refetch), unless `check` settles it exactly: then the column is treated
 * as unfiltered, over the requests that pass.
 */
export function changeColumn(
  data: ColumnData,
  column: ColumnKeyQuery,
  before: Request | undefined,
  after: Request | undefined,
  recordOf: RecordOf,
  check?: FilterCheck,
): ColumnChange {
  const id = (after ?? before)?._id;
  if (!id) return { data, refetch: false };
  const settled = isFiltered(column) ? settledByCheck(column, before, after, check) : undefined;
  const filtered = isFiltered(column) && !settled;
  const isHere = settled ? settled.is : after?.status === column.status;
  const wasHere = settled ? settled.was : before?.status === column.status;
  const fieldsChanged = before && after ? filteredFieldsChanged(before, after) : true;
  // An edit of the expected value (or, in CERRADO, of the outcome) changes the totals of the
  // column it stays in.
  const change = minus(shareOf(after), shareOf(before));

  if (holds(data, id)) {
    const listed = readListed(before, after);
    if (!after || !isHere) return { data: removed(data, listed), refetch: false };
    // Still here; under filters an edit of a filtered field may have taken it out.
    if (filtered && fieldsChanged) return { data, refetch: true };
    return { data: wasHere ? withCount(data, 0, change) : data, refetch: false };
  }
  if (after && isHere && !wasHere) {
    // It came in (moved here or created): only the server knows whether it passes the filters.
    return filtered
      ? { data, refetch: true }
      : { data: inserted(data, after, recordOf), refetch: false };
  }
  if (before && wasHere && !isHere) {
    // It left from a page not loaded yet: counted here until now.
    return filtered
      ? { data, refetch: true }
      : { data: withCount(data, -1, negated(shareOf(before))), refetch: false };
  }
  if (isHere && wasHere && !filtered) {
    // Same stage, on a page not loaded yet: counted in the total all along.
    return { data: withCount(data, 0, change), refetch: false };
  }
  // Same stage, not loaded here: under filters it may have just come into view (or, when its
  // value changed, be counted in a total only the server knows it is in).
  return { data, refetch: isHere && filtered && (fieldsChanged || !isNothing(change)) };
}

/** The copy a listed request was counted as: before the change (after, for a creation). */
const readListed = (before: Request | undefined, after: Request | undefined) =>
  (before ?? after) as Request;

/**
 * Applies a request's change to its record and to every cached column's list; answers the
 * columns that only the server can settle (filtered ones the request may have entered or left).
 * The change starts from the record where there is one, not from the caller's `before`: the
 * lists show the record, which the live stream (issue 36) may have brought this very change to
 * first. A copy older than the record (an answer or an event behind it) changes nothing.
 */
export function changeCachedColumns(
  queryClient: QueryClient,
  given: Request | undefined,
  after: Request | undefined,
): QueryKey[] {
  const id = (after ?? given)?._id;
  if (!id) return [];
  const record = readRecord(queryClient, id);
  if (record && after && isOlderThan(after, record)) return [];
  const before = record ?? given;
  // The record first, so a list that takes the id in finds it.
  if (after) writeRecord(queryClient, after);
  const recordOf: RecordOf = (listed) => readRecord(queryClient, listed);
  const check = exactFilterCheck(getSession()?.userId);
  const stale: QueryKey[] = [];
  for (const [queryKey, data] of queryClient.getQueriesData<ColumnData>({
    queryKey: allColumnsQueryKey(),
  })) {
    if (!data) continue;
    const column = queryKey[2] as ColumnKeyQuery;
    const change = changeColumn(data, column, before, after, recordOf, check);
    if (change.data !== data) queryClient.setQueryData(queryKey, change.data);
    if (change.refetch) stale.push(queryKey);
  }
  if (!after) removeRecord(queryClient, id);
  return stale;
}

/**
 * Fetches these columns again, each once however often it is named (a refetch started again
 * would cancel the one under way); only those on screen now, the others when they are shown.
 */
export function refetchColumns(queryClient: QueryClient, columns: readonly QueryKey[]) {
  const unique = new Map(columns.map((queryKey) => [hashKey(queryKey), queryKey]));
  return Promise.all(
    [...unique.values()].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey, exact: true }),
    ),
  );
}

/** Applies a request's change to the cache, then refetches the columns that need the server. */
export function applyRequestChange(
  queryClient: QueryClient,
  before: Request | undefined,
  after: Request | undefined,
) {
  return refetchColumns(queryClient, changeCachedColumns(queryClient, before, after));
}

/**
 * A request no cached record shows had its next activity changed (completed from the agenda):
 * only the columns filtered by "Próxima acción" may have gained or lost it.
 */
export function refetchNextActionColumns(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    queryKey: allColumnsQueryKey(),
    predicate: (query) => Boolean((query.queryKey[2] as ColumnKeyQuery | undefined)?.next),
  });
}

/** Something outside the board changed many requests at once (a deleted user's are unassigned). */
export function refreshAllColumns(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: allColumnsQueryKey() }),
    queryClient.invalidateQueries({ queryKey: allRequestsKey() }),
  ]);
}
