// Business constants of the spec (§9), in one place for the API and the web app.

/** Request statuses in board order (§2, §4, §9). */
export const REQUEST_STATUSES = [
  'new request',
  'contacted',
  'quote sent',
  'follow up',
  'closed',
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** Board columns: status value, column title and the label of the stage select (§2). */
export const BOARD_COLUMNS = [
  { status: 'new request', title: 'NUEVA SOLICITUD', stageLabel: 'Nueva Solicitud' },
  { status: 'contacted', title: 'CONTACTADO', stageLabel: 'Contactado' },
  { status: 'quote sent', title: 'COTIZACIÓN ENVIADA', stageLabel: 'Cotización enviada' },
  { status: 'follow up', title: 'EN ESPERA', stageLabel: 'En espera' },
  { status: 'closed', title: 'CERRADO', stageLabel: 'Cerrado' },
] as const satisfies readonly { status: RequestStatus; title: string; stageLabel: string }[];

/** Whether a value (a select's, a drop target's id, an answer's) is one of the five statuses. */
export const isRequestStatus = (value: unknown): value is RequestStatus =>
  REQUEST_STATUSES.some((status) => status === value);

/** A stage's column title ("CONTACTADO"), as the board heads it (§2); an unknown value as is. */
export const columnTitleOf = (status: string): string =>
  BOARD_COLUMNS.find((column) => column.status === status)?.title ?? status;

export const REQUEST_TYPES = [
  'agendar reunión',
  'obtener una demo',
  'recibir asesoría',
  'otro',
] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];
export const DEFAULT_REQUEST_TYPE: RequestType = 'otro';

export const PRIORITIES = ['low', 'mid', 'high'] as const;
export type Priority = (typeof PRIORITIES)[number];
/** Select labels of "Prioridad" (§2). */
export const PRIORITY_LABELS: Record<Priority, string> = {
  low: 'Baja',
  mid: 'Media',
  high: 'Alta',
};
export type PriorityColor = 'green' | 'orange' | 'red';
/** Card bar colour (§2, §9): green for low, orange for mid, red for anything else. */
export function priorityColor(priority: string): PriorityColor {
  if (priority === 'low') return 'green';
  if (priority === 'mid') return 'orange';
  return 'red';
}

/**
 * Issue 35: `email`, a mail to the sales address that matched no request became one. Issue 36:
 * `api`, another site or tool sent it with an API token (POST /api/leads); the token's source
 * name, if it carries one, is in the request's history (`apiLead`).
 */
export const SOURCES_OF_CONTACT = ['unknown', 'website', 'vendor', 'email', 'api'] as const;
export type SourceOfContact = (typeof SOURCES_OF_CONTACT)[number];
export const SOURCE_OF_CONTACT_LABELS: Record<SourceOfContact, string> = {
  unknown: 'Desconocida',
  website: 'Formulario landing',
  vendor: 'Vendedor',
  email: 'Correo',
  api: 'API',
};

export const ROLES = ['system admin', 'vendor', 'driver'] as const;
export type Role = (typeof ROLES)[number];
/** The administrator's role string, exactly (§6, §9). */
export const ADMIN_ROLE = 'system admin' satisfies Role;
export const DEFAULT_CREATE_USER_ROLE: Role = ADMIN_ROLE;
/** Role options of the create-user form, in its order (§2). */
export const CREATE_USER_ROLE_OPTIONS = [
  { value: 'system admin', label: 'System Admin' },
  { value: 'vendor', label: 'Vendor' },
  { value: 'driver', label: 'Driver' },
] as const satisfies readonly { value: Role; label: string }[];
/** Role options of the Edit User modal, in its order (§2). */
export const EDIT_USER_ROLE_OPTIONS = [
  { value: 'vendor', label: 'Vendor' },
  { value: 'system admin', label: 'System admin' },
  { value: 'driver', label: 'Driver' },
] as const satisfies readonly { value: Role; label: string }[];

/**
 * Character classes (the inside of `[...]`) of the text rules, written with `\u` escapes only,
 * so the same source means the same in the API, the browser and the OpenAPI document's readers
 * (JSON Schema's ECMA-262 regexes, Python's `re`, whose `\s` and `\d` differ from JavaScript's).
 *
 * Control characters: Unicode Cc, i.e. C0 (U+0000-U+001F, NUL, tab, CR, LF...), DEL and C1.
 */
