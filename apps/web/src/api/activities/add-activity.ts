import { activitiesApi, type AddActivityBody } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';
import { useActivityMutation } from './activities-cache';

/** POST /api/form-contact/{id}/activities: the owner defaults to the request's executive. */
export function addActivity(id: string, body: AddActivityBody) {
  return callEndpoint(activitiesApi.add, { params: { id }, body });
}

export const useAddActivity = (requestId: string) =>
  useActivityMutation(requestId, (body: AddActivityBody) => addActivity(requestId, body));
