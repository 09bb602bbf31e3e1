import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, queryKeyOfGroup, REQUEST_MESSAGES } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';
import { notify } from '../../lib/notify';

/** DELETE /api/form-contact/delete/{id} (§7), Reading A of §8. */
export function deleteRequest(id: string) {
  return callEndpoint(
    api.requests.remove,
    { params: { id } },
    { failureMessage: REQUEST_MESSAGES.deleteFailed },
  );
}

export function useDeleteRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRequest,
    onSuccess: () => {
      notify.success(REQUEST_MESSAGES.deleted);
      return queryClient.invalidateQueries({ queryKey: queryKeyOfGroup('requests') });
    },
    onError: (error) => {
      console.error(REQUEST_MESSAGES.deleteFailed, error);
      notify.error(REQUEST_MESSAGES.deleteFailedNotice);
    },
  });
}
