import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  API_MESSAGES,
  REQUEST_MESSAGES,
  requestSchema,
  type Request,
  type UpdateRequestBody,
} from '@crm/shared';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { userKeys } from '../../users/api/query-keys';
import { requestKeys } from './query-keys';

/** PUT /api/user/assign-vendor (§7): vendorId null unassigns. */
export function assignVendor(formId: string, vendorId: string | null) {
  return apiRequest('/api/user/assign-vendor', {
    method: 'PUT',
    body: { formId, vendorId },
    schema: requestSchema,
  });
}

/** PUT /api/form-contact/update/{id} (§7) with the whole request, `version` included. */
export function updateRequest(request: UpdateRequestBody & { _id: string }) {
  return apiRequest(`/api/form-contact/update/${encodeURIComponent(request._id)}`, {
    method: 'PUT',
    body: request,
    schema: requestSchema,
  });
}

export type SaveRequestInput = { original: Request; draft: Request };

/** True when the save failed because someone else saved the request first (409). */
export const isConflict = (error: unknown) => error instanceof ApiError && error.status === 409;

/**
 * "Guardar cambios" (§2), in order: assign-vendor only when the vendor changed (then all users
 * are fetched again), then the update of the whole request (then all requests are fetched again).
 */
export function useSaveRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ original, draft }: SaveRequestInput) => {
      if (draft.vendor !== original.vendor) {
        await assignVendor(draft._id, draft.vendor);
        void queryClient.invalidateQueries({ queryKey: userKeys.all });
      }
      const saved = await updateRequest(draft);
      await queryClient.invalidateQueries({ queryKey: requestKeys.all });
      return saved;
    },
    onError: (error) => {
      if (isConflict(error)) {
        notify.error(API_MESSAGES.requestConflict);
        // The vendor may have been assigned before the conflict: show the server's state.
        return Promise.all([
          queryClient.invalidateQueries({ queryKey: requestKeys.all }),
          queryClient.invalidateQueries({ queryKey: userKeys.all }),
        ]);
      }
      console.error(error);
      notify.error(REQUEST_MESSAGES.updateFailed);
    },
  });
}
