import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  requestsApi,
  queryKeyOfGroup,
  REQUEST_MESSAGES,
  type Request,
  type UpdateRequestBody,
} from '@crm/shared';
import { ApiError, callEndpoint, isConflict } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { sameValue } from '../../lib/same-value';
import { assignVendor } from './assign-vendor';
import { applyRequestChange } from './board-cache';
import { historyQueryKey } from './get-request-history';
import { requestQueryOptions } from './get-request';

/** PUT /api/form-contact/update/{id} (§7) with the whole request, `version` included. */
export function updateRequest(request: UpdateRequestBody & { _id: string }) {
  return callEndpoint(requestsApi.update, { params: { id: request._id }, body: request });
}

export type SaveRequestInput = { original: Request; draft: Request };

/**
 * The update's body: the draft as it is, with its outcome (issue 21) only when it was set or
 * changed on a closed request; absent, the API leaves the stored one.
 */
function updateBodyOf({ original, draft }: SaveRequestInput) {
  const { outcome, ...rest } = draft;
  return outcome && draft.status === 'closed' && !sameValue(outcome, original.outcome)
    ? { ...rest, outcome }
    : rest;
}

/**
 * Reads the stored request again (after a 409) into its query and the board; null when it is
 * gone meanwhile. The Edit Request modal merges it under the user's draft (merge-request.ts).
 */
export async function reloadStoredRequest(
  queryClient: QueryClient,
  shown: Request,
): Promise<Request | null> {
  try {
    const stored = await queryClient.fetchQuery({
      ...requestQueryOptions(shown._id),
      staleTime: 0,
    });
    await applyRequestChange(queryClient, shown, stored);
    return stored;
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
    await applyRequestChange(queryClient, shown, undefined);
    return null;
  }
}

/**
 * "Guardar cambios" (§2), in order: assign-vendor only when the vendor changed (then all users
 * are fetched again, as §2 says), then the update of the whole request. §2 then fetches all
 * requests again; here only the saved card is replaced, and only the columns it left or entered
 * change (see board-cache.ts).
 */
export function useSaveRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SaveRequestInput) => {
      const { original, draft } = input;
      if (draft.vendor !== original.vendor) {
        await assignVendor(draft._id, draft.vendor);
        void queryClient.invalidateQueries({ queryKey: queryKeyOfGroup('users') });
      }
      return updateRequest(updateBodyOf(input));
    },
    onSuccess: (saved, { original }) => applyRequestChange(queryClient, original, saved),
    // Even a failed save may have recorded an assignment (sent first) in the history.
    onSettled: (_saved, _error, { draft }) => {
      void queryClient.invalidateQueries({ queryKey: historyQueryKey(draft._id) });
    },
    onError: (error) => {
      if (isConflict(error)) {
        // No notice: the caller keeps the draft, reads the stored copy (reloadStoredRequest)
        // and shows what the other person changed beside the draft, which says more than
        // API_MESSAGES.requestConflict's "reload and apply your changes again" (issue 12).
        // The vendor may have been assigned before the conflict: show the server's state.
        void queryClient.invalidateQueries({ queryKey: queryKeyOfGroup('users') });
        return;
      }
      console.error(error);
      notify.error(REQUEST_MESSAGES.updateFailed);
    },
  });
}
