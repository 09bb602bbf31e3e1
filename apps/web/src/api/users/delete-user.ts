import { usersApi, USER_MESSAGES } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';
import { useNotifiedMutation } from '../../lib/use-notified-mutation';
import { refreshAllColumns } from '../requests/board-cache';
import { invalidateUsers } from './get-users';

/** DELETE /api/user/delete/{id} (§7). */
export function deleteUser(id: string) {
  return callEndpoint(usersApi.remove, { params: { id } });
}

/** Reading A of §8: notices on success and on failure. */
export function useDeleteUser() {
  return useNotifiedMutation({
    mutationFn: deleteUser,
    success: USER_MESSAGES.deleted,
    failure: { notice: USER_MESSAGES.deleteFailed, log: USER_MESSAGES.deleteFailed },
    onSuccess: (queryClient) => {
      // The API unassigns the deleted user's requests, so the board's columns change too.
      void refreshAllColumns(queryClient);
      return invalidateUsers(queryClient);
    },
  });
}
