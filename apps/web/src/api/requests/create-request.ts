import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, queryKeyOfGroup, REQUEST_MESSAGES, type CreateRequestBody } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';
import { notify } from '../../lib/notify';

/** POST /api/form-contact/crm-create (§7). */
export function createRequest(body: CreateRequestBody) {
  return callEndpoint(
    api.requests.create,
    { body },
    { failureMessage: REQUEST_MESSAGES.createFailed },
  );
}

export function useCreateRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRequest,
    onSuccess: () => {
      notify.success(REQUEST_MESSAGES.created);
      return queryClient.invalidateQueries({ queryKey: queryKeyOfGroup('requests') });
    },
    onError: () => notify.error(REQUEST_MESSAGES.createFailed),
  });
}
