import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryKeyOf } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';

/**
 * GET /api/form-contact/{id}: the one request the Edit Request modal edits, read from the server
 * rather than from a column page (which may be older, or not loaded at all on a deep link).
 */
export function getRequest(id: string, signal?: AbortSignal) {
  return callEndpoint(api.requests.get, { params: { id } }, { signal });
}

export const requestQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeyOf(api.requests.get, { params: { id } }),
    queryFn: ({ signal }) => getRequest(id, signal),
  });

export function useRequest(id: string) {
  return useQuery(requestQueryOptions(id));
}
