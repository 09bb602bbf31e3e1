// The public contact form (issue 13): its labels, messages and limits. No zod here: the /form
// page imports this module alone (`@crm/shared/leads-text`) and must stay a few KB of script.
// The §5 and §8 messages and the limits it needs are re-exported from messages.ts and
// constants.ts (never spelled again); the package index exports only the LEAD_* names.

import { DEFAULT_REQUEST_TYPE, FIELD_MAX_LENGTH, REQUEST_TYPES } from './constants.js';
import { CREATE_REQUEST_MESSAGES, LOGIN_MESSAGES, REQUEST_MESSAGES } from './messages.js';

export { CREATE_REQUEST_MESSAGES, DEFAULT_REQUEST_TYPE, FIELD_MAX_LENGTH, REQUEST_TYPES };
export { EMAIL_PATTERN } from './constants.js';
export { FIELD_MESSAGES } from './messages.js';

/**
 * The form's hidden trap field: people never see or fill it (it is off-screen, out of the tab
 * order and hidden from screen readers); bots that fill every input do. A filled one gets a
 * normal-looking 201 and nothing is stored.
 */
export const LEAD_HONEYPOT_FIELD = 'homepage';

/** Labels of the /form page, in the product's language. */
export const LEAD_FORM_LABELS = {
  title: 'Contáctanos',
  intro: 'Déjanos tus datos y te responderemos pronto.',
  name: 'Nombre',
  email: 'Correo',
  company: 'Compañía',
  jobPosition: 'Cargo',
  contactNumber: 'Teléfono',
  requestType: 'Tipo de solicitud',
  message: 'Mensaje',
  optional: '(opcional)',
  submit: 'Enviar',
  submitting: 'Enviando...',
  another: 'Enviar otra solicitud',
  honeypot: 'No completar este campo',
} as const;

/** The select's option labels: the §9 request types as they read in a sentence. */
export const LEAD_REQUEST_TYPE_LABELS: Record<(typeof REQUEST_TYPES)[number], string> = {
  'agendar reunión': 'Agendar reunión',
  'obtener una demo': 'Obtener una demo',
  'recibir asesoría': 'Recibir asesoría',
  otro: 'Otro',
};

/** How a note the website form added to an open request starts (its sender is not verified). */
export const LEAD_UNVERIFIED_PREFIX = '[No verificado] ';

/** Messages of the public form that the spec does not give (Spanish, the product's language). */
export const LEAD_MESSAGES = {
  /** §5's captcha message, as on the login. */
  captchaRequired: LOGIN_MESSAGES.captchaRequired,
  /** §8 create-request failure, for anything but a field error. */
  submitFailed: REQUEST_MESSAGES.createFailed,
  /**
   * The form's answer and what the page shows, the same for a new request, a follow-up on an
   * open one and a caught bot: no request number, which would tell whoever knows an email the
   * number of its open request (issue 18). The person's confirmation email carries it.
   */
  success: '¡Gracias! Recibimos tu solicitud y te responderemos pronto.',
  textExpected: 'Debe ser texto',
  invalidPhone: 'Teléfono no válido: usa solo números, espacios y + ( ) - .',
  tooManyFromAddress:
    'Recibimos demasiadas solicitudes desde tu conexión. Por favor, inténtalo de nuevo más tarde.',
  tooManyOverall:
    'Estamos recibiendo demasiadas solicitudes en este momento. Por favor, inténtalo de nuevo en unos minutos.',
  /**
   * The note added to an open request when the same email writes again within the window. Anyone
   * may type someone else's email into the form, so the note says it is not verified.
   */
  followUpNote: (message: string) =>
    `${LEAD_UNVERIFIED_PREFIX}Nuevo mensaje desde el formulario web con el mismo correo: ${message}`,
  /** The staff notice when a website request arrives on the board (issue 13's wording). */
  newLeadNotice: (name: string) => `Nueva solicitud de ${name}`,
} as const;

/** Characters a contact number may hold: digits, blanks and + ( ) - . (linear pattern). */
export const LEAD_PHONE_PATTERN = /^[0-9+().\s-]*$/;

/** What the embed snippet needs to find its script tag and size its frame. */
export const LEAD_EMBED = {
  /** `<script src="https://<crm host>/embed.js" data-crm-form></script>` */
  attribute: 'data-crm-form',
  /** postMessage type the /form page sends to its parent with its height. */
  resizeMessage: 'crm-form:height',
} as const;

