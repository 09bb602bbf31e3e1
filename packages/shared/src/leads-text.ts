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

/** Messages of the public form that the spec does not give (Spanish, the product's language). */
export const LEAD_MESSAGES = {
  /** §5's captcha message, as on the login. */
  captchaRequired: LOGIN_MESSAGES.captchaRequired,
  /** §8 create-request failure, for anything but a field error. */
  submitFailed: REQUEST_MESSAGES.createFailed,
  success: (requestNumber: number) =>
    `¡Gracias! Recibimos tu solicitud. Tu número de solicitud es ${requestNumber}.`,
  textExpected: 'Debe ser texto',
  invalidPhone: 'Teléfono no válido: usa solo números, espacios y + ( ) - .',
  tooManyFromAddress:
    'Recibimos demasiadas solicitudes desde tu conexión. Por favor, inténtalo de nuevo más tarde.',
  tooManyOverall:
    'Estamos recibiendo demasiadas solicitudes en este momento. Por favor, inténtalo de nuevo en unos minutos.',
  /** The note added to an open request when the same email writes again within the window. */
  followUpNote: (message: string) => `Nuevo mensaje desde el formulario web: ${message}`,
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
export type LeadMailFields = LeadTextFields & { requestNumber: number };

/** One line, for a subject: a name can't add header lines. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The emails of a website request (sent when SMTP_URL is set): a confirmation to the person
 * and a notice to the system admins. `followUp`: the same email wrote again within the window
 * and the message became a note of the open request.
 */
export const LEAD_MAIL = {
  confirmationSubject: (lead: LeadMailFields, followUp: boolean) =>
    followUp
      ? `Recibimos tu nuevo mensaje (solicitud ${lead.requestNumber})`
      : `Recibimos tu solicitud número ${lead.requestNumber}`,
  confirmationText: (lead: LeadMailFields, followUp: boolean) =>
    [
      `Hola, ${oneLine(lead.name)}:`,
      '',
      followUp
        ? `Gracias por escribirnos de nuevo. Agregamos tu mensaje a tu solicitud número ${lead.requestNumber}.`
        : `Gracias por escribirnos. Recibimos tu solicitud con el número ${lead.requestNumber} y te responderemos pronto.`,
      '',
      'Tu mensaje:',
      lead.message,
    ].join('\n'),
  adminSubject: (lead: LeadMailFields, followUp: boolean) =>
    followUp
      ? `Nuevo mensaje de ${oneLine(lead.name)} en la solicitud ${lead.requestNumber}`
      : `Nueva solicitud de ${oneLine(lead.name)} (número ${lead.requestNumber})`,
  adminText: (lead: LeadMailFields, followUp: boolean) =>
    [
      followUp
        ? `Llegó un nuevo mensaje desde el formulario web para la solicitud número ${lead.requestNumber} (agregado como nota).`
        : `Llegó una nueva solicitud desde el formulario web: número ${lead.requestNumber}.`,
      '',
      `Nombre: ${lead.name}`,
      `Correo: ${lead.email}`,
      `Compañía: ${lead.company}`,
      `Cargo: ${lead.jobPosition}`,
      `Teléfono: ${lead.contactNumber}`,
      `Tipo de solicitud: ${lead.requestType}`,
      '',
      'Mensaje:',
      lead.message,
    ].join('\n'),
} as const;
