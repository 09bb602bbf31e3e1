import { useMutation, useQueryClient } from '@tanstack/react-query';
import { preferencesApi, type UpdatePreferencesBody } from '@crm/shared';
import { preferencesQueryKey } from '../preferences/get-preferences';
import { callEndpoint } from '../../lib/api-client';

/**
 * The caller's days are read in their zone (the agenda, the bell, the board's "Próxima
 * acción"): a changed zone makes those answers stale, so everything but the preferences is
 * refetched.
 */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePreferencesBody) => callEndpoint(preferencesApi.update, { body }),
    onSuccess: async (saved, body) => {
      queryClient.setQueryData(preferencesQueryKey(), saved);
      if (body.timeZone !== undefined) {
        await queryClient.invalidateQueries({
          predicate: (query) => query.queryKey[0] !== preferencesQueryKey()[0],
        });
      }
    },
  });
}

/** POST /api/me/calendar-feed: a new secret address (shown once), replacing any earlier one. */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(preferencesApi.createCalendarFeed, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: preferencesQueryKey() }),
  });
}

/** DELETE /api/me/calendar-feed: the address stops working. */
export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(preferencesApi.revokeCalendarFeed, {}),
    onSuccess: (saved) => queryClient.setQueryData(preferencesQueryKey(), saved),
  });
}
