import { activitiesApi } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';
import { useActivityMutation } from './activities-cache';

/** DELETE /api/form-contact/{id}/activities/{activityId}: answers the deleted activity. */
export function deleteActivity(id: string, activityId: string) {
  return callEndpoint(activitiesApi.remove, { params: { id, activityId } });
}

export const useDeleteActivity = (requestId: string) =>
  useActivityMutation(
    requestId,
    (activityId: string) => deleteActivity(requestId, activityId),
    true,
  );
