import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { activitySchema, compareActivities, type Activity, type ActivityList } from '@crm/shared';
import { conflictCurrent } from '../../lib/api-client';
import { refetchNextActionColumns } from '../requests/board-cache';
import { historyQueryKey } from '../requests/get-request-history';
import { readRecord } from '../requests/request-records';
import { reloadStoredRequest } from '../requests/update-request';
import { activitiesQueryKey } from './get-activities';
import { allAgendaQueryKey } from './get-agenda';
import { dueCountQueryKey } from './get-due-count';

/**
 * After an activity call: the request's activities entry takes the server's copy of that one
 * activity (or loses it), in the list's order; nothing of the board is read again. The modal's
 * history, which records each change, reloads.
 */
function showActivity(
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

/**
 * What an activity change (here, in another tab's agenda, or a 409 showing one) changes beyond
 * the request's list: the request's `nextActivity`, which the API rewrites in the same write,
 * so its record is read again and put through the board's cache like a save's answer (its card
 * redraws; only the columns filtered by "Próxima acción" it may have entered or left are read
 * again); the bell's count; and the agenda's ranges (read again when shown).
 */
async function refreshAfterActivityChange(queryClient: QueryClient, requestId: string) {
  void queryClient.invalidateQueries({ queryKey: dueCountQueryKey() });
  void queryClient.invalidateQueries({ queryKey: allAgendaQueryKey() });
  const shown = readRecord(queryClient, requestId);
  try {
    // Not cached (no card, no modal shows it): a "Próxima acción" column may list it now.
    if (!shown) await refetchNextActionColumns(queryClient);
    else await reloadStoredRequest(queryClient, shown);
  } catch (error) {
    // The change itself is stored; the card catches up on the column's next refresh.
    console.error(error);
  }
}

/**
 * An activity is as `activity` says now (`removed`: gone): the request's list shows it, and all
 * that follows from it catches up (refreshAfterActivityChange).
 */
export function activityChanged(
  queryClient: QueryClient,
  requestId: string,
  activity: Activity,
  removed = false,
) {
  showActivity(queryClient, requestId, activity, removed);
  void refreshAfterActivityChange(queryClient, requestId);
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
    onSuccess: (saved) => activityChanged(queryClient, requestId, saved, removed),
    onError: (error) => {
      const current = currentActivityOf(error);
      // Someone else changed it: the request's next activity may have changed with it.
      if (current) activityChanged(queryClient, requestId, current);
    },
  });
}
