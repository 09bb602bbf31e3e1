import { usersApi, USER_MESSAGES, type UpdateUserBody } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';
import { useNotifiedMutation } from '../../lib/use-notified-mutation';
import { invalidateUsers } from './get-users';

/** PUT /api/user/update/{id} (§7): {name, lastName, email, role} plus password when changed. */
export function updateUser({ id, body }: { id: string; body: UpdateUserBody }) {
  return callEndpoint(usersApi.update, { params: { id }, body });
}

/** Reading A of §8: notices on success and on failure. */
export function useUpdateUser() {
  return useNotifiedMutation({
    mutationFn: updateUser,
    success: USER_MESSAGES.updated,
    failure: { notice: USER_MESSAGES.updateFailed, log: USER_MESSAGES.updateFailed },
    onSuccess: invalidateUsers,
  });
}
