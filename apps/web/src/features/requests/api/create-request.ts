import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REQUEST_MESSAGES, requestSchema, type CreateRequestBody } from '@crm/shared';
import { apiRequest } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { requestKeys } from './query-keys';

/** POST /api/form-contact/crm-create (§7). */
export function createRequest(body: CreateRequestBody) {
  return apiRequest('/api/form-contact/crm-create', {
    method: 'POST',
    body,
    schema: requestSchema,
    failureMessage: REQUEST_MESSAGES.createFailed,
  });
}

export function useCreateRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRequest,
    onSuccess: () => {
      notify.success(REQUEST_MESSAGES.created);
      return queryClient.invalidateQueries({ queryKey: requestKeys.all });
    },
    onError: () => notify.error(REQUEST_MESSAGES.createFailed),
  });
}
