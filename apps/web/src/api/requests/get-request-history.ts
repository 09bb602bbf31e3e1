import { useQuery } from '@tanstack/react-query';
import { requestsApi, queryKeyOf } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';

/** GET /api/form-contact/{id}/history: moves, assignments and notes, newest first. */
export function getRequestHistory(id: string, signal?: AbortSignal) {
  return callEndpoint(requestsApi.history, { params: { id } }, { signal });
}

export const historyQueryKey = (id: string) => queryKeyOf(requestsApi.history, { params: { id } });

export function useRequestHistory(id: string) {
  return useQuery({
    queryKey: historyQueryKey(id),
    queryFn: ({ signal }) => getRequestHistory(id, signal),
  });
}
