/*
 * The requests board's and card's words (issue 34 item 5: each feature's words in its catalogue
 * beside its schemas, docs/web.md "Words"). A lazy part's words have a file of their own so they
 * travel in its chunk (empty-board-labels.ts, log-activity-dialog-labels.ts, …).
 */
import { CLEAR_FILTERS_LABEL, columnTitleOf, type RequestStatus } from './constants.js';
import type { CLOSED_REQUIRED_FIELDS } from './request-rules.js';

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

/**
 * "Atajos de teclado" (issue 14): the board's keys, opened with "?" or the toolbar's button. Key
 * names are as printed on a Spanish keyboard; `spoken` names are what a screen reader reads for a
 * symbol.
 */
export const KEYBOARD_HELP_LABELS = {
  title: 'Atajos de teclado',
  /** Between two keys pressed one or the other: "Espacio o Intro". */
  or: 'o',
  key: 'Tecla',
  action: 'Qué hace',
  keys: {
    tab: 'Tab',
    shiftTab: 'Mayús+Tab',
    space: 'Espacio',
    enter: 'Intro',
    escape: 'Escape',
  },
  spoken: {
    down: 'Flecha abajo',
    up: 'Flecha arriba',
    right: 'Flecha derecha',
    left: 'Flecha izquierda',
    question: 'Signo de interrogación',
  },
  onBoard: 'En el tablero',
  onCard: 'En una tarjeta con el foco',
  everywhere: 'En todo el producto',
  goToColumn: (title: string) => `Ir a la columna ${title}`,
  scroll: (px: number) => `Desplazar el tablero hacia abajo o hacia arriba (${px} px)`,
  tabThrough: 'Pasar a la tarjeta o al botón siguiente o anterior',
  openHelp: 'Abrir esta ayuda',
  pickUp: 'Tomar la tarjeta para moverla de columna',
  carry: 'Llevarla a la columna de al lado',
  drop: 'Soltarla en esa columna',
  cancelMove: 'Cancelar el movimiento (la tarjeta vuelve a su columna)',
  closeDialog: 'Cerrar un diálogo o cancelar la confirmación de borrado de una tarjeta',
  columnKeysNote:
    'Con 1 a 5, el foco va a la primera tarjeta a la vista de esa columna (a la columna si no tiene tarjetas).',
  moveToNote: 'También puedes mover una tarjeta con su botón «Mover a…».',
} as const;

/** The board's own words: its heading, a column's header and empty column, its toolbar. */
export const BOARD_LABELS = {
  /** The board's heading, for screen readers (the sidebar's "Solicitudes"). */
  title: 'Solicitudes',
  empty: 'Sin solicitudes',
  /** A column header's count, read aloud: "12 solicitudes". */
  count: (count: number) => `${count} solicitudes`,
  create: 'Crear solicitud',
  pipeline: 'Pipeline',
  /** The phone's column switcher. */
  column: 'Columna',
  toolbar: 'Filtros del tablero',
  search: 'Buscar',
  /** The toolbar's filters: each one's name and its "all" choice. */
  mine: 'Mis solicitudes',
  vendorFilter: 'Ejecutivo',
  allVendors: 'Todos los ejecutivos',
  priorityFilter: 'Prioridad',
  allPriorities: 'Todas las prioridades',
  typeFilter: 'Tipo',
  allTypes: 'Todos los tipos',
  /** A column's button for its next page: "Cargar más (1.234)". */
  loadMore: (remaining: string) => `Cargar más (${remaining})`,
  /** The groups of the "Ejecutivo" selects: each role in plural. */
  roleGroups: { vendor: 'Vendedores', 'system admin': 'Administradores', driver: 'Choferes' },
} as const;

/** A move's messages (the spec has no moves; Spanish, the product's language). */
export const MOVE_MESSAGES = {
  movedMeanwhile: (status: RequestStatus) =>
    `Otra persona ya movió esta solicitud a ${columnTitleOf(status)}`,
  failed: 'No se pudo mover la solicitud. Volvió a su columna.',
} as const;

