import { z } from 'zod';
import { dateTimeSchema, objectIdSchema, safeIntegerSchema } from './fields.js';
import { requestSchema } from './request.js';
import type { HistoryField } from './request-history.js';

/*
 * Issue 36: the one event log. Every change to a request and what hangs on it becomes one event,
 * kept for EVENTS_RETENTION_DAYS, in the order of its request's changes. The live board (the
 * stream), scripts (`GET /api/events`) and webhooks all read these, and only these.
 */

export const EVENT_TYPES = [
  'request.created',
  'request.updated',
  'request.moved',
  'request.outcome',
  'request.assigned',
  'request.deleted',
  'request.note',
  'request.activity.planned',
  'request.activity.completed',
  'request.activity.changed',
  'request.imported',
  'request.lead',
  'request.email.sent',
  'request.email.received',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** What a person (or a webhook's admin) reads of each type. */
export const EVENT_TYPE_LABELS: Record<EventType, string> = {
  'request.created': 'Solicitud creada',
  'request.updated': 'Solicitud editada',
  'request.moved': 'Solicitud movida de etapa',
  'request.outcome': 'Resultado registrado',
  'request.assigned': 'Solicitud asignada',
  'request.deleted': 'Solicitud eliminada',
  'request.note': 'Nota agregada o cambiada',
  'request.activity.planned': 'Actividad planificada',
  'request.activity.completed': 'Actividad completada',
  'request.activity.changed': 'Actividad cambiada',
  'request.imported': 'Solicitud importada',
  'request.lead': 'Lead recibido',
  'request.email.sent': 'Correo enviado',
  'request.email.received': 'Correo recibido',
};

/** Which event a history entry's field belongs to; the other fields are edits. */
const EVENT_TYPE_OF_FIELD: Partial<Record<HistoryField, EventType>> = {
  status: 'request.moved',
  outcome: 'request.outcome',
  vendor: 'request.assigned',
  note: 'request.note',
  activity: 'request.activity.changed',
  activityType: 'request.activity.changed',
  activityDue: 'request.activity.changed',
  activityOwner: 'request.activity.changed',
  activityDone: 'request.activity.completed',
  activityLogged: 'request.activity.completed',
  imported: 'request.imported',
  apiLead: 'request.lead',
  emailSent: 'request.email.sent',
  emailReceived: 'request.email.received',
};

/** The event a history entry belongs to (an activity named from nothing was planned). */
export const eventTypeOfEntry = ({ field, from }: { field: HistoryField; from: string | null }) =>
  field === 'activity' && from === null
    ? 'request.activity.planned'
    : (EVENT_TYPE_OF_FIELD[field] ?? 'request.updated');

/**
 * One write's history entries as its events: one per kind of change (a save that moves and
 * edits is a `request.moved` and a `request.updated`), in the order of their first entry, each
 * with its own entries. The API's events and the web's fake API both cut a write so.
 */
export function entriesByEvent<Entry extends { field: HistoryField; from: string | null }>(
  entries: readonly Entry[],
): [EventType, Entry[]][] {
  const byType = new Map<EventType, Entry[]>();
  for (const entry of entries) {
    const type = eventTypeOfEntry(entry);
    byType.set(type, [...(byType.get(type) ?? []), entry]);
  }
  return [...byType];
}

/** One field a change touched, as the request's history words it (text or null). */
export const eventChangeSchema = z.object({
  field: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type EventChange = z.infer<typeof eventChangeSchema>;

export const eventSchema = z.object({
  /** Unique and stable: a receiver drops an id it has seen (webhook retries, a replay). */
  id: z.string(),
  /**
   * The event's place in the log, rising: the stream's `Last-Event-ID` and `GET /api/events`'
   * `after`. One request's events rise in the order of its changes.
   */
  position: safeIntegerSchema.positive(),
  type: z.enum(EVENT_TYPES),
  occurredAt: dateTimeSchema,
  /** Who made the change; null: the system (a website lead, the mailbox, a deleted user). */
  actor: z.object({ id: objectIdSchema, name: z.string() }).nullable(),
  requestId: objectIdSchema,
  data: z.object({
    /** The request as it was when the event was published; absent on `request.deleted`. */
    request: requestSchema.optional(),
    /** The fields the change touched, each from and to. */
    changes: z.array(eventChangeSchema).optional(),
    /** On `request.deleted`: the number and name it had. */
    requestNumber: safeIntegerSchema.nullish(),
    name: z.string().optional(),
  }),
});
export type CrmEvent = z.infer<typeof eventSchema>;

/** How long events are kept (EVENTS_RETENTION_DAYS's default). */
export const EVENTS_RETENTION_DAYS = 30;
/** At most this many events a `GET /api/events` page returns. */
export const EVENTS_PAGE_SIZE = 100;
/** Open streams one user may hold at once (tabs, windows); the oldest closes past it. */
export const MAX_STREAMS_PER_USER = 10;

export const eventsQuerySchema = z.strictObject({
  /** The last position already seen; absent: from the oldest kept. */
  after: z.coerce.number().int().nonnegative().optional(),
  limit: z.coerce.number().int().min(1).max(EVENTS_PAGE_SIZE).optional(),
});
export type EventsQuery = z.input<typeof eventsQuerySchema>;

export const eventsPageSchema = z.object({
  events: z.array(eventSchema),
  /** The position to ask `after` next; the same as sent when nothing new. */
  last: safeIntegerSchema.nonnegative(),
  /** Whether events were pruned after `after` (older than the retention): reload. */
  gap: z.boolean(),
});
export type EventsPage = z.infer<typeof eventsPageSchema>;

/** Server-sent events' names besides the event types. */
export const STREAM_MESSAGES = {
  /** The first message: the stream's starting position (its `id`), `{ position }` as data. */
  ready: 'ready',
  /** The stream resumed past events no longer kept: the client reloads what it shows. */
  reload: 'reload',
} as const;

export const EVENT_LABELS = {
  othersChanged: (name: string) => `${name} cambió esta solicitud mientras la tenías abierta.`,
  someoneChanged: 'Alguien cambió esta solicitud mientras la tenías abierta.',
  deletedMeanwhile: (name: string) => `${name} eliminó esta solicitud.`,
  deletedBySomeone: 'Esta solicitud fue eliminada mientras la tenías abierta.',
  showTheirs: 'Ver su versión',
} as const;
