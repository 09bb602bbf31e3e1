import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryKeyOf, SESSION_MESSAGES } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';

/** GET /api/form-contact/all (§7). Any failure reads "Failed to fetch requests" (§8). */
export function getRequests(signal?: AbortSignal) {
  return callEndpoint(
    api.requests.list,
    {},
    { failureMessage: SESSION_MESSAGES.fetchFailed, signal },
  );
}

export const requestsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeyOf(api.requests.list),
    queryFn: ({ signal }) => getRequests(signal),
  });

export function useRequests() {
  return useQuery(requestsQueryOptions());
}