/** A card's words (§2): its lines' labels, its buttons and the delete confirmation's English. */
export const CARD_LABELS = {
  number: 'Número:',
  name: 'Nombre:',
  company: 'Compañía:',
  date: 'Fecha:',
  type: 'Tipo:',
  /** The priority bar's tooltip and the badge's words for screen readers: "Prioridad: Alta". */
  priority: (priority: string) => `Prioridad: ${priority}`,
  edit: 'Editar solicitud',
  remove: 'Eliminar solicitud',
  confirmRemove: (label: string) => `¿Eliminar ${label}?`,
  cancel: 'Cancel',
  delete: 'Delete',
  deleting: 'Deleting...',
  /** The avatar of a request without an executive, for one who may assign it. */
  assign: (noVendor: string) => `${noVendor}: asignar`,
} as const;

/** The request window's history when nothing is recorded yet. */
export const HISTORY_EMPTY_LABEL = 'Todavía no hay cambios registrados.';

/** §2's Create Request modal, in the spec's English, and the Edit Request window's title. */
export const CREATE_REQUEST_LABELS = {
  title: 'New request',
  name: 'Name',
  email: 'Email',
  requestType: 'Request Type',
  message: 'Message',
  submit: 'Submit',
  submitting: 'Submitting...',
} as const;
export const EDIT_REQUEST_TITLE = 'Editar solicitud';

/**
 * A card dragged from the keyboard or a pointer (issue 12): the instructions a screen reader
 * reads on a card, and what dnd-kit's live region says at each step. `card` is the request's
 * name as the card gives it, or `unknownCard`; `column` a column's title.
 */
export const DRAG_LABELS = {
  instructions:
    'Para mover la solicitud a otra columna, pulsa Espacio o Enter. Luego usa las flechas ' +
    'izquierda y derecha para elegir la columna, y pulsa Espacio o Enter para soltarla ahí, o ' +
    'Escape para cancelar. También puedes usar el botón «Mover a…» de la tarjeta.',
  unknownCard: 'La solicitud',
  /** `from` is fromColumn(…) or empty. */
  started: (card: string, from: string) =>
    `Tomaste ${card}${from}. Usa las flechas izquierda y derecha para cambiar de columna.`,
  fromColumn: (column: string) => ` de la columna ${column}`,
  overNothing: (card: string) => `${card} no está sobre ninguna columna.`,
  overOwn: (card: string, column: string) => `${card} está sobre su columna, ${column}.`,
  over: (card: string, column: string) => `${card} está sobre la columna ${column}.`,
  moved: (card: string, column: string) => `${card} movida a ${column}.`,
  /** `where` is stillIn(…) or empty. */
  dropped: (card: string, where: string) => `${card} soltada sin cambiar de columna.${where}`,
  cancelled: (where: string) => `Movimiento cancelado.${where}`,
  stillIn: (column: string) => ` Sigue en ${column}.`,
} as const;

/**
 * The §5 fields in plain Spanish, lower case to sit inside a sentence ("Faltan: método de pago,
 * …"). Worded as the Edit Request modal labels them, so a person finds each one there: "rubro"
 * is the modal's "Rubro" (the business line), "pax" keeps the modal's word and says what it
 * counts. The §5 messages themselves ("bussinesItem is required…") stay as the spec quotes them
 * (request-rules.ts).
 */
export const STAGE_FIELD_LABELS = {
  paymentMethod: 'método de pago',
  eventsQuantity: 'cantidad de eventos',
  pax: 'pax (número de personas)',
  sourceOfContact: 'fuente de contacto',
  bussinesItem: 'rubro',
  company: 'compañía',
  jobPosition: 'cargo',
  requestNumber: 'número de solicitud',
  vendor: 'ejecutivo asignado',
  amoutPaid: 'monto pagado',
  emailSentToCloseEvents: 'correo de cierre enviado',
} as const satisfies Record<(typeof CLOSED_REQUIRED_FIELDS)[number], string>;

/** The sentence around them: "Falta: cargo", "Faltan: método de pago, cargo, rubro y 4 más". */
export const MISSING_LABELS = {
  one: 'Falta',
  many: 'Faltan',
  and: 'y',
  more: (count: number) => `y ${count} más`,
} as const;
