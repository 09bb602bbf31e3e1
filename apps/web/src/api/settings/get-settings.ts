import { queryOptions, useQuery } from '@tanstack/react-query';
import { settingsApi, queryKeyOf } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';

/** GET /api/settings: days per stage before a request is stale (every signed-in role). */
export function getSettings(signal?: AbortSignal) {
  return callEndpoint(settingsApi.get, {}, { signal });
}

export const settingsQueryKey = () => queryKeyOf(settingsApi.get);

/**
 * An admin changes the settings rarely: read once a session (a quarter of an hour fresh), not
 * per card nor on every focus; this browser's own save writes its answer here at once.
 */
export const SETTINGS_STALE_MS = 15 * 60_000;

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsQueryKey(),
    queryFn: ({ signal }) => getSettings(signal),
    staleTime: SETTINGS_STALE_MS,
    refetchOnWindowFocus: false,
  });

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
