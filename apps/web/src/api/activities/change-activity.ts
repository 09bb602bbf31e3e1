import { activitiesApi, type ChangeActivityBody } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';
import { useActivityMutation } from './activities-cache';

export type ChangeActivityInput = { activityId: string; body: ChangeActivityBody };

/** PATCH /api/form-contact/{id}/activities/{activityId}: applies only at the version read. */
export function changeActivity(id: string, { activityId, body }: ChangeActivityInput) {
  return callEndpoint(activitiesApi.change, { params: { id, activityId }, body });
}

export const useChangeActivity = (requestId: string) =>
  useActivityMutation(requestId, (input: ChangeActivityInput) => changeActivity(requestId, input));
