import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { boardViewsApi, queryKeyOf, type RememberedBoardFilters } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';

/** GET /api/me/board-filters: the filters the caller last left the board with. */
export function getBoardFilters(signal?: AbortSignal) {
  return callEndpoint(boardViewsApi.getFilters, {}, { signal });
}

export const boardFiltersQueryKey = () => queryKeyOf(boardViewsApi.getFilters);

/**
 * Read once a session (on the first visit to the board without filters in its address): this
 * browser's own saves write their answer here, so coming back to the board costs no read. The
 * cache is cleared at sign-out, so the next user never sees these.
 */
export const boardFiltersQueryOptions = () =>
  queryOptions({
    queryKey: boardFiltersQueryKey(),
    queryFn: ({ signal }) => getBoardFilters(signal),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    // A board that opens unfiltered beats one that waits on retries: one try.
    retry: false,
  });

export function useRememberedBoardFilters(enabled: boolean) {
  return useQuery({ ...boardFiltersQueryOptions(), enabled });
}

/**
 * A filter change still in its quiet time (use-remembered-filters.ts). Sign-out saves it first:
 * afterwards the session, and with it the save, would be refused (issue 25: a choice made just
 * before "Logout" is still there at the next sign-in).
 */
let waitingSave: (() => Promise<unknown>) | null = null;
export function setWaitingFiltersSave(save: (() => Promise<unknown>) | null): void {
  waitingSave = save;
}
export async function saveWaitingBoardFilters(): Promise<void> {
  const save = waitingSave;
  waitingSave = null;
  await save?.().catch(() => undefined);
}

/** PUT /api/me/board-filters; the answer becomes the cached copy. */
export function useSaveBoardFilters() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (filters: RememberedBoardFilters) =>
      callEndpoint(boardViewsApi.putFilters, { body: filters }),
    onSuccess: (saved) => queryClient.setQueryData(boardFiltersQueryKey(), saved),
  });
}
