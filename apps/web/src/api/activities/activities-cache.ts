import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { activitySchema, compareActivities, type Activity, type ActivityList } from '@crm/shared';
import { conflictCurrent } from '../../lib/api-client';
import { historyQueryKey } from '../requests/get-request-history';
import { activitiesQueryKey } from './get-activities';

/**
 * After an activity call: the request's activities entry takes the server's copy of that one
 * activity (or loses it), in the list's order; nothing of the board is read again. The modal's
 * history, which records each change, reloads.
 */
export function showActivity(
  queryClient: QueryClient,
  requestId: string,
  activity: Activity,
  removed = false,
) {
  queryClient.setQueryData<ActivityList>(activitiesQueryKey(requestId), (list) => {
    if (!list) return list;
    const others = list.items.filter((item) => item._id !== activity._id);
    return { items: removed ? others : [...others, activity].sort(compareActivities) };
  });
  void queryClient.invalidateQueries({ queryKey: historyQueryKey(requestId) });
}

/** The activity as it is now, from a 409's `current.activity` (a stale version, done already). */
export function currentActivityOf(error: unknown): Activity | undefined {
  const parsed = activitySchema.safeParse(conflictCurrent(error, 'activity'));
  return parsed.success ? parsed.data : undefined;
}

/**
 * A mutation of one activity of a request: its answer goes into the activities entry (`removed`:
 * out of it); a 409 (a stale version, done or open already) shows the activity as it is now,
 * and the caller keeps what was typed.
 */
export function useActivityMutation<TVariables>(
  requestId: string,
  mutationFn: (variables: TVariables) => Promise<Activity>,
  removed = false,
) {
  const queryClient = useQueryClient();
  return useMutation<Activity, Error, TVariables>({
    mutationFn,
    onSuccess: (saved) => showActivity(queryClient, requestId, saved, removed),
    onError: (error) => {
      const current = currentActivityOf(error);
      if (current) showActivity(queryClient, requestId, current);
    },
  });
}
