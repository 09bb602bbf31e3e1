/*
 * Issue 33: "Registrar actividad", a call, meeting, mail or task that already happened, logged
 * in one step: the words of the screens that open it, and of a phone's request window. The
 * dialog's own are log-activity-dialog-labels.ts, the contact links' contact-link-labels.ts
 * (lazy chunks of the web app).
 */

/** The opener's name: the card's menu, the request window, the Agenda's header. */
export const LOG_ACTIVITY_OPEN_LABEL = 'Registrar actividad';

/** On a phone, the request window's fields a rep uses less, folded behind it. */
export const MORE_FIELDS_LABEL = 'Más datos';