export const CONTROL_CHARACTERS = '\\u0000-\\u001f\\u007f-\\u009f';
/** Line and paragraph separators (U+2028, U+2029): line breaks to JavaScript and some readers. */
export const LINE_SEPARATORS = '\\u2028\\u2029';
/**
 * The blanks `String.prototype.trim` (zod's `.trim()`) strips besides control characters and
 * the separators above: the space, the other Unicode spaces (Zs) and the byte-order mark.
 */
export const BLANKS = ' \\u00a0\\u1680\\u2000-\\u200a\\u202f\\u205f\\u3000\\ufeff';
/** Tab, LF, vertical tab, form feed, CR: the control characters `trim` strips. */
const TRIMMED_CONTROL_CHARACTERS = '\\u0009-\\u000d';
/** Everything `trim` strips, so a text is blank when it holds nothing else. */
export const TRIMMED_CHARACTERS = `${TRIMMED_CONTROL_CHARACTERS}${LINE_SEPARATORS}${BLANKS}`;
/**
 * Bidirectional controls (ALM, LRM, RLM, the embeddings and overrides, the isolates): invisible,
 * they reorder what follows, so "Ana\u202Eelbat" reads as another name on a screen or in a mail
 * (issue 32). Unicode's Bidi_Control set.
 */
export const BIDI_CONTROLS = '\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069';
/**
 * Unicode's format characters (Cf, Unicode 17), the bidirectional controls among them: invisible,
 * so an address holding one (`vendorb@crm.test\u200b`) looks like another that is already taken.
 * The characters beyond the Basic Multilingual Plane are written as surrogate pairs, which a
 * pattern with the `u` flag reads as one code point (as the OpenAPI readers' ajv does).
 */
const FORMAT_CHARACTERS =
  '\\u00ad\\u0600-\\u0605\\u061c\\u06dd\\u070f\\u0890\\u0891\\u08e2\\u180e\\u200b-\\u200f' +
  '\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u206f\\ufeff\\ufff9-\\ufffb' +
  '\\ud804\\udcbd\\ud804\\udccd\\ud80d\\udc30-\\ud80d\\udc3f\\ud82f\\udca0-\\ud82f\\udca3' +
  '\\ud834\\udd73-\\ud834\\udd7a\\udb40\\udc01\\udb40\\udc20-\\udb40\\udc7f';
/**
 * What a name (any one-line field) may not hold anywhere: control characters, line breaks and
 * bidirectional controls.
 */
const NOT_ON_ONE_LINE = `${CONTROL_CHARACTERS}${LINE_SEPARATORS}${BIDI_CONTROLS}`;

export const PASSWORD_MIN_LENGTH = 8;
/** The special characters a password must contain one of (§5, §9). */
export const PASSWORD_SPECIAL_CHARACTERS = '.-#$!';
const escapeForClass = (chars: string) => chars.replace(/[\\\]^-]/g, '\\$&');
/**
 * Any character but a line terminator: what `.` means in JavaScript, spelled out because the
 * pattern is published in the OpenAPI document, and other engines' `.` (Python's) takes "\r".
 */
const NOT_LINE_TERMINATOR = '[^\\n\\r\\u2028\\u2029]';
export const PASSWORD_PATTERN = new RegExp(
  `^(?=${NOT_LINE_TERMINATOR}*[a-z])(?=${NOT_LINE_TERMINATOR}*[A-Z])` +
    `(?=${NOT_LINE_TERMINATOR}*[${escapeForClass(PASSWORD_SPECIAL_CHARACTERS)}])` +
    `${NOT_LINE_TERMINATOR}{${PASSWORD_MIN_LENGTH},}$`,
);

/**
 * "{email} with no spaces" (§5): one "@", something before it, and after it a dot with
 * something on each side. Written so that no input can make it backtrack: the domain's first
 * character may be anything but "@" or a space, then no dot until the one it needs. The
 * obvious `^[^\s@]+@[^\s@]+\.[^\s@]+$` accepts the same strings but takes quadratic time on
 * "a@" followed by many dots (seconds for 128 KB, which froze the API).
 */
export const EMAIL_PATTERN = emailPattern('', '');

