import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestsApi, queryKeyOf, SESSION_MESSAGES, type BoardFilters } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';
import { seedColumns } from './board-cache';

/**
 * GET /api/form-contact/board: the five columns' counts and first pages in one call. Any failure
 * reads "Failed to fetch requests" (§8), shown in every column (§2).
 */
export function getBoard(filters: BoardFilters, signal?: AbortSignal) {
  return callEndpoint(
    requestsApi.board,
    { query: filters },
    { failureMessage: SESSION_MESSAGES.fetchFailed, signal },
  );
}

/**
 * The board call seeds each column's own query (get-column.ts) and is not repeated while they
 * live: a column then loads its further pages and refreshes itself, and a save updates only the
 * columns it touches (board-cache.ts). Fetching it again would cut every column back to its
 * first page.
 */
export const boardQueryOptions = (filters: BoardFilters) =>
  queryOptions({
    queryKey: queryKeyOf(requestsApi.board, { query: filters }),
    queryFn: async ({ signal, client }) => {
      const board = await getBoard(filters, signal);
      seedColumns(client, filters, board);
      return board;
    },
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export function useBoard(filters: BoardFilters) {
  return useQuery(boardQueryOptions(filters));
}
