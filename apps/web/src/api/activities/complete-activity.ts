import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACTIVITY_MESSAGES, api, type Activity } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { activityChanged, currentActivityOf, useActivityMutation } from './activities-cache';
import { removeFromAgenda } from './get-agenda';

/** POST /api/form-contact/{id}/activities/{activityId}/complete: done by the caller, now (409 when stale). */
export function completeActivity(id: string, { _id, version }: Activity) {
  return callEndpoint(api.activities.complete, {
    params: { id, activityId: _id },
    body: { version },
  });
}

export const useCompleteActivity = (requestId: string) =>
  useActivityMutation(requestId, (activity: Activity) => completeActivity(requestId, activity));

export type AgendaCompletion = { requestId: string; activity: Activity };

/**
 * "Completar" on an agenda row: the row leaves at once, and the request's card, the bell and
 * the other ranges follow (activityChanged). A 409 (done or changed meanwhile) says
 * so and shows the agenda as it is now.
 */
export function useCompleteFromAgenda() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, activity }: AgendaCompletion) =>
      completeActivity(requestId, activity),
    onSuccess: (saved, { requestId }) => {
      removeFromAgenda(queryClient, saved._id);
      activityChanged(queryClient, requestId, saved);
    },
    onError: (error, { requestId }) => {
      const current = currentActivityOf(error);
      if (!current) {
        console.error(error);
        notify.error(ACTIVITY_MESSAGES.changeFailed);
        return;
      }
      notify.error(ACTIVITY_MESSAGES.changedMeanwhile);
      if (current.done) removeFromAgenda(queryClient, current._id);
      activityChanged(queryClient, requestId, current);
    },
  });
}
