/*
 * The requests board's and card's words (issue 34 item 5: each feature's words in its catalogue
 * beside its schemas, docs/web.md "Words"). A lazy part's words have a file of their own so they
 * travel in its chunk (empty-board-labels.ts, log-activity-dialog-labels.ts, …).
 */
import { CLEAR_FILTERS_LABEL } from './constants.js';

/**
 * The Edit Request modal's side sections (issue 25), each a heading that folds it. "Mensaje"
 * and "Notas" are §2's words; "Actividades" is ACTIVITY_LABELS.section.
 */
export const REQUEST_SECTION_LABELS = {
  message: 'Mensaje',
  notes: 'Notas',
  history: 'Historial',
} as const;

/**
 * The board's moves and its phone filters (issue 25): a move's notice and its buttons, the line a
 * card leaves in the one column a phone shows, and the "Filtros" sheet's button.
 */
export const BOARD_MOVE_LABELS = {
  movedTo: (title: string) => `Movida a ${title}`,
  /** The notice of a move undone with "Deshacer". */
  movedBack: (title: string) => `Devuelta a ${title}`,
  undo: 'Deshacer',
  complete: 'Completar datos',
  /** "Ver" on the line a card leaves: shows the stage it went to, with the focus on it. */
  show: 'Ver',
  showLabel: (title: string) => `Ver la solicitud en ${title}`,
  filters: 'Filtros',
  /** The phone toolbar's button: how many of the filters are on, "Filtros (2)". */
  filtersCount: (active: number) => (active > 0 ? `Filtros (${active})` : 'Filtros'),
  clearFilters: CLEAR_FILTERS_LABEL,
  done: 'Listo',
} as const;

/**
 * Issue 33 item 6: the amount paid asked with "Ganada" in the closing question, and the stage
 * checklist's warning (shown once per stage change, features/requests/shared/stage-warnings.ts).
 */
export const CLOSING_LABELS = {
  amountPaid: 'Monto pagado',
  amountPaidHint: 'Sugerido: el monto estimado. Vacío: lo completas después.',
  checklistDone: 'Requisitos de la etapa completos',
  dismiss: 'Entendido',
  dismissLabel: 'Ocultar el aviso de datos que faltan',
} as const;

/** Issue 24's bar of bulk actions: its name, and the delete confirmation's buttons. */
export const BULK_BAR_LABELS = {
  bar: 'Acciones con la selección',
  cancel: 'Cancelar',
} as const;

/**
 * Issue 33: under the board's toolbar, a search's matches its filters hide ("3 más con otros
 * ejecutivos · Ver todas"); `count` is already "100+" past the API's cap.
 */
export const HIDDEN_MATCHES_LABELS = {
  /** Only the executive filter hides them. */
  otherVendors: (count: string) => `${count} más con otros ejecutivos`,
  /** Other filters (priority, type, next step, result) hide some. */
  otherFilters: (count: string) => `${count} más fuera de los filtros`,
  showAll: 'Ver todas',
} as const;
