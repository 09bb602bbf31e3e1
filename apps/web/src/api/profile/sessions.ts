import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { profileApi, queryKeyOf, type Session } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';
import { preferencesQueryKey } from '../preferences/get-preferences';

export const sessionsQueryKey = () => queryKeyOf(profileApi.sessions);

/** GET /api/me/sessions: where the caller is signed in, newest sign-in first. */
export const useSessions = () =>
  useQuery({
    queryKey: sessionsQueryKey(),
    queryFn: ({ signal }) => callEndpoint(profileApi.sessions, {}, { signal }),
  });

/**
 * Closing answers the sessions left: they become the list shown. Closing the others also
 * revokes the calendar feed (issue 32): `feedEnds` refetches the preferences that say so.
 */
function useSessionsMutation<V>(
  mutationFn: (variables: V) => Promise<Session[]>,
  { feedEnds = false } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (sessions) => {
      queryClient.setQueryData(sessionsQueryKey(), sessions);
      if (feedEnds) await queryClient.invalidateQueries({ queryKey: preferencesQueryKey() });
    },
  });
}

/** DELETE /api/me/sessions/{id}: that session's token stops working at once. */
export const useCloseSession = () =>
  useSessionsMutation((id: string) => callEndpoint(profileApi.closeSession, { params: { id } }));

/** DELETE /api/me/sessions: every session but this one. */
export const useCloseOtherSessions = () =>
  useSessionsMutation((_: void) => callEndpoint(profileApi.closeOtherSessions, {}), {
    feedEnds: true,
  });
