import { queryOptions, useQuery } from '@tanstack/react-query';
import { SESSION_MESSAGES, userListSchema, type User } from '@crm/shared';
import { apiRequest } from '../../../lib/api-client';
import { userKeys } from './query-keys';

/** GET /api/user/all (§7): allUsers of §3. A failure reads "Failed to fetch requests" (§8). */
export function getUsers(signal?: AbortSignal): Promise<User[]> {
  return apiRequest('/api/user/all', {
    schema: userListSchema,
    failureMessage: SESSION_MESSAGES.fetchFailed,
    signal,
  });
}

export const usersQueryOptions = () =>
  queryOptions({ queryKey: userKeys.list(), queryFn: ({ signal }) => getUsers(signal) });

export function useUsers() {
  return useQuery(usersQueryOptions());
}
