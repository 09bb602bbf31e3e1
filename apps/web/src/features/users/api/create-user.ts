import { useMutation, useQueryClient } from '@tanstack/react-query';
import { USER_MESSAGES, userSchema, type CreateUserBody } from '@crm/shared';
import { apiRequest } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { userKeys } from './query-keys';

/** POST /api/user/create (§7): {name, lastName, email, password, role, photo: ''}. */
export function createUser(body: CreateUserBody) {
  return apiRequest('/api/user/create', {
    method: 'POST',
    body: { ...body, photo: '' },
    schema: userSchema,
  });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => {
      notify.success(USER_MESSAGES.created);
      return queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
    onError: () => notify.error(USER_MESSAGES.createFailed),
  });
}
