import { queryOptions, useQuery } from '@tanstack/react-query';
import { preferencesApi, queryKeyOf, systemTimeZone } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';

export const preferencesQueryKey = () => queryKeyOf(preferencesApi.get);

/**
 * GET /api/me/preferences (issue 20): time zone, reminder emails, calendar feed. Read once when
 * the app opens (layout/main-layout.tsx waits for it, issue 33); this browser's changes write
 * their answer here at once.
 */
export const preferencesQueryOptions = () =>
  queryOptions({
    queryKey: preferencesQueryKey(),
    queryFn: ({ signal }) => callEndpoint(preferencesApi.get, {}, { signal }),
    staleTime: 15 * 60_000,
  });

export const usePreferences = () => useQuery(preferencesQueryOptions());

/**
 * The zone every date and time on screen is read in (issue 33): the person's effective zone
 * (their preference, else APP_TIME_ZONE); the browser's only until it is read.
 */
export function useTimeZone(): string {
  const { data } = useQuery({
    ...preferencesQueryOptions(),
    select: (preferences) => preferences.effectiveTimeZone,
  });
  return data ?? systemTimeZone();
}
