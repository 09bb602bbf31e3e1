import { queryOptions, useQuery } from '@tanstack/react-query';
import { AGENDA_BELL_POLL_MS, api, queryKeyOf } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';

/** GET /api/activities/due-count: the caller's open activities overdue or due today. */
export function getDueCount(signal?: AbortSignal) {
  return callEndpoint(api.activities.dueCount, {}, { signal });
}

export const dueCountQueryKey = () => queryKeyOf(api.activities.dueCount);

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

export function useDueCount() {
  return useQuery(dueCountQueryOptions());
}
