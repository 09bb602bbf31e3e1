/*
 * Issue 33 item 4: completing an activity anywhere (Agenda, "Para hoy", a card's next step, the
 * request window): its notice and buttons ("Planificar la siguiente" is ACTIVITY_LABELS.planNext).
 * Words of the activities feature, beside activity.ts's schemas (docs/web.md "Words").
 */
export const COMPLETE_LABELS = {
  /** The card's button on its next step: "Completar: Llamar a Juan". */
  complete: (title: string) => `Completar: ${title}`,
  done: (title: string) => `Hecha: ${title}.`,
  undo: 'Deshacer',
  reopened: (title: string) => `Planificada otra vez: ${title}.`,
} as const;
