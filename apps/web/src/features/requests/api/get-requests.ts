import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestListSchema, SESSION_MESSAGES, type Request } from '@crm/shared';
import { apiRequest } from '../../../lib/api-client';
import { requestKeys } from './query-keys';

/** GET /api/form-contact/all (§7). Any failure reads "Failed to fetch requests" (§8). */
export function getRequests(signal?: AbortSignal): Promise<Request[]> {
  return apiRequest('/api/form-contact/all', {
    schema: requestListSchema,
    failureMessage: SESSION_MESSAGES.fetchFailed,
    signal,
  });
}

export const requestsQueryOptions = () =>
  queryOptions({ queryKey: requestKeys.list(), queryFn: ({ signal }) => getRequests(signal) });

export function useRequests() {
  return useQuery(requestsQueryOptions());
}
