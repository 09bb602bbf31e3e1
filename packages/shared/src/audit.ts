import { z } from 'zod';
import { DUE_DATE_PATTERN } from './activity.js';
import { AUDIT_TITLE } from './audit-route.js';
import {
  decodeInstantCursor,
  encodeInstantCursor,
  keysetCursorSchema,
  type InstantCursor,
} from './board.js';
import { CLEAR_FILTERS_LABEL } from './constants.js';
import { dateTimeSchema, objectIdOption, unknownParameter } from './fields.js';
import { formatNumber } from './format.js';

/*
 * The audit log (issue 32): who did what, when and from where, for sign-ins, account and user
 * changes, exports, imports, bulk actions, deletions and settings. Written by the API as the
 * actions happen (never by an endpoint of its own), read by a system admin in Ajustes
 * ("Registro de auditoría"), newest first, and downloadable as CSV.
 */

/** Every action the log records, by code; the Spanish words are AUDIT_ACTION_LABELS'. */
export const AUDIT_ACTIONS = [
  'auth.signIn',
  'auth.signInFailed',
  'account.passwordChanged',
  'account.passwordReset',
  'account.emailChanged',
  'account.invitationAccepted',
  'twoFactor.enabled',
  'twoFactor.disabled',
  'twoFactor.reset',
  'apiToken.created',
  'apiToken.revoked',
  'user.created',
  'user.updated',
  'user.roleChanged',
  'user.deleted',
  'user.invited',
  'user.invitationResent',
  'requests.exported',
  'requests.imported',
  'requests.bulk',
  'request.deleted',
  'settings.changed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'auth.signIn': 'Inicio de sesión',
  'auth.signInFailed': 'Inicio de sesión fallido',
  'account.passwordChanged': 'Cambio de contraseña',
  'account.passwordReset': 'Contraseña restablecida con enlace',
  'account.emailChanged': 'Cambio de correo',
  'account.invitationAccepted': 'Invitación aceptada',
  'twoFactor.enabled': 'Verificación en dos pasos activada',
  'twoFactor.disabled': 'Verificación en dos pasos desactivada',
  'twoFactor.reset': 'Verificación en dos pasos restablecida por un administrador',
  'apiToken.created': 'Token de API creado',
  'apiToken.revoked': 'Token de API revocado',
  'user.created': 'Usuario creado',
  'user.updated': 'Usuario modificado',
  'user.roleChanged': 'Cambio de rol',
  'user.deleted': 'Usuario eliminado',
  'user.invited': 'Invitación enviada',
  'user.invitationResent': 'Invitación reenviada',
  'requests.exported': 'Exportación de solicitudes',
  'requests.imported': 'Importación de solicitudes',
  'requests.bulk': 'Acción masiva sobre solicitudes',
  'request.deleted': 'Solicitud eliminada',
  'settings.changed': 'Cambio de Ajustes',
};

/** What an entry acted on. */
export const AUDIT_TARGET_KINDS = ['user', 'request', 'import', 'settings'] as const;
export type AuditTargetKind = (typeof AUDIT_TARGET_KINDS)[number];

/**
 * Kept this many days unless AUDIT_RETENTION_DAYS says otherwise; each entry's expiry is set
 * when it is written, so a change applies to the entries written after it.
 */
export const AUDIT_RETENTION_DAYS_DEFAULT = 365;

/** The alerts to system admins (issue 32): thresholds are "more than". */
export const AUDIT_ALERTS = {
  /** One export of more than this many rows. */
  exportRows: 1000,
  /** One user's deleted requests within the last `deletionWindowMs`, counted from the log. */
  deletedRequests: 50,
  deletionWindowMs: 60 * 60_000,
} as const;

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_MAX_PAGE_SIZE = 200;

/** Where a page ended: the last entry's instant and id (both descending), as InstantCursor. */
export type AuditCursor = InstantCursor;
export const encodeAuditCursor = encodeInstantCursor;
export const decodeAuditCursor = decodeInstantCursor;

