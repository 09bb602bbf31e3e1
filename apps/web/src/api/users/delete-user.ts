import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, queryKeyOfGroup, USER_MESSAGES } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { refreshAllColumns } from '../requests/board-cache';

/** DELETE /api/user/delete/{id} (§7). */
export function deleteUser(id: string) {
  return callEndpoint(api.users.remove, { params: { id } });
}

/** Reading A of §8: notices on success and on failure. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => {
      notify.success(USER_MESSAGES.deleted);
      // The API unassigns the deleted user's requests, so the board's columns change too.
      void refreshAllColumns(queryClient);
      return queryClient.invalidateQueries({ queryKey: queryKeyOfGroup('users') });
    },
    onError: (error) => {
      console.error(USER_MESSAGES.deleteFailed, error);
      notify.error(USER_MESSAGES.deleteFailed);
    },
  });
}
