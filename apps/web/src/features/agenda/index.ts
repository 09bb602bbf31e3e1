// The door of the agenda feature (/main/agenda, issue 20): the caller's overdue, today's and
// next 7 days' activities. The screen is its own chunk, loaded when first shown: the board's
// first visit doesn't pay for it (apps/web/scripts/check-budgets.mjs).
import { lazy } from 'react';

export const AGENDA_PATH = '/main/agenda';

export const AgendaPage = lazy(() =>
  import('./agenda-page').then((module) => ({ default: module.AgendaPage })),
);

// One activity's row (Inicio's "Para hoy" lists the same rows, issue 22).
export { AgendaRows } from './agenda-rows';
