import { useMutation, useQueryClient } from '@tanstack/react-query';
import { settingsApi, settingsSchema, type Settings, type UpdateSettingsBody } from '@crm/shared';
import { callEndpoint, conflictCurrent } from '../../lib/api-client';
import { settingsQueryKey } from './get-settings';

/** PUT /api/settings (system admin): the whole settings at the version they were read at. */
export function updateSettings(body: UpdateSettingsBody) {
  return callEndpoint(settingsApi.update, { body });
}

/** The settings as stored now, from a 409's `current` (someone saved first). */
export function currentSettingsOf(error: unknown): Settings | undefined {
  const parsed = settingsSchema.safeParse(conflictCurrent(error, 'settings'));
  return parsed.success ? parsed.data : undefined;
}

/**
 * Saves the settings; the answer (or, on a 409, the stored settings) becomes the cached copy
 * the board's cards read. The screen tells how it went and keeps what was typed.
 */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (saved) => queryClient.setQueryData(settingsQueryKey(), saved),
    onError: (error) => {
      const current = currentSettingsOf(error);
      if (current) queryClient.setQueryData(settingsQueryKey(), current);
    },
  });
}
