import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, REQUEST_MESSAGES, type CreateRequestBody } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { applyRequestChange } from './board-cache';

/** POST /api/form-contact/crm-create (§7). */
export function createRequest(body: CreateRequestBody) {
  return callEndpoint(
    api.requests.create,
    { body },
    { failureMessage: REQUEST_MESSAGES.createFailed },
  );
}

/** The new request goes on top of its column (refetched instead where filters apply). */
export function useCreateRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRequest,
    onSuccess: (created) => {
      notify.success(REQUEST_MESSAGES.created);
      return applyRequestChange(queryClient, undefined, created);
    },
    onError: () => notify.error(REQUEST_MESSAGES.createFailed),
  });
}
