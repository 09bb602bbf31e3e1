import {
  infiniteQueryOptions,
  useInfiniteQuery,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { activitiesApi, queryKeyOf, type AgendaBucket, type AgendaPage } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';

/** GET /api/activities/agenda?due&cursor: one page of the caller's open activities in a range. */
export function getAgendaPage(due: AgendaBucket, cursor: string | null, signal?: AbortSignal) {
  return callEndpoint(
    activitiesApi.agenda,
    { query: { due, ...(cursor ? { cursor } : {}) } },
    { signal },
  );
}

/** Every range of the agenda: marked stale by any activity change (activities-cache.ts). */
export const allAgendaQueryKey = () => queryKeyOf(activitiesApi.agenda);

export const agendaQueryKey = (due: AgendaBucket) =>
  queryKeyOf(activitiesApi.agenda, { query: { due } });

/** One range as an infinite query: `pageParam` is the previous page's `nextCursor`. */
export const agendaQueryOptions = (due: AgendaBucket) =>
  infiniteQueryOptions({
    queryKey: agendaQueryKey(due),
    queryFn: ({ pageParam, signal }) => getAgendaPage(due, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export function useAgenda(due: AgendaBucket) {
  return useInfiniteQuery(agendaQueryOptions(due));
}

/** An activity done (or gone) leaves whichever range lists it, at once. */
export function removeFromAgenda(queryClient: QueryClient, activityId: string) {
  queryClient.setQueriesData<InfiniteData<AgendaPage, string | null>>(
    { queryKey: allAgendaQueryKey() },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          items: page.items.filter((item) => item.activity._id !== activityId),
        })),
      },
  );
}
