import { hashKey, type InfiniteData, type QueryClient, type QueryKey } from '@tanstack/react-query';
import {
  api,
  queryKeyOf,
  type Board,
  type BoardFilters,
  type ColumnPage,
  type Request,
  type RequestStatus,
} from '@crm/shared';
import { allColumnsQueryKey, columnQueryKey } from './get-column';
import { requestQueryOptions } from './get-request';

/**
 * The board's cache after a change: each column (of any filters) is an infinite query of
 * newest-first pages. A save, a create or a delete touches only the columns the request was or
 * is in, and without a call where the answer is certain; where it depends on the server's
 * filtering (a filtered column the request may have entered or left) that column alone is
 * refetched. The board call itself is never repeated: it only seeds the columns.
 */
export type ColumnData = InfiniteData<ColumnPage, string | null>;
type ColumnKeyQuery = BoardFilters & { status: RequestStatus };

/** The first pages of the board call become each column's first page. */
export function seedColumns(queryClient: QueryClient, filters: BoardFilters, board: Board) {
  for (const column of board.columns) {
    const { status, ...page } = column;
    queryClient.setQueryData<ColumnData>(columnQueryKey(filters, status), {
      pages: [page],
      pageParams: [null],
    });
  }
}

/** The fields the filters read: a change to one may move a request in or out of a filtered column. */
const FILTERED_FIELDS = [
  'name',
  'email',
  'company',
  'contactNumber',
  'vendor',
  'priority',
  'requestType',
] as const satisfies readonly (keyof Request)[];

const isFiltered = ({ q, vendor, priority, requestType }: ColumnKeyQuery) =>
  Boolean(q || vendor || priority || requestType);

const filteredFieldsChanged = (before: Request, after: Request) =>
  FILTERED_FIELDS.some((field) => before[field] !== after[field]);

/** Board order within a column: createdAt descending, then _id descending (the API's keyset). */
export function compareNewestFirst(a: Request, b: Request): number {
  const byDate = Date.parse(b.createdAt) - Date.parse(a.createdAt);
  if (byDate !== 0) return byDate;
  return a._id < b._id ? 1 : a._id > b._id ? -1 : 0;
}

const mapPages = (data: ColumnData, map: (page: ColumnPage) => ColumnPage): ColumnData => ({
  ...data,
  pages: data.pages.map(map),
});

const holds = (data: ColumnData, id: string) =>
  data.pages.some((page) => page.items.some((item) => item._id === id));

const withCount = (data: ColumnData, delta: number) =>
  mapPages(data, (page) => ({ ...page, count: Math.max(0, page.count + delta) }));

const replaced = (data: ColumnData, request: Request) =>
  mapPages(data, (page) => ({
    ...page,
    items: page.items.map((item) => (item._id === request._id ? request : item)),
  }));

const removed = (data: ColumnData, id: string) =>
  withCount(
    mapPages(data, (page) => ({ ...page, items: page.items.filter((item) => item._id !== id) })),
    -1,
  );

/**
 * Counts the request in, and shows it where it sorts when that is within the loaded pages (or
 * the column is fully loaded); further down, the page that holds it will bring it.
 */
function inserted(data: ColumnData, request: Request): ColumnData {
  const counted = withCount(data, +1);
  const exhausted = data.pages.at(-1)?.nextCursor === null;
  let placed = false;
  const pages = counted.pages.map((page, index) => {
    if (placed) return page;
    const at = page.items.findIndex((item) => compareNewestFirst(request, item) < 0);
    const last = index === counted.pages.length - 1;
    if (at === -1 && !(last && exhausted)) return page;
    placed = true;
    const items = [...page.items];
    items.splice(at === -1 ? items.length : at, 0, request);
    return { ...page, items };
  });
  return { ...counted, pages };
}

export type ColumnChange = { data: ColumnData; refetch: boolean };

/**
 * What one cached column becomes when a request goes from `before` to `after` (undefined: it
 * did not exist yet / no longer exists).
 */
export function changeColumn(
  data: ColumnData,
  column: ColumnKeyQuery,
  before: Request | undefined,
  after: Request | undefined,
): ColumnChange {
  const id = (after ?? before)?._id;
  if (!id) return { data, refetch: false };
  const filtered = isFiltered(column);
  const isHere = after?.status === column.status;
  const wasHere = before?.status === column.status;
  const fieldsChanged = before && after ? filteredFieldsChanged(before, after) : true;

  if (holds(data, id)) {
    if (!after || !isHere) return { data: removed(data, id), refetch: false };
    // Still here; under filters an edit of a filtered field may have taken it out.
    return { data: replaced(data, after), refetch: filtered && fieldsChanged };
  }
  if (after && isHere && !wasHere) {
    // It came in (moved here or created): only the server knows whether it passes the filters.
    return filtered ? { data, refetch: true } : { data: inserted(data, after), refetch: false };
  }
  if (before && wasHere && !isHere) {
    // It left from a page not loaded yet: counted here until now.
    return filtered ? { data, refetch: true } : { data: withCount(data, -1), refetch: false };
  }
  // Same stage, not loaded here: under filters it may have just come into view.
  return { data, refetch: isHere && filtered && fieldsChanged };
}

/**
 * Applies a request's change to every cached column and to the request's own query; answers the
 * columns that only the server can settle (filtered ones the request may have entered or left).
 */
export function changeCachedColumns(
  queryClient: QueryClient,
  before: Request | undefined,
  after: Request | undefined,
): QueryKey[] {
  const stale: QueryKey[] = [];
  for (const [queryKey, data] of queryClient.getQueriesData<ColumnData>({
    queryKey: allColumnsQueryKey(),
  })) {
    if (!data) continue;
    const column = queryKey[2] as ColumnKeyQuery;
    const change = changeColumn(data, column, before, after);
    if (change.data !== data) queryClient.setQueryData(queryKey, change.data);
    if (change.refetch) stale.push(queryKey);
  }
  const id = (after ?? before)?._id;
  if (id && after) queryClient.setQueryData(requestQueryOptions(id).queryKey, after);
  if (id && !after) queryClient.removeQueries({ queryKey: requestQueryOptions(id).queryKey });
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

/** Applies a request's change to every cached column, then refetches those that need the server. */
export function applyRequestChange(
  queryClient: QueryClient,
  before: Request | undefined,
  after: Request | undefined,
) {
  return refetchColumns(queryClient, changeCachedColumns(queryClient, before, after));
}

/** Something outside the board changed many requests at once (a deleted user's are unassigned). */
export function refreshAllColumns(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: allColumnsQueryKey() }),
    queryClient.invalidateQueries({ queryKey: queryKeyOf(api.requests.get) }),
  ]);
}
