import { useMutation, useQueryClient } from '@tanstack/react-query';
import { USER_MESSAGES, userSchema, type UpdateUserBody } from '@crm/shared';
import { apiRequest } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { userKeys } from './query-keys';

/** PUT /api/user/update/{id} (§7): {name, lastName, email, role} plus password when changed. */
export function updateUser({ id, body }: { id: string; body: UpdateUserBody }) {
  return apiRequest(`/api/user/update/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    schema: userSchema,
  });
}

/** Reading A of §8: notices on success and on failure. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => {
      notify.success(USER_MESSAGES.updated);
      return queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
    onError: (error) => {
      console.error(USER_MESSAGES.updateFailed, error);
      notify.error(USER_MESSAGES.updateFailed);
    },
  });
}
