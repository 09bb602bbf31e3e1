import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { preferencesApi } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';
import { detectedTimeZone } from '../../lib/format';
import { useSession } from '../../lib/session';
import { preferencesQueryKey, preferencesQueryOptions } from './get-preferences';

/**
 * The first sign-in on the web (issue 33): a person whose zone was never set (null, "the
 * system's") gets the browser's detected zone, saved once with PATCH /api/me/preferences; they
 * can change it in Perfil. Answers whether the zone dates are shown in is known: the preferences
 * are read (or can't be), and any first save is over, so nothing shows in a zone about to change.
 */
export function useAdoptedTimeZone(): boolean {
  const userId = useSession()?.userId ?? '';
  const queryClient = useQueryClient();
  const preferences = useQuery({ ...preferencesQueryOptions(), enabled: userId !== '' });
  const { mutate, isError } = useMutation({
    mutationFn: (timeZone: string) => callEndpoint(preferencesApi.update, { body: { timeZone } }),
    // Nothing read in a zone is asked before this answer (main-layout.tsx holds the app and a
    // "Próxima acción" board until it), so nothing is read again: a first sign-in loads once.
    onSuccess: (saved) => queryClient.setQueryData(preferencesQueryKey(), saved),
  });
  const detected = detectedTimeZone();
  const unset = preferences.data?.timeZone === null && detected !== null;
  // Once (React runs an effect twice in development): the answer makes the zone set.
  const started = useRef(false);

  useEffect(() => {
    if (!unset || !detected || started.current) return;
    started.current = true;
    mutate(detected);
  }, [unset, detected, mutate]);

  if (preferences.isError) return true;
  if (preferences.data === undefined) return false;
  // A save that fails leaves the system's zone in use: dates show in it rather than never.
  return !unset || isError;
}
