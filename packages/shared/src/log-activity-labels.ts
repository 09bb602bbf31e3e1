/*
 * Issue 33: "Registrar actividad", a call, meeting, mail or task that already happened, logged
 * in one step, and the request window's ways to reach the customer. The dialog's words are read
 * only by the dialog (a lazy chunk of the web app); the opener's name and the contact links'
 * words ride with the screens that show them.
 */

/** The opener's name: the card's menu, the request window, the Agenda's header. */
export const LOG_ACTIVITY_OPEN_LABEL = 'Registrar actividad';

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

/** The request window's links beside the email and the phone. */
export const CONTACT_LINK_LABELS = {
  email: 'Escribir correo',
  call: 'Llamar',
  whatsApp: 'WhatsApp',
  /** Their names for screen readers: "Escribir correo a marta@andes.cl". */
  emailTo: (email: string) => `Escribir correo a ${email}`,
  callTo: (phone: string) => `Llamar al ${phone}`,
  whatsAppTo: (phone: string) => `Escribir por WhatsApp al ${phone}`,
} as const;

/** On a phone, the request window's fields a rep uses less, folded behind it. */
export const MORE_FIELDS_LABEL = 'Más datos';
