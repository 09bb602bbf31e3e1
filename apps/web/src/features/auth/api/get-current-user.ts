import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_ROLE, SESSION_MESSAGES, sessionUserSchema, type SessionUser } from '@crm/shared';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { authKeys } from './query-keys';

/** GET /api/user/data/{userId} (§7): role, name and lastName of the signed-in user. */
export async function getCurrentUser(userId: string): Promise<SessionUser> {
  try {
    return await apiRequest(`/api/user/data/${encodeURIComponent(userId)}`, {
      schema: sessionUserSchema,
      failureMessage: SESSION_MESSAGES.fetchFailed,
    });
  } catch (error) {
    // §8: only logged; nothing is shown to the person.
    console.error(SESSION_MESSAGES.userDataFailed, error);
    throw error;
  }
}

export const currentUserQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: authKeys.currentUser(userId),
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
