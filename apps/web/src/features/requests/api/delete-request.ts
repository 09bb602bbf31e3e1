import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REQUEST_MESSAGES, requestSchema } from '@crm/shared';
import { apiRequest } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { requestKeys } from './query-keys';

/** DELETE /api/form-contact/delete/{id} (§7), Reading A of §8. */
export function deleteRequest(id: string) {
  return apiRequest(`/api/form-contact/delete/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: requestSchema,
    failureMessage: REQUEST_MESSAGES.deleteFailed,
  });
}

export function useDeleteRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRequest,
    onSuccess: () => {
      notify.success(REQUEST_MESSAGES.deleted);
      return queryClient.invalidateQueries({ queryKey: requestKeys.all });
    },
    onError: (error) => {
      console.error(REQUEST_MESSAGES.deleteFailed, error);
      notify.error(REQUEST_MESSAGES.deleteFailedNotice);
    },
  });
}
