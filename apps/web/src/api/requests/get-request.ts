import { useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestsApi, type Request } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';
import { requestKey } from './query-keys';

/** GET /api/form-contact/{id}: one request as the server holds it now. */
export function getRequest(id: string, signal?: AbortSignal) {
  return callEndpoint(requestsApi.get, { params: { id } }, { signal });
}

/**
 * A request's record: the one cache entry of that request, which the board's column pages,
 * every save's answer and this call all write (board-cache.ts) and every card showing the
 * request reads.
 */
export const requestQueryOptions = (id: string) =>
  queryOptions({
    queryKey: requestKey(id),
    queryFn: ({ signal }) => getRequest(id, signal),
  });

/**
 * A card's request: its record, as the cache holds it. A column lists only requests whose
 * records it wrote, so this reads the cache and calls nothing; a record missing all the same is
 * read once from the server rather than leaving a hole in the column.
 */
export function useRequestRecord(id: string): Request | undefined {
  return useQuery({
    ...requestQueryOptions(id),
    enabled: (query) => query.state.data === undefined,
  }).data;
}

/**
 * The Edit Request modal's request, or why it can't be shown (see useRequest), and how to ask
 * again after a failure (issue 33: "Reintentar").
 */
export type ServerRequest = (
  | { data: Request; isError: false; error: null }
  | { data: undefined; isError: true; error: Error }
  | { data: undefined; isError: false; error: null }
) & { refetch: () => Promise<unknown>; isFetching: boolean; errorUpdateCount: number };

/**
 * The Edit Request modal's request, as the server holds it now, not as a column page had it:
 * the record is read again on opening, and the copy the board cached before is not shown until
 * the server has answered (the request may have changed, or be gone). From then on every newer
 * copy (a move's, a note's, a card's save) comes through the same record.
 */
export function useRequest(id: string): ServerRequest {
  const [openedAt] = useState(Date.now);
  const query = useQuery({ ...requestQueryOptions(id), refetchOnMount: 'always' });
  const { refetch, isFetching, errorUpdateCount } = query;
  const retry = { refetch, isFetching, errorUpdateCount };
  if (query.data !== undefined && query.dataUpdatedAt >= openedAt) {
    return { data: query.data, isError: false, error: null, ...retry };
  }
  if (query.isError) return { data: undefined, isError: true, error: query.error, ...retry };
  return { data: undefined, isError: false, error: null, ...retry };
}
