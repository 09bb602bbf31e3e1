import { useEffect, useState } from 'react';
import { hashKey, queryOptions, useIsFetching, useQuery } from '@tanstack/react-query';
import { AGENDA_BELL_POLL_MS, activitiesApi, queryKeyOf } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';

/** GET /api/activities/due-count: the caller's open activities overdue or due today. */
export function getDueCount(signal?: AbortSignal) {
  return callEndpoint(activitiesApi.dueCount, {}, { signal });
}

export const dueCountQueryKey = () => queryKeyOf(activitiesApi.dueCount);

/**
 * The bell's count, kept current without a reload: asked again when the server says
 * (`pollAfterMs`, never later than the 60 s), when the window gets the focus back, and
 * after every activity change made here (activities-cache.ts).
 */
export const dueCountQueryOptions = () =>
  queryOptions({
    queryKey: dueCountQueryKey(),
    queryFn: ({ signal }) => getDueCount(signal),
    refetchInterval: (query) =>
      Math.min(query.state.data?.pollAfterMs ?? AGENDA_BELL_POLL_MS, AGENDA_BELL_POLL_MS),
    refetchOnWindowFocus: 'always',
  });

/**
 * How long no other query may be loading before the bell's first ask: long enough to cover the
 * moment between a page mounting and its queries starting (and a route's chunk arriving), short
 * enough that the count follows the page's data at once.
 */
export const BELL_QUIET_MS = 200;

const DUE_COUNT_HASH = hashKey(dueCountQueryKey());

/**
 * Whether the bell may ask for its first count: once the page's own first data is in (no other
 * query loading for BELL_QUIET_MS), and at the latest AGENDA_BELL_POLL_MS after it mounts (a page
 * that never stops loading still gets its count within the issue's 60 s). The count is a
 * collection scan where the database can't read it from an index (FerretDB), and asked together
 * with the board it competed with the columns' first pages for the database's cores, delaying
 * the first cards (docs/benchmarks.md). Once true it stays true: from then on the bell polls.
 */
function usePageDataIn(): boolean {
  const othersLoading = useIsFetching({ predicate: (query) => query.queryHash !== DUE_COUNT_HASH });
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready || othersLoading > 0) return;
    const timer = setTimeout(() => setReady(true), BELL_QUIET_MS);
    return () => clearTimeout(timer);
  }, [ready, othersLoading]);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), AGENDA_BELL_POLL_MS);
    return () => clearTimeout(timer);
  }, []);
  return ready;
}

/** The bell's count (see dueCountQueryOptions), first asked after the page's own data. */
export function useDueCount() {
  const pageDataIn = usePageDataIn();
  return useQuery({ ...dueCountQueryOptions(), enabled: pageDataIn });
}
