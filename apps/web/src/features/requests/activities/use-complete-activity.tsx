import { useRef, useState, type SyntheticEvent } from 'react';
import { flushSync } from 'react-dom';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import {
  ACTIVITY_LABELS,
  ACTIVITY_MESSAGES,
  NOTICE_OPTIONS,
  type Activity,
  type ActivityType,
  type NextActivity,
} from '@crm/shared';
import { activityChanged, currentActivityOf } from '../../../api/activities/activities-cache';
import { completeActivity } from '../../../api/activities/complete-activity';
import { activitiesQueryOptions } from '../../../api/activities/get-activities';
import { allAgendaQueryKey, removeFromAgenda } from '../../../api/activities/get-agenda';
import { reopenActivity } from '../../../api/activities/reopen-activity';
import { COMPLETE_LABELS } from '../../../lib/labels';
import { notify } from '../../../lib/notify';
import { ACTION_NOTICE_MS, BOARD_PATH, NOTICE_BUTTON_CLASS } from '../shared';

/**
 * The attribute of every control that completes an activity (Agenda's and "Para hoy"'s
 * "Completar", a card's next step, the window's "Hecha" boxes), its value the activity's id: the
 * focus goes from one to the next, and back to it after "Deshacer".
 */
export const COMPLETE_CONTROL = 'data-complete-control';

type PlanNext = { type: ActivityType; title: string };

/** The request window's history state after "Planificar la siguiente" elsewhere. */
type PlanNextState = { fromBoard: true; planNext: PlanNext };

/** What the request window opens its plan form with, if it was opened by "Planificar la siguiente". */
export function planNextOf(state: unknown): PlanNext | null {
  const planNext = (state as Partial<PlanNextState> | null)?.planNext;
  return planNext && typeof planNext.title === 'string' ? planNext : null;
}

export type CompleteCall = {
  requestId: string;
  /** A card's next step has no version: the request's activities are read first. */
  activity: Activity | NextActivity;
  /**
   * Where the next control is looked for (default: the dialog or the page's main content, which
   * also takes the focus when none is left).
   */
  scope?: HTMLElement | null;
  /** Where the focus goes when no other activity's control is left in `scope`. */
  fallback?: () => HTMLElement | null | undefined;
  /** "Planificar la siguiente" (default: the request's window, its plan form open with them). */
  onPlanNext?: (done: Activity) => void;
};

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

/** The click count of a click (0 for a key, 2 for a double click's second click). */
const clickCount = (event: SyntheticEvent) =>
  'detail' in event.nativeEvent && typeof event.nativeEvent.detail === 'number'
    ? event.nativeEvent.detail
    : 0;

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
      <button
        type="button"
        onClick={onUndo}
        className={`${NOTICE_BUTTON_CLASS} text-indigo-700 ring-1 ring-indigo-300 ring-inset hover:bg-indigo-50`}
      >
        {COMPLETE_LABELS.undo}
      </button>
      <button
        type="button"
        onClick={onPlanNext}
        className={`${NOTICE_BUTTON_CLASS} bg-indigo-600 text-white hover:bg-indigo-500`}
      >
        {ACTIVITY_LABELS.planNext}
      </button>
    </div>
  );
}

/**
 * Completing an activity, the same everywhere (issue 33 item 4): Agenda, "Para hoy", a card's
 * next step and the request window. Once done, the focus goes to the next activity's control
 * (else `fallback`, else the dialog or the main content: never the page itself), and a notice
 * offers "Deshacer" (planned again, its control gets the focus back) and "Planificar la
 * siguiente".
 *
 * No double completion: one completion at a time, and the second click of a double click (its
 * `detail` is 2) is ignored. The row leaves at once, so the next row's button slides under the
 * pointer; the browser counts that second click as the double click's whatever it lands on, so
 * this guard holds however fast the answer comes, on every surface, without keeping done rows on
 * screen. A key press (detail 0) or a deliberate later click (detail 1) still completes.
 */
export function useCompleteActivity() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const busy = useRef(false);
  const [pendingId, setPendingId] = useState<string | null>(null);

  const planInWindow = (requestId: string, done: Activity) => {
    const state: PlanNextState = {
      fromBoard: true,
      planNext: { type: done.type, title: done.title },
    };
    void navigate(
      // From the board its filters stay, as a card's pencil opens it.
      { pathname: `${BOARD_PATH}/${requestId}`, search: pathname === BOARD_PATH ? search : '' },
      { state },
    );
  };

  const undo = async (requestId: string, done: Activity, focus: Focus) => {
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
  };

  const showNotice = (requestId: string, done: Activity, call: CompleteCall, focus: Focus) => {
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
        onUndo={once(() => void undo(requestId, done, focus))}
        onPlanNext={once(() => (call.onPlanNext ?? ((d) => planInWindow(requestId, d)))(done))}
      />,
      { ...NOTICE_OPTIONS, toastId, type: 'success', autoClose: ACTION_NOTICE_MS },
    );
  };

  const run = async (
    control: HTMLElement,
    call: CompleteCall,
  ): Promise<(() => void) | undefined> => {
    const { requestId } = call;
    // The other controls, as they are now: after this one, then before it (nearest first).
    const scope = call.scope ?? control.closest<HTMLElement>('[role="dialog"], main');
    const controls = [
      ...(scope ?? document).querySelectorAll<HTMLElement>(`[${COMPLETE_CONTROL}]`),
    ];
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
      showNotice(requestId, done, call, focus);
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
  };

  /** Completes `call.activity`, asked by `event` (a click, a key, a box ticked). */
  const complete = (event: SyntheticEvent<HTMLElement>, call: CompleteCall) => {
    if (busy.current || clickCount(event) > 1) return;
    busy.current = true;
    setPendingId(call.activity._id);
    void run(event.currentTarget, call).then((moveFocus) => {
      busy.current = false;
      flushSync(() => setPendingId(null));
      moveFocus?.();
    });
  };

  return { complete, pendingId };
}
