/*
 * The signed-in screens' words (issue 34: out of constants.ts, which the login and /form pages
 * load for its patterns and limits; constants.ts re-exports them, so imports stay as they were).
 */
import { APP_LABELS } from './app-labels.js';
import type { ActivityType } from './constants.js';

export const ACTIVITY_TYPE_LABELS: Record<ActivityType, string> = {
  call: 'Llamada',
  meeting: 'Reunión',
  email: 'Correo',
  task: 'Tarea',
};
/**
 * The words of activities on screen (issue 20): the Edit Request modal's "Actividades", and the
 * due moments the card and the agenda show too ("Hoy 15:00", "Mañana", "12 dic").
 */
export const ACTIVITY_LABELS = {
  section: 'Actividades',
  planned: 'Planificadas',
  done: 'Hechas',
  none: 'Sin actividades planificadas.',
  plan: 'Planificar actividad',
  closePlan: 'Cerrar nueva actividad',
  type: 'Tipo',
  title: 'Título',
  date: 'Fecha',
  time: 'Hora (opcional)',
  quickChoices: 'Elegir fecha',
  today: 'Hoy',
  tomorrow: 'Mañana',
  nextWeek: 'Próxima semana',
  add: 'Planificar',
  save: 'Guardar',
  cancel: 'Cancelar',
  edit: 'Editar actividad',
  remove: 'Eliminar actividad',
  removeConfirm: '¿Eliminar esta actividad?',
  keep: 'Conservar',
  /** A checkbox's name: "Hecha: Llamar para confirmar". */
  doneMark: 'Hecha',
  overdue: 'vencida',
  owner: 'Responsable',
  noOwner: 'Sin responsable',
  /** After completing one: plan the next with its title. */
  planNext: 'Planificar la siguiente',
  changedMeanwhile:
    'Otra persona cambió esta actividad mientras la editabas. Lo que escribiste sigue aquí; guarda para aplicarlo sobre su versión:',
} as const;

/** The card's next step and the board's "Próxima acción" filter (issue 20). */
export const NEXT_ACTION_LABELS = {
  /** An open request without a planned activity. */
  none: 'Sin próxima acción',
  /** The board filter's name and its choices (board.ts NEXT_ACTION_FILTERS). */
  filter: 'Próxima acción',
  filterAny: 'Todas las próximas acciones',
  filters: {
    overdue: 'Vencida',
    today: 'Hoy',
    week: 'Esta semana',
    none: 'Sin acción',
  },
  /** A card whose request sat in its stage longer than the stage's limit: "Estancada 9 días". */
  stale: (days: number) => `Estancada ${days} ${days === 1 ? 'día' : 'días'}`,
} as const;

/** Value and outcomes (issue 21): the modal, the card, the closing question, the board. */
export const OUTCOME_LABELS = {
  expectedValue: 'Monto estimado',
  question: '¿Ganada o perdida?',
  won: 'Ganada',
  lost: 'Perdida',
  none: 'Sin resultado',
  reason: 'Motivo',
  comment: 'Comentario (opcional)',
  confirm: 'Cerrar solicitud',
  cancel: 'Cancelar',
  /** The card's line: "Perdida: Precio". */
  lostBecause: (reason: string) => `Perdida: ${reason}`,
  filter: 'Resultado',
  filterAny: 'Todos los resultados',
  filters: { won: 'Ganadas', lost: 'Perdidas', none: 'Sin resultado' },
  /** Above the columns: the open stages' value and its weighted forecast. */
  pipelineTotal: 'Pipeline abierto',
  forecast: 'Pronóstico ponderado',
  /** What each of them counts (issue 33), as their tooltip. */
  pipelineHelp: 'Monto estimado de las abiertas que muestran los filtros, creadas cuando sea.',
  forecastHelp: 'El pipeline abierto ponderado por la probabilidad de cada etapa.',
  /** A column header's sum: "Total estimado: $ 12.340.000". */
  columnTotal: 'Total estimado',
  /** CERRADO's sum, won and lost apart (issue 33): "Ganadas $4.500.000 · Perdidas $1.000.000". */
  closedWon: 'Ganadas',
  closedLost: 'Perdidas',
  closedTotalHelp: 'Monto estimado de las ganadas y de las perdidas, por separado.',
} as const;

/** The users screen's search, sortable column headers and count, /main/users (issue 25). */
export const USERS_LABELS = {
  search: 'Buscar usuarios',
  searchPlaceholder: 'Buscar por nombre o correo',
  name: 'Nombre',
  email: 'Correo',
  role: 'Rol',
  /** The header of the edit and delete buttons' column, read by screen readers only. */
  actions: 'Acciones',
  /** "3 usuarios", or "1 de 3 usuarios" while a search leaves some out. */
  count: (shown: number, total: number) => {
    const noun = total === 1 ? 'usuario' : 'usuarios';
    return shown === total ? `${total} ${noun}` : `${shown} de ${total} ${noun}`;
  },
  noMatch: (query: string) => `Ningún usuario coincide con «${query}».`,
} as const;

/** The Agenda screen and the header's bell (issue 20). */
export const AGENDA_LABELS = {
  title: APP_LABELS.agenda,
  overdue: 'Vencidas',
  today: 'Hoy',
  week: 'Próximos 7 días',
  empty: 'Nada planificado. Planifica la próxima acción desde una solicitud.',
  emptyBucket: 'Nada aquí.',
  loadMore: 'Cargar más',
  complete: 'Completar',
  openRequest: 'Abrir solicitud',
  /**
   * The bell's accessible name: "Actividades vencidas y de hoy: 3", and with unread customer
   * mail (issue 35) "Actividades vencidas y de hoy: 3. Solicitudes con correos sin leer: 2".
   */
  bell: (count: number, unreadMail = 0) =>
    `Actividades vencidas y de hoy: ${count}` +
    (unreadMail > 0 ? `. Solicitudes con correos sin leer: ${unreadMail}` : ''),
} as const;

/**
 * The agenda's "Correos sin leer" (issue 35): the caller's requests with customer mail no one has
 * read.
 */
export const UNREAD_MAIL_LABELS = {
  heading: 'Correos sin leer',
  count: (count: number) => `${count} ${count === 1 ? 'correo' : 'correos'} sin leer`,
  /** Past the list's limit: "y 12 más". */
  more: (count: number) => `y ${count} más`,
  loadFailed: 'No se pudieron cargar los correos sin leer.',
} as const;

/** The admin's settings screen, /main/settings (issue 20). */
export const SETTINGS_LABELS = {
  title: APP_LABELS.settings,
  staleHeading: 'Días para marcar una solicitud como estancada',
  staleHelp:
    'Una tarjeta muestra "Estancada" cuando su solicitud lleva más días que estos en su etapa. Vacío: nunca.',
  lostReasonsHeading: 'Motivos de pérdida',
  lostReasonsHelp: 'Quien cierra una solicitud como perdida elige uno de estos motivos.',
  addReason: 'Agregar motivo',
  removeReason: (reason: string) => `Quitar ${reason}`,
  newReason: 'Nuevo motivo',
  probabilityHeading: 'Probabilidad de ganar por etapa (%)',
  probabilityHelp:
    'El pronóstico ponderado suma el monto estimado de cada solicitud abierta por la probabilidad de su etapa.',
  save: 'Guardar',
  saved: 'Ajustes guardados',
  saveFailed: 'No se pudieron guardar los ajustes',
  changedMeanwhile:
    'Otra persona cambió los ajustes mientras los editabas. Lo que escribiste sigue aquí; guarda para aplicarlo sobre su versión.',
} as const;
