import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeyOf, twoFactorApi, type EnableTwoFactorBody } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';

/*
 * The caller's own second factor (issue 32), for Perfil alone: its group (twoFactorApi) lives
 * apart from `api`, so only Perfil's chunk carries it.
 */

export const twoFactorStatusKey = () => queryKeyOf(twoFactorApi.status);

/** GET /api/me/two-factor: on or off, and whether Ajustes requires it of the caller (until when). */
export const useTwoFactorStatus = () =>
  useQuery({
    queryKey: twoFactorStatusKey(),
    queryFn: ({ signal }) => callEndpoint(twoFactorApi.status, {}, { signal }),
  });

/** POST /api/me/two-factor/setup: a new secret and its QR code, waiting for a code. */
export const useTwoFactorSetup = () =>
  useMutation({ mutationFn: (_: void) => callEndpoint(twoFactorApi.setup, {}) });

/** Enabling or disabling changes the status shown: it is read again. */
function useStatusMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorStatusKey() }),
  });
}

/** POST /api/me/two-factor/enable: the code of the shown secret; answers the recovery codes. */
export const useEnableTwoFactor = () =>
  useStatusMutation((body: EnableTwoFactorBody) => callEndpoint(twoFactorApi.enable, { body }));

/** POST /api/me/two-factor/disable: with the current password. */
export const useDisableTwoFactor = () =>
  useStatusMutation((currentPassword: string) =>
    callEndpoint(twoFactorApi.disable, { body: { currentPassword } }),
  );
