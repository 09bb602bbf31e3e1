import { requestsApi, REQUEST_MESSAGES, type CreateRequestBody } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';
import { useNotifiedMutation } from '../../lib/use-notified-mutation';
import { applyRequestChange } from './board-cache';

/** POST /api/form-contact/crm-create (§7). */
export function createRequest(body: CreateRequestBody) {
  return callEndpoint(
    requestsApi.create,
    { body },
    { failureMessage: REQUEST_MESSAGES.createFailed },
  );
}

/** The new request goes on top of its column (refetched instead where filters apply). */
export function useCreateRequest() {
  return useNotifiedMutation({
    mutationFn: createRequest,
    success: REQUEST_MESSAGES.created,
    failure: { notice: REQUEST_MESSAGES.createFailed },
    onSuccess: (queryClient, created) => applyRequestChange(queryClient, undefined, created),
  });
}
