import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { usersApi, queryKeyOf, queryKeyOfGroup, SESSION_MESSAGES } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';

/** GET /api/user/all (§7): allUsers of §3. A failure reads "Failed to fetch requests" (§8). */
export function getUsers(signal?: AbortSignal) {
  return callEndpoint(usersApi.list, {}, { failureMessage: SESSION_MESSAGES.fetchFailed, signal });
}

export const usersQueryOptions = () =>
  queryOptions({ queryKey: queryKeyOf(usersApi.list), queryFn: ({ signal }) => getUsers(signal) });

export function useUsers() {
  return useQuery(usersQueryOptions());
}

/** After a user is created, changed or deleted: every users query is stale. */
export const invalidateUsers = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: queryKeyOfGroup('users') });
