/*
 * A request's history in words (issues 12, 20, 21, 24, 25, 33): "Ana C. movió de CONTACTADO a
 * COTIZACIÓN ENVIADA". The words of the history's lines, beside its schemas
 * (request-history.ts: HISTORY_EDITED_FIELD_LABELS, importedHistoryText); issue 34 item 5. A
 * file of its own: the history shows in the request window's lazy chunk. Quoted texts arrive
 * already shortened and in «», values already in words.
 */
export const HISTORY_LABELS = {
  /** The website form, or a change with no user behind it. */
  nobody: 'Alguien',
  /** A user who has since been deleted. */
  deletedUser: 'Usuario eliminado',
  /** An empty value, as the modal's "(vacío)". */
  empty: '(vacío)',
  showAll: 'Ver todo',
  showLess: 'Ver menos',
  yes: 'Sí',
  no: 'No',
  pending: 'Pendiente',
} as const;

/** One change, without who made it; `quote` is a «text». */
export const HISTORY_TEXT = {
  movedTo: (column: string) => `movió a ${column}`,
  movedFromTo: (from: string, to: string) => `movió de ${from} a ${to}`,
  unassigned: 'quitó la asignación',
  assignedTo: (name: string) => `asignó a ${name}`,
  /** `note` is ": «…»" or empty (entries before issue 25 hold no text). */
  noteAdded: (note: string) => `agregó una nota${note}`,
  noteRemoved: (note: string) => `borró una nota${note}`,
  noteEdited: (from: string, to: string) => `editó una nota: «${from}» → «${to}»`,
  noteQuote: (text: string) => `: «${text}»`,
  activityPlanned: (title: string) => `planificó «${title}»`,
  activityRemoved: (title: string) => `borró la actividad «${title}»`,
  activityRenamed: (from: string, to: string) => `renombró «${from}» a «${to}»`,
  activityTypeChanged: (title: string, type: string) => `cambió «${title}» a ${type}`,
  activityRescheduled: (title: string, due: string) => `reprogramó «${title}» para ${due}`,
  activityUnowned: (title: string) => `dejó «${title}» sin responsable`,
  activityOwned: (title: string, name: string) => `asignó «${title}» a ${name}`,
  activityDone: (title: string) => `completó «${title}»`,
  activityReopened: (title: string) => `reabrió «${title}»`,
  /** "registró llamada «…» · resultado: «…»"; `result` is resultQuote(…) or empty. */
  activityLogged: (type: string, title: string, result: string) =>
    `registró ${type} «${title}»${result}`,
  resultQuote: (text: string) => ` · resultado: «${text}»`,
  valueRemoved: 'quitó el monto estimado',
  valueSet: (amount: string) => `estimó el monto en ${amount}`,
  outcomeRemoved: 'quitó el resultado',
  outcomeSet: (outcome: string) => `marcó ${outcome}`,
  /** Who before the change: "Ana C. importó la solicitud: …", "Ana C. cambió Cargo: …". */
  imported: (who: string, what: string) => `${who} importó la solicitud: ${what}`,
  /** Issue 36: "Recibida por API (Landing verano) con un token de Ana C.". */
  apiLead: (who: string, what: string) => `${what} con un token de ${who}`,
  edited: (who: string, what: string) => `${who} cambió ${what}`,
  /** Issue 35: a mail from the request, and a customer's that joined it (no one did it). */
  emailSent: (subject: string) => `envió un correo: «${subject}»`,
  emailReceived: (from: string, subject: string) => `Llegó un correo de ${from}: «${subject}»`,
} as const;
