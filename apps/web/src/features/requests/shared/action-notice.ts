/**
 * A notice with a button ("Deshacer", "Completar datos", "Planificar la siguiente") stays 10 s,
 * twice a plain one's 5 s: time to read it, decide and reach the button. WCAG 2.2.1: it pauses
 * while hovered and while Alt+T holds the focus in the notices (until Escape), and nothing it
 * offers is only there: the card's "Mover a…" or a drag moves it back, its edit window completes
 * the data, an activity's "Hecha" box reopens it and "Planificar actividad" plans the next.
 */
export const ACTION_NOTICE_MS = 10_000;

/** A notice's button: 44×44 px on a phone, as the card's actions (issue 25 item 7); compact from md up. */
export const NOTICE_BUTTON_CLASS =
  'mt-1 mr-1.5 min-h-11 min-w-11 rounded-md px-2.5 py-1 text-xs font-semibold md:min-h-0 md:min-w-0 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';