/**
 * The email rule, optionally with `blanks` around it (what an email field accepts before its
 * trim). "No spaces" means none of JavaScript's `\s`, and no control character either (issue 18:
 * a NUL could end a string in a mail header or a log); no format character (Cf) and no dot at
 * the very end either (issue 32: `a@crm.test.` and `a@crm.test\u200b` read as `a@crm.test`).
 * The last character may be anything the rest may be but a dot: `part*` gives back one
 * character at most once, so the pattern stays linear.
 */
function emailPattern(before: string, after: string): RegExp {
  const visible = `${NOT_ON_ONE_LINE}${FORMAT_CHARACTERS}${BLANKS}`;
  const part = `[^@${visible}]`;
  const domainHead = `[^@.${visible}]`;
  return new RegExp(
    `^${before}${part}+@${part}${domainHead}*\\.${part}*${domainHead}${after}$`,
    'u',
  );
}

/**
 * The rule addresses were stored under before issue 32 (dots and format characters allowed at the
 * end): what sign-in and the import's executive column look addresses up with, so a user whose
 * address predates the stricter rule can still sign in, and be named, until an admin corrects it.
 */
export const EMAIL_LOOKUP_PATTERN = new RegExp(
  `^[^@${NOT_ON_ONE_LINE}${BLANKS}]+@[^@${NOT_ON_ONE_LINE}${BLANKS}][^@.${NOT_ON_ONE_LINE}${BLANKS}]*\\.[^@${NOT_ON_ONE_LINE}${BLANKS}]+$`,
);
/** EMAIL_PATTERN with the blanks an email field trims away around it (for the OpenAPI document). */
export const PADDED_EMAIL_PATTERN = emailPattern(`[${BLANKS}]*`, `[${BLANKS}]*`);

/** Single-line text: no control character (tab, CR, LF, NUL...) and no line separator. */
export const SINGLE_LINE_PATTERN = new RegExp(`^[^${NOT_ON_ONE_LINE}]*$`);
/**
 * Single-line text with something besides blanks (a required name). Leading blanks, then the
 * first other character, then anything single-line: one way to match, so it can't backtrack.
 */
export const REQUIRED_SINGLE_LINE_PATTERN = new RegExp(
  `^[${BLANKS}]*[^${NOT_ON_ONE_LINE}${BLANKS}][^${NOT_ON_ONE_LINE}]*$`,
);
/** Free text (a message, a note) holding something `trim` would not strip: not blank. */
export const NOT_BLANK_PATTERN = new RegExp(`[^${TRIMMED_CHARACTERS}]`);

/**
 * The longest value each free-text field takes. Every string is bounded first, before any
 * pattern or refinement runs, so no check ever sees a huge input; together they also bound
 * the size of every stored document (a request tops out near 26,000 characters).
 */
export const FIELD_MAX_LENGTH = {
  /** RFC 5321's longest forward path. */
  email: 254,
  /** A person's name or last name, a company, a job position. */
  name: 100,
  contactNumber: 50,
  /** The request's message. */
  message: 5000,
  note: 2000,
  /** paymentMethod, bussinesItem. */
  eventText: 100,
  password: 128,
  /** A photo URL. */
  photo: 2048,
  /** The ALTCHA widget's base64 payload. */
  captcha: 10_000,
  /** Ids and ISO dates are short; this only stops a pattern from seeing a long one. */
  token: 64,
  /** An activity's title ("Llamar para confirmar la fecha"): one line. */
  activityTitle: 200,
} as const;
/** Notes of one request: how many, and all of them together. */
export const MAX_NOTES_PER_REQUEST = 100;
export const MAX_NOTES_TOTAL_LENGTH = 20_000;

/**
 * Activities on a request (issue 20): what kind of next step, stored as a stable code, shown
 * with its Spanish label.
 */
