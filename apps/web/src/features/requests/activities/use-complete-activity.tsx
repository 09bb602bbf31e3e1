import { useRef, useState, type SyntheticEvent } from 'react';
import { flushSync } from 'react-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Activity, ActivityType } from '@crm/shared';
import { BOARD_PATH } from '../shared';
import type { CompleteCall } from './complete-control';

export { COMPLETE_CONTROL, type CompleteCall } from './complete-control';

type PlanNext = { type: ActivityType; title: string };

/** The request window's history state after "Planificar la siguiente" elsewhere. */
type PlanNextState = { fromBoard: true; planNext: PlanNext };

/** What the request window opens its plan form with, if it was opened by "Planificar la siguiente". */
export function planNextOf(state: unknown): PlanNext | null {
  const planNext = (state as Partial<PlanNextState> | null)?.planNext;
  return planNext && typeof planNext.title === 'string' ? planNext : null;
}

/** The click count of a click (0 for a key, 2 for a double click's second click). */
const clickCount = (event: SyntheticEvent) =>
  'detail' in event.nativeEvent && typeof event.nativeEvent.detail === 'number'
    ? event.nativeEvent.detail
    : 0;

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

  /** Completes `call.activity`, asked by `event` (a click, a key, a box ticked). */
  const complete = (event: SyntheticEvent<HTMLElement>, call: CompleteCall) => {
    if (busy.current || clickCount(event) > 1) return;
    busy.current = true;
    setPendingId(call.activity._id);
    const control = event.currentTarget;
    // The rest (the call, the notice, "Deshacer") loads with the first completion: it is no
    // page's first paint (scripts/check-budgets.mjs LAZY_PARTS).
    void import('./complete-flow')
      .then(({ completeAndNotify }) =>
        completeAndNotify({ queryClient, control, call, planInWindow }),
      )
      .catch((error: unknown) => {
        console.error(error);
        return undefined;
      })
      .then((moveFocus) => {
        busy.current = false;
        flushSync(() => setPendingId(null));
        moveFocus?.();
      });
  };

  return { complete, pendingId };
}
