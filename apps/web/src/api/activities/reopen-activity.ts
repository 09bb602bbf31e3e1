import { activitiesApi, type Activity } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';
import { useActivityMutation } from './activities-cache';

/** POST /api/form-contact/{id}/activities/{activityId}/reopen: planned again (409 when stale). */
export function reopenActivity(id: string, { _id, version }: Activity) {
  return callEndpoint(activitiesApi.reopen, {
    params: { id, activityId: _id },
    body: { version },
  });
}

export const useReopenActivity = (requestId: string) =>
  useActivityMutation(requestId, (activity: Activity) => reopenActivity(requestId, activity));
