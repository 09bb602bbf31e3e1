import { useCallback, useMemo, useSyncExternalStore } from 'react';
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  requestsApi,
  BOARD_COLUMNS,
  SESSION_MESSAGES,
  type BoardFilters,
  type ColumnQuery,
  type RequestStatus,
} from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';
import { listColumnPage } from './board-cache';
import { columnQueryKey, type ColumnData } from './query-keys';

/** GET /api/form-contact?status&cursor + the board's filters: the next page of one column. */
export function getColumnPage(query: ColumnQuery, signal?: AbortSignal) {
  return callEndpoint(
    requestsApi.column,
    { query },
    { failureMessage: SESSION_MESSAGES.fetchFailed, signal },
  );
}

/** A column is fresh for this long after its board call or its last page. */
export const COLUMN_STALE_MS = 30_000;
/**
 * A column refreshes itself (on focus, or when the board is shown again) only while it holds
 * this many pages or fewer: a refresh fetches every loaded page again, one after the other, and
 * someone 400 cards deep would pay for 8 calls and see the list shift under them.
 */
export const MAX_REFRESHED_PAGES = 4;

const refreshWhenShallow = (query: { state: { data?: { pages: readonly unknown[] } } }) =>
  (query.state.data?.pages.length ?? 0) <= MAX_REFRESHED_PAGES;

/**
 * One column as an infinite query of pages of request ids (each request's record is cached once,
 * by id: see board-cache.ts). Its first page normally comes from the board call (see
 * get-board.ts, which seeds it); `pageParam` is the previous page's `nextCursor`.
 */
export const columnQueryOptions = (filters: BoardFilters, status: RequestStatus) =>
  infiniteQueryOptions({
    queryKey: columnQueryKey(filters, status),
    queryFn: async ({ pageParam, signal, client }) =>
      listColumnPage(
        client,
        await getColumnPage(
          { ...filters, status, ...(pageParam ? { cursor: pageParam } : {}) },
          signal,
        ),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    staleTime: COLUMN_STALE_MS,
    refetchOnWindowFocus: refreshWhenShallow,
    refetchOnMount: refreshWhenShallow,
  });

export type UseColumnOptions = {
  /** False until the board call has seeded the column, so the column doesn't fetch it twice. */
  enabled: boolean;
  /** Keep the previous filters' cards on screen while the new ones load. */
  keepPrevious?: boolean;
};

export function useColumn(filters: BoardFilters, status: RequestStatus, options: UseColumnOptions) {
  return useInfiniteQuery({
    ...columnQueryOptions(filters, status),
    enabled: options.enabled,
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
  });
}

/** The column's total under the filters, from the server (its latest page), once known. */
export function useColumnCount(filters: BoardFilters, status: RequestStatus, enabled: boolean) {
  return useInfiniteQuery({
    ...columnQueryOptions(filters, status),
    enabled,
    select: (data) => data.pages.at(-1)?.count,
  }).data;
}

/**
 * Every column's "Total estimado" under the filters (issue 21), as the cache has it now (the
 * board call's, then kept by board-cache.ts after a move, an edit or a create); undefined until
 * each column is known. Read from the cache, not by observing five queries: on a phone only one
 * column is drawn, yet the pipeline above it sums them all.
 */
export function useColumnTotals(
  filters: BoardFilters,
): Partial<Record<RequestStatus, number>> | undefined {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (listener: () => void) => queryClient.getQueryCache().subscribe(listener),
    [queryClient],
  );
  // A string snapshot: stable while the totals stay the same, whatever else the cache does.
  const snapshot = useCallback(() => {
    const totals = BOARD_COLUMNS.map(
      ({ status }) =>
        queryClient.getQueryData<ColumnData>(columnQueryKey(filters, status))?.pages.at(-1)
          ?.totalValue,
    );
    return totals.some((total) => total === undefined) ? '' : totals.join(',');
  }, [queryClient, filters]);
  const key = useSyncExternalStore(subscribe, snapshot);
  return useMemo(() => {
    if (!key) return undefined;
    const values = key.split(',').map(Number);
    return Object.fromEntries(BOARD_COLUMNS.map(({ status }, at) => [status, values[at] ?? 0]));
  }, [key]);
}
