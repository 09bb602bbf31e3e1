import { activitiesApi, type Activity } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';

/** POST /api/form-contact/{id}/activities/{activityId}/complete: done by the caller, now (409 when stale). */
export function completeActivity(id: string, { _id, version }: Activity) {
  return callEndpoint(activitiesApi.complete, {
    params: { id, activityId: _id },
    body: { version },
  });
}
