import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, queryKeyOfGroup, USER_MESSAGES, type UpdateUserBody } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';
import { notify } from '../../lib/notify';

/** PUT /api/user/update/{id} (§7): {name, lastName, email, role} plus password when changed. */
export function updateUser({ id, body }: { id: string; body: UpdateUserBody }) {
  return callEndpoint(api.users.update, { params: { id }, body });
}

/** Reading A of §8: notices on success and on failure. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => {
      notify.success(USER_MESSAGES.updated);
      return queryClient.invalidateQueries({ queryKey: queryKeyOfGroup('users') });
    },
    onError: (error) => {
      console.error(USER_MESSAGES.updateFailed, error);
      notify.error(USER_MESSAGES.updateFailed);
    },
  });
}
