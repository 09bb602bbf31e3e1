import {
  API_MESSAGES,
  CLEAR_FILTERS_LABEL,
  CREATE_REQUEST_MESSAGES,
  LOGIN_MESSAGES,
  REQUEST_MESSAGES,
  SESSION_MESSAGES,
  USER_MESSAGES,
} from '@crm/shared';

/**
 * Interface labels of the spec that appear in more than one component, quoted exactly (§2, §4).
 * Labels used once live in their component; messages of §5/§8 live in @crm/shared.
 */
export const LABELS = {
  loading: 'Loading...',
  noVendor: 'Sin ejecutivo',
  /** The login screen's heading (§2), also its document title. */
  login: 'Iniciar sesión',
  /** Sidebar links (§2), also the document titles of their screens. */
  home: 'Inicio',
  profile: 'Perfil',
  users: 'Usuarios',
  requests: 'Solicitudes',
  /** A dialog's X button (issue 33: Spanish, not "Close"). */
  close: 'Cerrar',
} as const;

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
 * The product speaks Spanish (`<html lang="es">`); the spec fixes some of its words in English.
 * Those carry `lang="en"` where they render, so screen readers pronounce them right.
 */
export const EN = { lang: 'en' } as const;

/** Messages of the catalogue the spec (or the API, §8 "not shown") words in English. */
const SPANISH_MESSAGES: readonly string[] = [
  LOGIN_MESSAGES.captchaRequired,
  SESSION_MESSAGES.userDataFailed,
  USER_MESSAGES.created,
  USER_MESSAGES.createFailed,
];
const ENGLISH_MESSAGES: ReadonlySet<string> = new Set<string>(
  [
    ...Object.values(LOGIN_MESSAGES),
    ...Object.values(CREATE_REQUEST_MESSAGES),
    ...Object.values(SESSION_MESSAGES),
    ...Object.values(REQUEST_MESSAGES),
    ...Object.values(USER_MESSAGES),
    ...Object.values(API_MESSAGES),
    LABELS.loading,
  ]
    // Messages with a parameter (functions) are left out.
    .filter((message): message is Extract<typeof message, string> => typeof message === 'string')
    .filter((message) => !SPANISH_MESSAGES.includes(message)),
);

/** `"en"` for a message the spec fixes in English, else undefined (the page's Spanish). */
export function langOf(message: string | undefined): 'en' | undefined {
  return message !== undefined && ENGLISH_MESSAGES.has(message) ? 'en' : undefined;
}

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

/**
 * The public account pages (issue 23: forgotten password, one-time links) and the invitation's
 * controls on the users screen; their headings and messages are PROFILE_LABELS and
 * ACCOUNT_MESSAGES (@crm/shared).
 */
export const ACCOUNT_LABELS = {
  forgotIntro: 'Escribe el correo de tu cuenta y te enviaremos un enlace para crear una nueva.',
  sending: 'Enviando...',
  saving: 'Guardando...',
  checkingLink: 'Comprobando el enlace...',
  linkCheckFailed: 'No se pudo comprobar el enlace. Revisa tu conexión e inténtalo de nuevo.',
  requestFailed: 'No se pudo completar. Inténtalo de nuevo.',
  retry: 'Reintentar',
  accountOf: (email: string) => `Cuenta: ${email}`,
  newEmailOf: (email: string) => `Nuevo correo: ${email}`,
  backToProfile: 'Volver a Perfil',
  /** The create form's choice between an invitation and a typed password. */
  access: 'Acceso',
  invitationLinkTitle: 'Enlace de invitación',
  copyLink: 'Copiar enlace',
  linkCopied: 'Enlace copiado',
  close: 'Cerrar',
} as const;

/** Issue 24's bar of bulk actions: its name, and the delete confirmation's buttons. */
export const BULK_BAR_LABELS = {
  bar: 'Acciones con la selección',
  cancel: 'Cancelar',
} as const;

/**
 * Issue 33 item 4: completing an activity anywhere (Agenda, "Para hoy", a card's next step, the
 * request window): its notice and buttons ("Planificar la siguiente" is ACTIVITY_LABELS.planNext).
 */
export const COMPLETE_LABELS = {
  /** The card's button on its next step: "Completar: Llamar a Juan". */
  complete: (title: string) => `Completar: ${title}`,
  done: (title: string) => `Hecha: ${title}.`,
  undo: 'Deshacer',
  reopened: (title: string) => `Planificada otra vez: ${title}.`,
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
