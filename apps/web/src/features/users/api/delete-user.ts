import { useMutation, useQueryClient } from '@tanstack/react-query';
import { USER_MESSAGES, userSchema } from '@crm/shared';
import { apiRequest } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { requestKeys } from '../../requests/api/query-keys';
import { userKeys } from './query-keys';

/** DELETE /api/user/delete/{id} (§7). */
export function deleteUser(id: string) {
  return apiRequest(`/api/user/delete/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: userSchema,
  });
}

/** Reading A of §8: notices on success and on failure. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => {
      notify.success(USER_MESSAGES.deleted);
      // The API unassigns the deleted user's requests, so the board changes too.
      void queryClient.invalidateQueries({ queryKey: requestKeys.all });
      return queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
    onError: (error) => {
      console.error(USER_MESSAGES.deleteFailed, error);
      notify.error(USER_MESSAGES.deleteFailed);
    },
  });
}
