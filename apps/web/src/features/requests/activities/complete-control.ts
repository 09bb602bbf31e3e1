import type { Activity, NextActivity } from '@crm/shared';

/**
 * The attribute of every control that completes an activity (Agenda's and "Para hoy"'s
 * "Completar", a card's next step, the window's "Hecha" boxes), its value the activity's id: the
 * focus goes from one to the next, and back to it after "Deshacer".
 */
export const COMPLETE_CONTROL = 'data-complete-control';

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
