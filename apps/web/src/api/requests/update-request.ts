import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  api,
  API_MESSAGES,
  queryKeyOfGroup,
  REQUEST_MESSAGES,
  type Request,
  type UpdateRequestBody,
} from '@crm/shared';
import { ApiError, callEndpoint } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { assignVendor } from './assign-vendor';

/** PUT /api/form-contact/update/{id} (§7) with the whole request, `version` included. */
export function updateRequest(request: UpdateRequestBody & { _id: string }) {
  return callEndpoint(api.requests.update, { params: { id: request._id }, body: request });
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
        void queryClient.invalidateQueries({ queryKey: queryKeyOfGroup('users') });
      }
      const saved = await updateRequest(draft);
      await queryClient.invalidateQueries({ queryKey: queryKeyOfGroup('requests') });
      return saved;
    },
    onError: (error) => {
      if (isConflict(error)) {
        notify.error(API_MESSAGES.requestConflict);
        // The vendor may have been assigned before the conflict: show the server's state.
        return Promise.all([
          queryClient.invalidateQueries({ queryKey: queryKeyOfGroup('requests') }),
          queryClient.invalidateQueries({ queryKey: queryKeyOfGroup('users') }),
        ]);
      }
      console.error(error);
      notify.error(REQUEST_MESSAGES.updateFailed);
    },
  });
}