export const AUDIT_MESSAGES = {
  invalidUser: 'El usuario del filtro no es válido',
  invalidAction: 'La acción del filtro no es válida',
  invalidDay: 'La fecha debe tener el formato AAAA-MM-DD',
  daysReversed: 'La fecha «hasta» no puede ser anterior a «desde»',
} as const;

const auditDaySchema = z
  .string({ error: AUDIT_MESSAGES.invalidDay })
  .max(10, { message: AUDIT_MESSAGES.invalidDay, abort: true })
  .regex(DUE_DATE_PATTERN, AUDIT_MESSAGES.invalidDay)
  .meta({ format: 'date' });

/** The log's filters: who (a user id), what (an action), when (days in APP_TIME_ZONE, inclusive). */
export const auditFilterShape = {
  user: objectIdOption(AUDIT_MESSAGES.invalidUser).optional(),
  action: z.enum(AUDIT_ACTIONS, { error: AUDIT_MESSAGES.invalidAction }).optional(),
  from: auditDaySchema.optional(),
  to: auditDaySchema.optional(),
};

const daysInOrder = (query: { from?: string | undefined; to?: string | undefined }) =>
  !query.from || !query.to || query.from <= query.to;

/** GET /api/audit?user&action&from&to&cursor&limit */
export const auditQuerySchema = z
  .strictObject(
    {
      ...auditFilterShape,
      /** Opaque; the previous page's `nextCursor`. */
      cursor: keysetCursorSchema(decodeAuditCursor).optional(),
      limit: z.coerce.number().int().min(1).max(AUDIT_MAX_PAGE_SIZE).default(AUDIT_PAGE_SIZE),
    },
    { error: unknownParameter },
  )
  .refine(daysInOrder, { message: AUDIT_MESSAGES.daysReversed, path: ['to'] });
export type AuditQuery = z.input<typeof auditQuerySchema>;
export type AuditFilters = Pick<AuditQuery, 'user' | 'action' | 'from' | 'to'>;

/** POST /api/audit/export/link: the filters of the CSV. */
export const auditExportQuerySchema = z
  .strictObject(auditFilterShape, { error: unknownParameter })
  .refine(daysInOrder, { message: AUDIT_MESSAGES.daysReversed, path: ['to'] });

/** GET /api/audit/export: the same filters, plus the download ticket the link carries. */
export const auditExportDownloadQuerySchema = z
  .strictObject(
    { ...auditFilterShape, ticket: z.string().max(2048).optional() },
    { error: unknownParameter },
  )
  .refine(daysInOrder, { message: AUDIT_MESSAGES.daysReversed, path: ['to'] });

/** Who acted: a user (their name and email as they were then), or the address a failed sign-in tried. */
export const auditActorSchema = z.object({
  userId: z.string().nullable(),
  name: z.string(),
  email: z.string(),
});

export const auditTargetSchema = z.object({
  kind: z.enum(AUDIT_TARGET_KINDS),
  id: z.string(),
  /** What it was called then: a user's name and email, a request's number and name. */
  label: z.string(),
});

/**
 * Small, flat facts of the action: counts, filters, the fields changed. No null (a fact not known
 * is left out), which also keeps zod's null type out of every page's bundle.
 */
export const auditDetailsSchema = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]),
);
export type AuditDetails = z.infer<typeof auditDetailsSchema>;

