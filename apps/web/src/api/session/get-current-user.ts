import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_ROLE, usersApi, queryKeyOf, SESSION_MESSAGES, type User } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';
import { useSession } from '../../lib/session';

/**
 * GET /api/user/data/{userId} (§7): role, name and lastName of the signed-in user. Its key
 * sits under the users group, so a change to users also refreshes the sidebar and permissions.
 */
export async function getCurrentUser(userId: string): Promise<User> {
  try {
    return await callEndpoint(
      usersApi.get,
      { params: { userId } },
      { failureMessage: SESSION_MESSAGES.fetchFailed },
    );
  } catch (error) {
    // §8: only logged; nothing is shown to the person.
    console.error(SESSION_MESSAGES.userDataFailed, error);
    throw error;
  }
}

export const currentUserQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: queryKeyOf(usersApi.get, { params: { userId } }),
    queryFn: () => getCurrentUser(userId),
  });

/** userInfo of §3. `isAdmin` is false until the role is known (nothing admin-only shows early). */
export function useCurrentUser() {
  const session = useSession();
  const query = useQuery({
    ...currentUserQueryOptions(session?.userId ?? ''),
    enabled: Boolean(session),
  });
  return { ...query, user: query.data, isAdmin: query.data?.role === ADMIN_ROLE };
}
