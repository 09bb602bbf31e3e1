import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, queryKeyOfGroup, USER_MESSAGES, type CreateUserBody } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';
import { notify } from '../../lib/notify';

/** POST /api/user/create (§7): {name, lastName, email, password, role, photo: ''}. */
export function createUser(body: CreateUserBody) {
  return callEndpoint(api.users.create, { body: { ...body, photo: '' } });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => {
      notify.success(USER_MESSAGES.created);
      return queryClient.invalidateQueries({ queryKey: queryKeyOfGroup('users') });
    },
    onError: () => notify.error(USER_MESSAGES.createFailed),
  });
}