export const ACTIVITY_TYPES = ['call', 'meeting', 'email', 'task'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/**
 * The signed-in screens' words (activities, next action, outcomes, users) live in
 * screen-labels.ts (issue 34): a module of their own, so the login and /form pages, which share
 * this file's patterns and limits, don't carry them. The Agenda's and Ajustes' too (issue 34 item
 * 3): the login page's titles (apps/web route-titles.ts) name those screens by APP_LABELS.
 */
export {
  ACTIVITY_TYPE_LABELS,
  ACTIVITY_LABELS,
  AGENDA_LABELS,
  SETTINGS_LABELS,
  NEXT_ACTION_LABELS,
  OUTCOME_LABELS,
  UNREAD_MAIL_LABELS,
  USERS_LABELS,
} from './screen-labels.js';

/**
 * Activities one request keeps, planned and done together. They live inside the request
 * document (docs/decisions.md, "Activities inside the request"): 200 of about 300 bytes each
 * stay far below MongoDB's 16 MB document limit; a request with more is a process to review.
 */
export const MAX_ACTIVITIES_PER_REQUEST = 200;

/** Every filtered list's way back to the whole list (the board's toolbar, the audit log). */
export const CLEAR_FILTERS_LABEL = 'Quitar filtros';

/**
 * Outages (issue 25): the page shown while the app's first data can't be had (the server or
 * its database away), and the button of every list that failed to load.
 */
export const OUTAGE_LABELS = {
  title: 'No podemos conectar con el servidor',
  explanation:
    'El servidor o su base de datos no responde en este momento. No se ha perdido nada: la aplicación vuelve a intentarlo sola y se abrirá en cuanto responda.',
  retry: 'Reintentar',
  retrying: 'Reintentando…',
  /** The countdown to the next automatic attempt. */
  nextAttempt: (seconds: number) => `Nuevo intento automático en ${seconds} s.`,
  /** The page when the signed-in app's own code can't be loaded (no automatic attempts there). */
  retryByHand:
    'El servidor no responde en este momento. No se ha perdido nada: pulsa «Reintentar» cuando vuelva.',
  /**
   * Issue 33: what a failed call says when the server or its database is away and the spec has
   * no words for it (in place of the API's English 503 message or "Network error").
   */
  unreachable: 'No podemos conectar con el servidor. Inténtalo de nuevo en un momento.',
  /** The same for the server's own failure (a 500) and an answer the app can't read. */
  serverFailed: 'El servidor no pudo completar la operación. Inténtalo de nuevo.',
} as const;

// Inicio's words (issue 22) live in a module of their own: a bundler places a module whole in
// one chunk, so here, in the module the login page loads, they would grow it; there, only the
// dashboard's chunk carries them.
export { DASHBOARD_LABELS } from './dashboard-labels.js';

export const BOARD_SCROLL_STEP_PX = 30;
export const MISSING_REQUEST_NUMBER = 'unnasigned';
export const CARD_DATE_FORMAT = 'dd/mm/yy';
/**
 * Notices: progress bar, close on click, pause on hover, draggable (§9). Issue 25 deliberately
 * moved them from §9's top right and 3000 ms to the bottom right, about 5 s, at most two at a
 * time: at the top they covered the column headers and, on a phone, the first card, and 3 s was
 * too short to read a move's notice. `limit` is the container's (layout/notices.tsx); a single
 * notice's options ignore it.
 */
export const NOTICE_OPTIONS = {
  position: 'bottom-right',
  autoClose: 5000,
  limit: 2,
  hideProgressBar: false,
  closeOnClick: true,
  pauseOnHover: true,
  draggable: true,
} as const;
/** Delete-user confirmation pop-up (§9): top centre, never closes by itself. */
export const DELETE_USER_CONFIRM_OPTIONS = { position: 'top-center', autoClose: false } as const;

export const STORAGE_KEYS = { token: 'crm.token', userId: 'id' } as const;

/** Placeholder values the server fills for event fields on creation (§3). */
export const EVENT_FIELD_PLACEHOLDERS = {
  paymentMethod: 'unknown',
  eventsQuantity: 0,
  pax: 0,
  bussinesItem: 'unknown',
  amoutPaid: 0,
  emailSentToCloseEvents: 'pending',
  eventDate: null,
} as const;

/**
 * Everything the server fills in on a request staff create (§3 "not shown"): the one place for
 * these defaults, used by the API's create, its model and the web tests' fake.
 */
export const NEW_REQUEST_DEFAULTS = {
  status: 'new request',
  priority: 'mid',
  sourceOfContact: 'vendor',
  vendor: null,
  notes: [],
  jobPosition: '',
  company: '',
  contactNumber: '',
  version: 0,
  statusVersion: 0,
  ...EVENT_FIELD_PLACEHOLDERS,
} as const satisfies {
  status: RequestStatus;
  priority: Priority;
  sourceOfContact: SourceOfContact;
  vendor: null;
  notes: readonly string[];
  jobPosition: string;
  company: string;
  contactNumber: string;
  version: number;
  statusVersion: number;
};