export const auditEntrySchema = z.object({
  _id: z.string(),
  at: dateTimeSchema,
  action: z.enum(AUDIT_ACTIONS),
  actor: auditActorSchema,
  target: auditTargetSchema.nullable(),
  details: auditDetailsSchema,
  /** The client's address ('' when unknown, e.g. a background job). */
  ip: z.string(),
  /** The browser and system its User-Agent names, e.g. "Chrome 131 · Windows 10". */
  browser: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** The next page's cursor; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** `auditoria-2026-11-28.csv`: the day in APP_TIME_ZONE. */
export const auditFileName = (day: string) => `auditoria-${day}.csv`;

export const AUDIT_COLUMNS = {
  at: 'Fecha',
  action: 'Acción',
  actorName: 'Quién',
  actorEmail: 'Correo',
  target: 'Sobre',
  details: 'Detalles',
  ip: 'Dirección',
  browser: 'Navegador',
} as const;

/** A detail's words in the screen and the CSV. */
export const AUDIT_DETAIL_LABELS: Record<string, string> = {
  rows: 'filas',
  count: 'solicitudes',
  format: 'formato',
  filters: 'filtros',
  fields: 'campos',
  from: 'antes',
  to: 'después',
  kind: 'acción',
  changed: 'cambiadas',
  failed: 'fallidas',
  file: 'archivo',
  role: 'rol',
  reason: 'motivo',
  complete: 'completa',
  duplicates: 'duplicados',
  version: 'versión',
  require: 'exigir',
  graceDays: 'días de gracia',
  token: 'token',
  scope: 'alcance',
};

/** The words of the codes a detail may hold (the fields changed, a sign-in's reason, yes or no). */
export const AUDIT_VALUE_LABELS: Record<string, string> = {
  name: 'nombre',
  lastName: 'apellido',
  email: 'correo',
  role: 'rol',
  password: 'contraseña',
  code: 'código',
  move: 'mover',
  assign: 'asignar',
  priority: 'prioridad',
  delete: 'eliminar',
  read: 'lectura',
  write: 'lectura y escritura',
  skip: 'omitir',
  update: 'actualizar',
  true: 'sí',
  false: 'no',
};

const detailValueText = (value: string | number | boolean) =>
  typeof value === 'number'
    ? formatNumber(value)
    : (AUDIT_VALUE_LABELS[String(value)] ?? String(value));

/** `filas: 1.200 · formato: csv`: an entry's details in one line, in Spanish words. */
export function auditDetailsText(details: AuditDetails): string {
  return Object.entries(details)
    .map(([key, value]) => {
      const text = Array.isArray(value)
        ? value.map(detailValueText).join(', ')
        : detailValueText(value);
      return `${AUDIT_DETAIL_LABELS[key] ?? key}: ${text}`;
    })
    .join(' · ');
}

export const AUDIT_LABELS = {
  title: AUDIT_TITLE,
  intro:
    'Quién hizo qué, cuándo y desde dónde: inicios de sesión, cambios de cuentas y usuarios, exportaciones, importaciones, eliminaciones y cambios de Ajustes.',
  back: 'Volver a Ajustes',
  user: 'Usuario',
  anyUser: 'Todos los usuarios',
  action: 'Acción',
  anyAction: 'Todas las acciones',
  from: 'Desde',
  to: 'Hasta',
  clear: CLEAR_FILTERS_LABEL,
  export: 'Exportar CSV',
  exporting: 'Preparando el archivo…',
  exportFailed: 'No se pudo exportar. Inténtalo de nuevo.',
  more: 'Cargar más',
  loading: 'Cargando…',
  loadFailed: 'No se pudo cargar el registro.',
  empty: 'No hay entradas con estos filtros.',
  unknownBrowser: 'Navegador desconocido',
  at: 'Fecha',
  who: 'Quién',
  what: 'Acción',
  target: 'Sobre',
  where: 'Desde',
  nobody: 'Sin sesión',
} as const;

/** The alert mails' words (the API's alone). */
export const AUDIT_ALERT_MAIL = {
  alertExportSubject: 'Alerta: exportación grande de solicitudes',
  alertExportText: (who: string, rows: number, url: string) =>
    `${who} exportó ${formatNumber(rows)} solicitudes.\n\nRevísalo en el registro de auditoría: ${url}`,
  alertDeletionSubject: 'Alerta: muchas solicitudes eliminadas',
  alertDeletionText: (who: string, count: number, url: string) =>
    `${who} eliminó ${formatNumber(count)} solicitudes en la última hora.\n\nRevísalo en el registro de auditoría: ${url}`,
  /** `who` when the entry names no one. */
  someone: 'Alguien',
} as const;