/** The longest value of each optional field of the form. */
export const LEAD_FIELD_MAX_LENGTH = {
  name: FIELD_MAX_LENGTH.name,
  email: FIELD_MAX_LENGTH.email,
  company: FIELD_MAX_LENGTH.name,
  jobPosition: FIELD_MAX_LENGTH.name,
  contactNumber: FIELD_MAX_LENGTH.contactNumber,
  message: FIELD_MAX_LENGTH.message,
} as const;

/** The website form's fields as text (the form as typed; what the emails repeat). */
export type LeadTextFields = {
  name: string;
  email: string;
  company: string;
  jobPosition: string;
  contactNumber: string;
  requestType: string;
  message: string;
};

/** What a request's emails need to say. */
export type LeadMailFields = LeadTextFields & {
  requestNumber: number;
  /** Issue 35: it came as a mail to the sales mailbox, not through the website form. */
  viaMail?: boolean;
  /**
   * Issue 36: another site or tool sent it with an API token; `source` names it as
   * API_LEAD_TEXT.source does ("API (Landing verano)").
   */
  viaApi?: { source: string };
};

/**
 * Typed text as one line of an email: every control character (C0, DEL, C1), line or paragraph
 * separator and bidirectional override becomes a space, runs of blanks one space. So no field
 * can start a line of its own (a forged "Bcc:" or "Mensaje:") or reorder what is shown.
 */
export const singleLine = (text: string) =>
  text
    .replace(/[\p{Cc}\p{Zl}\p{Zp}\u202A-\u202E\u2066-\u2069]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Where a lead came from, as the admins' notice says it. */
const leadOrigin = (lead: LeadMailFields) =>
  lead.viaApi
    ? `la ${singleLine(lead.viaApi.source)}`
    : lead.viaMail
      ? 'el correo de ventas'
      : 'el formulario web';

/**
 * The emails of a website request (sent when SMTP_URL is set): a confirmation to the person
 * and a notice to the system admins. `followUp`: the same email wrote again within the window
 * and the message became a note of the open request.
 *
 * Anyone can type any address into the form, so the confirmation is written for a stranger who
 * never asked for it: it repeats nothing typed but the name (on one line), says how to ignore
 * it, and goes at most once a day per address (lead-mail.ts). The admins' notice repeats every
 * field, each on its own line through `singleLine`, the message too (the full text is on the
 * board): no field can add lines, and no subject can carry a line break.
 */
export const LEAD_MAIL = {
  confirmationSubject: (lead: LeadMailFields, followUp: boolean) =>
    followUp
      ? `Recibimos tu nuevo mensaje (solicitud ${lead.requestNumber})`
      : `Recibimos tu solicitud número ${lead.requestNumber}`,
  confirmationText: (lead: LeadMailFields, followUp: boolean) =>
    [
      `Hola, ${singleLine(lead.name)}:`,
      '',
      followUp
        ? `Gracias por escribirnos de nuevo. Agregamos tu mensaje a tu solicitud número ${lead.requestNumber}.`
        : `Gracias por escribirnos. Recibimos tu solicitud con el número ${lead.requestNumber} y te responderemos pronto.`,
      '',
      'Si no enviaste este formulario, puedes ignorar este correo.',
    ].join('\n'),
  adminSubject: (lead: LeadMailFields, followUp: boolean) =>
    followUp
      ? `Nuevo mensaje de ${singleLine(lead.name)} en la solicitud ${lead.requestNumber}`
      : `Nueva solicitud de ${singleLine(lead.name)} (número ${lead.requestNumber})`,
  adminText: (lead: LeadMailFields, followUp: boolean) =>
    [
      followUp
        ? `Llegó un nuevo mensaje desde ${leadOrigin(lead)} para la solicitud número ${lead.requestNumber} (agregado como nota, sin verificar).`
        : `Llegó una nueva solicitud desde ${leadOrigin(lead)}: número ${lead.requestNumber}.`,
      '',
      `Nombre: ${singleLine(lead.name)}`,
      `Correo: ${singleLine(lead.email)}`,
      `Compañía: ${singleLine(lead.company)}`,
      `Cargo: ${singleLine(lead.jobPosition)}`,
      `Teléfono: ${singleLine(lead.contactNumber)}`,
      `Tipo de solicitud: ${singleLine(lead.requestType)}`,
      `Mensaje: ${singleLine(lead.message)}`,
    ].join('\n'),
} as const;
