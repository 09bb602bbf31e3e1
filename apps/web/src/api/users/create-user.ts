import { usersApi, USER_MESSAGES, type CreateUserBody } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';
import { useNotifiedMutation } from '../../lib/use-notified-mutation';
import { invalidateUsers } from './get-users';

/** POST /api/user/create (§7): {name, lastName, email, password, role, photo: ''}. */
export function createUser(body: CreateUserBody) {
  return callEndpoint(usersApi.create, { body: { ...body, photo: '' } });
}

export function useCreateUser() {
  return useNotifiedMutation({
    mutationFn: createUser,
    success: USER_MESSAGES.created,
    failure: { notice: USER_MESSAGES.createFailed },
    onSuccess: invalidateUsers,
  });
}
