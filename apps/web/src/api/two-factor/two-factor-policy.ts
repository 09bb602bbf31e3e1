import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeyOf, twoFactorPolicyApi, type TwoFactorPolicy } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';

/** Ajustes' "Exigir verificación en dos pasos" (issue 32), a system admin's; Ajustes alone loads it. */
export const twoFactorPolicyKey = () => queryKeyOf(twoFactorPolicyApi.get);

/** GET /api/settings/two-factor */
export const useTwoFactorPolicy = (enabled = true) =>
  useQuery({
    queryKey: twoFactorPolicyKey(),
    queryFn: ({ signal }) => callEndpoint(twoFactorPolicyApi.get, {}, { signal }),
    enabled,
  });

/** PUT /api/settings/two-factor: the answer is what is stored now. */
export function useUpdateTwoFactorPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorPolicy) => callEndpoint(twoFactorPolicyApi.update, { body }),
    onSuccess: (saved) => queryClient.setQueryData(twoFactorPolicyKey(), saved),
  });
}
