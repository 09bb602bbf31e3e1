import { requestsApi, REQUEST_MESSAGES } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';
import { useNotifiedMutation } from '../../lib/use-notified-mutation';
import { applyRequestChange } from './board-cache';
import { readRecord } from './request-records';

/** DELETE /api/form-contact/delete/{id} (§7), Reading A of §8. */
export function deleteRequest(id: string) {
  return callEndpoint(
    requestsApi.remove,
    { params: { id } },
    { failureMessage: REQUEST_MESSAGES.deleteFailed },
  );
}

/**
 * §2 fetches the list again after a delete; here the card leaves its column and the column's
 * count drops by one, which is all that changed, without a call. A record already gone was
 * taken out by the live stream's event of this deletion (issue 36): not counted out twice.
 */
export function useDeleteRequest() {
  return useNotifiedMutation({
    mutationFn: deleteRequest,
    success: REQUEST_MESSAGES.deleted,
    failure: { notice: REQUEST_MESSAGES.deleteFailedNotice, log: REQUEST_MESSAGES.deleteFailed },
    onSuccess: async (queryClient, deleted) => {
      if (readRecord(queryClient, deleted._id))
        await applyRequestChange(queryClient, deleted, undefined);
    },
  });
}
