import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, REQUEST_MESSAGES } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { applyRequestChange } from './board-cache';

/** DELETE /api/form-contact/delete/{id} (§7), Reading A of §8. */
export function deleteRequest(id: string) {
  return callEndpoint(
    api.requests.remove,
    { params: { id } },
    { failureMessage: REQUEST_MESSAGES.deleteFailed },
  );
}

/**
 * §2 fetches the list again after a delete; here the card leaves its column and the column's
 * count drops by one, which is all that changed, without a call.
 */
export function useDeleteRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRequest,
    onSuccess: (deleted) => {
      notify.success(REQUEST_MESSAGES.deleted);
      return applyRequestChange(queryClient, deleted, undefined);
    },
    onError: (error) => {
      console.error(REQUEST_MESSAGES.deleteFailed, error);
      notify.error(REQUEST_MESSAGES.deleteFailedNotice);
    },
  });
}
