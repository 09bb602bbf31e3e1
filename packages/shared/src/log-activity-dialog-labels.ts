/*
 * Issue 33's "Registrar actividad" dialog in words: a module of its own, read only by the dialog
 * (a lazy chunk of the web app), so none of it rides in the board's first visit.
 */

/** The dialog. */
export const LOG_ACTIVITY_LABELS = {
  title: 'Registrar actividad',
  intro: 'Algo que ya hiciste: queda como hecha ahora, a tu nombre, y en el historial.',
  request: 'Solicitud',
  requestSearch: 'Buscar solicitud (nombre, correo, empresa)',
  requestHint: 'Escribe al menos 2 letras.',
  requestNone: 'Ninguna solicitud coincide.',
  requestRequired: 'Elige la solicitud.',
  searching: 'Buscando…',
  type: 'Tipo',
  what: 'Qué se hizo',
  outcome: 'Resultado (opcional)',
  outcomePlaceholder: 'Interesada, pide cotización',
  submit: 'Registrar',
  cancel: 'Cancelar',
  done: 'Actividad registrada',
} as const;
