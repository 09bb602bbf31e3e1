import { toast } from 'react-toastify';
import type { QueryClient } from '@tanstack/react-query';
import {
  ACTIVITY_LABELS,
  ACTIVITY_MESSAGES,
  NOTICE_OPTIONS,
  type Activity,
  COMPLETE_LABELS,
} from '@crm/shared';
import { activityChanged, currentActivityOf } from '../../../api/activities/activities-cache';
import { completeActivity } from '../../../api/activities/complete-activity';
import { activitiesQueryOptions } from '../../../api/activities/get-activities';
import { allAgendaQueryKey, removeFromAgenda } from '../../../api/activities/get-agenda';
import { reopenActivity } from '../../../api/activities/reopen-activity';
import { notify } from '../../../lib/notify';
import { ACTION_NOTICE_MS, NoticeAction } from '../shared';
import { COMPLETE_CONTROL, type CompleteCall } from './complete-control';

// What useCompleteActivity loads with the first completion: the call, the focus's next place, the
// notice and its "Deshacer" (issue 33 item 4).

/** Where the focus goes when nothing else takes it, and where a completion put it. */
type Focus = { fallback: () => HTMLElement | null; after: HTMLElement | null };

/** Whether the focus was lost (the page has it) or is on what just left or closed. */
const focusLost = (from: Element | null) => {
  const active = document.activeElement;
  return (
    !active ||
    active === document.body ||
    active === from ||
    !active.isConnected ||
    active.closest('.Toastify') !== null
  );
};

/**
 * The activity as the server has it now (a card's next step lacks its version), and whether
 * another one stays planned (the card's step then shows it, where its control stays).
 */
async function latest(
  queryClient: QueryClient,
  requestId: string,
  activity: CompleteCall['activity'],
): Promise<{ current?: Activity; more: boolean }> {
  if ('version' in activity) return { current: activity, more: false };
  const list = await queryClient.fetchQuery({ ...activitiesQueryOptions(requestId), staleTime: 0 });
  const planned = list.items.filter((item) => !item.done);
  return {
    current: planned.find((item) => item._id === activity._id),
    more: planned.length > 1,
  };
}

/** "Hecha: Llamar a Juan." [Deshacer] [Planificar la siguiente]. */
function CompletedNotice({
  activity,
  onUndo,
  onPlanNext,
}: {
  activity: Activity;
  onUndo: () => void;
  onPlanNext: () => void;
}) {
  return (
    <div className="space-y-1 text-sm">
      <p className="font-semibold">{COMPLETE_LABELS.done(activity.title)}</p>
      <NoticeAction look="secondary" onClick={onUndo}>
        {COMPLETE_LABELS.undo}
      </NoticeAction>
      <NoticeAction look="primary" onClick={onPlanNext}>
        {ACTIVITY_LABELS.planNext}
      </NoticeAction>
    </div>
  );
}

export type CompleteArgs = {
  queryClient: QueryClient;
  /** The control that asked. */
  control: HTMLElement;
  call: CompleteCall;
  /** "Planificar la siguiente" by default: the request's window, its plan form filled in. */
  planInWindow: (requestId: string, done: Activity) => void;
};

async function undo(queryClient: QueryClient, requestId: string, done: Activity, focus: Focus) {
  try {
    const reopened = await reopenActivity(requestId, done);
    activityChanged(queryClient, requestId, reopened);
    notify.success(COMPLETE_LABELS.reopened(reopened.title));
    // The agenda's row comes back with its ranges' refresh (activityChanged started it).
    await queryClient.refetchQueries(
      { queryKey: allAgendaQueryKey(), type: 'active' },
      { cancelRefetch: false },
    );
    setTimeout(() => {
      // Where the completion left it (a dialog takes it back from the notice), or lost.
      if (!focusLost(focus.after)) return;
      const control = document.querySelector<HTMLElement>(
        `[${COMPLETE_CONTROL}="${reopened._id}"]`,
      );
      (control ?? focus.fallback())?.focus();
    }, 0);
  } catch (error) {
    const current = currentActivityOf(error);
    notify.error(current ? ACTIVITY_MESSAGES.changedMeanwhile : ACTIVITY_MESSAGES.changeFailed);
    if (current) activityChanged(queryClient, requestId, current);
  }
}

/** The notice of a completion: "Deshacer" and "Planificar la siguiente", each once. */
function showNotice(args: CompleteArgs, done: Activity, focus: Focus) {
  const { queryClient, call, planInWindow } = args;
  const { requestId } = call;
  const toastId = `completed-${done._id}`;
  let used = false;
  const once = (action: () => void) => () => {
    if (used) return;
    used = true;
    toast.dismiss(toastId);
    action();
  };
  toast(
    <CompletedNotice
      activity={done}
      onUndo={once(() => void undo(queryClient, requestId, done, focus))}
      onPlanNext={once(() => (call.onPlanNext ?? ((d) => planInWindow(requestId, d)))(done))}
    />,
    { ...NOTICE_OPTIONS, toastId, type: 'success', autoClose: ACTION_NOTICE_MS },
  );
}

/**
 * Completes `args.call.activity` and shows its notice; answers what moves the focus once the
 * controls are enabled again (useCompleteActivity).
 */
export async function completeAndNotify(args: CompleteArgs): Promise<(() => void) | undefined> {
  const { queryClient, control, call } = args;
  const { requestId } = call;
  // The other controls, as they are now: after this one, then before it (nearest first).
  const scope = call.scope ?? control.closest<HTMLElement>('[role="dialog"], main');
  const controls = [...(scope ?? document).querySelectorAll<HTMLElement>(`[${COMPLETE_CONTROL}]`)];
  const at = controls.indexOf(control);
  const others = [...controls.slice(at + 1), ...controls.slice(0, Math.max(at, 0)).reverse()];
  const focus: Focus = {
    fallback: () => call.fallback?.() ?? (scope?.matches('[role="dialog"], main') ? scope : null),
    after: null,
  };
  try {
    const { current, more } = await latest(queryClient, requestId, call.activity);
    if (!current) {
      // Done, or deleted, meanwhile: what shows it catches up.
      notify.error(ACTIVITY_MESSAGES.changedMeanwhile);
      removeFromAgenda(queryClient, call.activity._id);
      void queryClient.invalidateQueries({ queryKey: allAgendaQueryKey() });
      return undefined;
    }
    const done = await completeActivity(requestId, current);
    removeFromAgenda(queryClient, done._id);
    activityChanged(queryClient, requestId, done);
    showNotice(args, done, focus);
    // Once the controls are enabled again (complete's finally).
    return () => {
      if (!focusLost(control)) return;
      const next = others.find((element) => element.isConnected && !element.matches(':disabled'));
      // A card's step stays where it was and shows the next one planned.
      focus.after = next ?? (more && control.isConnected ? control : focus.fallback()) ?? null;
      focus.after?.focus();
    };
  } catch (error) {
    const current = currentActivityOf(error);
    if (!current) {
      console.error(error);
      notify.error(ACTIVITY_MESSAGES.changeFailed);
      return undefined;
    }
    notify.error(ACTIVITY_MESSAGES.changedMeanwhile);
    if (current.done) removeFromAgenda(queryClient, current._id);
    activityChanged(queryClient, requestId, current);
    return undefined;
  }
}
