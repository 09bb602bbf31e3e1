import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeyOf, twoFactorAdminApi } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';

/** A user's second factor as a system admin sees it (issue 32): the Users screen alone loads it. */
export const userTwoFactorKey = (id: string) =>
  queryKeyOf(twoFactorAdminApi.status, { params: { id } });

/** GET /api/user/two-factor/{id} */
export const useUserTwoFactor = (id: string) =>
  useQuery({
    queryKey: userTwoFactorKey(id),
    queryFn: ({ signal }) => callEndpoint(twoFactorAdminApi.status, { params: { id } }, { signal }),
  });

/** DELETE /api/user/two-factor/{id}: removed, their sessions ended, a mail sent to them. */
export function useResetUserTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(twoFactorAdminApi.reset, { params: { id } }),
    onSuccess: (_answer, id) => queryClient.setQueryData(userTwoFactorKey(id), { enabled: false }),
  });
}
