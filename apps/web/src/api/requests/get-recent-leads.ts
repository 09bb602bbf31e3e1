import { queryOptions, useQuery } from '@tanstack/react-query';
import { leadsApi, requestsApi, queryKeyOf, type RecentLeads } from '@crm/shared';
import { ApiError, callEndpoint } from '../../lib/api-client';
import { changeCachedColumns, refetchColumns } from './board-cache';

/** GET /api/form-contact/website/recent?after: website requests newer than the last poll's. */
export function getRecentLeads(after: string | undefined, signal?: AbortSignal) {
  return callEndpoint(leadsApi.recent, { query: after ? { after } : {} }, { signal });
}

/**
 * The poll from `after`. A position the API refuses (400: a tab open across a deploy that
 * changed the cursor's form, issue 18) is dropped, and the poll starts again from now, as a
 * reload would, instead of failing on every poll until one.
 */
async function pollFrom(after: string | undefined, signal: AbortSignal) {
  try {
    return await getRecentLeads(after, signal);
  } catch (error) {
    if (after === undefined || !(error instanceof ApiError) || error.status !== 400) throw error;
    return getRecentLeads(undefined, signal);
  }
}

/** Until the first answer says otherwise (the API's LEADS_POLL_SECONDS, at most 30 s). */
const FIRST_POLL_AFTER_MS = 15_000;

/** Any board call (the five columns' first pages), whatever its filters. */
const BOARD_CALLS = queryKeyOf(requestsApi.board);

export const recentLeadsQueryKey = () => queryKeyOf(leadsApi.recent);

/**
 * The board's poll for website leads (issue 13). Each call asks only for what came after the
 * previous answer's position, so its cost is a few index entries whatever the number of
 * requests (no board refetch at 100,000 requests). Each new lead goes on top of NUEVA SOLICITUD
 * and into its count through the same cache update as a create (board-cache.ts); a lead a
 * column already holds is only replaced. Polls on the server's interval while the page is
 * visible, and at once when the tab comes back; a failed poll just waits for the next one.
 * The position lives as long as the session (gcTime), so leaving the board and coming back
 * brings what arrived meanwhile.
 */
export const recentLeadsQueryOptions = () =>
  queryOptions({
    queryKey: recentLeadsQueryKey(),
    queryFn: async ({ signal, client }): Promise<RecentLeads> => {
      const previous = client.getQueryData<RecentLeads>(recentLeadsQueryKey());
      // A poll while the board's own read is still on its way waits for the next turn (its
      // position is kept, so no lead is missed): where the database scans for it (FerretDB),
      // it competed with that read and delayed the first cards (docs/benchmarks.md). The
      // first call, which only takes the position, is never put off.
      if (previous && client.isFetching({ queryKey: BOARD_CALLS }) > 0) return previous;
      const answer = await pollFrom(previous?.cursor, signal);
      // Every lead into the cache, then each column that needs the server read once.
      const stale = answer.items.flatMap((lead) => changeCachedColumns(client, undefined, lead));
      void refetchColumns(client, stale);
      return answer;
    },
    refetchInterval: (query) => query.state.data?.pollAfterMs ?? FIRST_POLL_AFTER_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
    staleTime: 0,
    gcTime: Infinity,
    retry: false,
  });

export function useRecentLeads() {
  return useQuery(recentLeadsQueryOptions());
}
