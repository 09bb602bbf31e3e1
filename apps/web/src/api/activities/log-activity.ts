import { useMutation, useQueryClient } from '@tanstack/react-query';
import { activitiesApi, type Activity, type LogActivityBody } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';
import { activityChanged } from './activities-cache';

/**
 * POST /api/form-contact/{id}/activities/done (issue 33): a call, meeting, mail or task that
 * already happened, stored done now by the caller.
 */
export function logActivity(id: string, body: LogActivityBody) {
  return callEndpoint(activitiesApi.log, { params: { id }, body });
}

export type LogActivityVariables = { requestId: string; body: LogActivityBody };

/**
 * The request is chosen in the dialog (the Agenda's asks which): its activities and history
 * take the logged one as any activity change (activityChanged).
 */
export function useLogActivity() {
  const queryClient = useQueryClient();
  return useMutation<Activity, Error, LogActivityVariables>({
    mutationFn: ({ requestId, body }) => logActivity(requestId, body),
    onSuccess: (activity, { requestId }) => activityChanged(queryClient, requestId, activity),
  });
}
