import { z } from 'zod';
import { EVENT_TYPES } from './events.js';
import { dateTimeSchema, objectIdSchema } from './fields.js';

/*
 * Issue 36: webhooks. A system admin, in Ajustes → "Integraciones", gives an address and the
 * event types it wants; each event of the log (events.ts) is POSTed there as JSON, signed with
 * the endpoint's secret (shown once), retried for a day, in order per request, with a log of the
 * last deliveries. How a receiver checks the signature: docs/webhooks.md. Every word said of
 * them is here, once.
 */

/** The headers of every delivery (docs/webhooks.md). */
export const WEBHOOK_HEADERS = {
  /** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>` */
  signature: 'X-CRM-Signature',
  /** The event's id: a receiver drops one it has seen (a retry, a "Reenviar"). */
  eventId: 'X-CRM-Event-Id',
  eventType: 'X-CRM-Event-Type',
} as const;

/** "Enviar prueba"'s event type: a delivery that carries no change, to check the receiver. */
export const WEBHOOK_TEST_EVENT = 'webhook.test' as const;
export const WEBHOOK_EVENT_TYPES = [...EVENT_TYPES, WEBHOOK_TEST_EVENT] as const;

export const WEBHOOK_LIMITS = {
  /** Endpoints the product keeps at most. */
  endpoints: 20,
  /** The longest address taken. */
  urlLength: 2000,
  /** Deliveries an endpoint's log shows, newest first. */
  log: 100,
  /** A receiver that hasn't answered (headers and the first KB) within this is cut. */
  timeoutSeconds: 10,
  /** Of a receiver's answer, only this many bytes are read and kept. */
  answerBytes: 1024,
  /** A failing delivery is retried, further and further apart, for this long after its first try. */
  retryHours: 24,
  /** An endpoint whose every try failed for this long is turned off and the admins are told. */
  disableAfterDays: 3,
  /** How far a signature's `t` may be from the receiver's clock (docs/webhooks.md). */
  toleranceSeconds: 300,
} as const;

/**
 * The address: http or https, a host, no user or password (the signature, not the address,
 * proves the sender), printable ASCII. What it resolves to is checked by the API.
 */
export const WEBHOOK_URL_PATTERN = /^https?:\/\/[A-Za-z0-9.:[\]-]+(?:[/?#][!-~]*)?$/;

/** pending: to try (again); delivered: a 2xx answer; failed: given up (or a test that failed). */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Why a try failed, as the log says it. */
export const WEBHOOK_FAILURES = [
  'status',
  'redirect',
  'timeout',
  'connection',
  'address',
  'dns',
  'secret',
  'interrupted',
] as const;
export type WebhookFailure = (typeof WEBHOOK_FAILURES)[number];

export const WEBHOOK_FAILURE_LABELS: Record<WebhookFailure, string> = {
  status: 'Respondió con un error',
  redirect: 'Respondió con una redirección (no se siguen)',
  timeout: `Sin respuesta en ${WEBHOOK_LIMITS.timeoutSeconds} s`,
  connection: 'No se pudo conectar',
  address: 'La dirección apunta a una red privada o local',
  dns: 'No se encontró el servidor',
  secret: 'El secreto no se pudo leer: genera uno nuevo',
  interrupted: 'Interrumpido por un reinicio del servidor',
};

export const WEBHOOK_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: 'Pendiente',
  delivered: 'Entregado',
  failed: 'Fallido',
};

export const WEBHOOK_MESSAGES = {
  urlInvalid: 'Ingresa una dirección http:// o https:// válida, sin usuario ni contraseña',
  urlPrivate:
    'La dirección apunta a una red privada, local o de metadatos: no se permite para un webhook',
  urlUnresolved: 'No se encontró el servidor de esa dirección',
  eventsRequired: 'Elige al menos un tipo de evento',
  tooMany: `A lo más ${WEBHOOK_LIMITS.endpoints} webhooks`,
  notFound: 'El webhook no existe',
  deliveryNotFound: 'La entrega no existe',
} as const;

/** Where the admins' mail about a webhook points: Ajustes, at "Integraciones" (its id). */
export const WEBHOOKS_ANCHOR = 'integraciones';
export const WEBHOOKS_PATH = `/main/settings#${WEBHOOKS_ANCHOR}`;

export const WEBHOOK_LABELS = {
  section: 'Integraciones',
  intro:
    'Un webhook envía cada cambio de las solicitudes a otra aplicación, como JSON firmado con su secreto (cabecera X-CRM-Signature).',
  empty: 'Aún no hay webhooks.',
  url: 'Dirección (URL)',
  events: 'Eventos',
  allEvents: 'Todos',
  create: 'Crear webhook',
  creating: 'Creando…',
  created: 'Webhook creado',
  shownOnce: 'Copia este secreto ahora: no se volverá a mostrar.',
  copy: 'Copiar',
  copied: 'Secreto copiado',
  done: 'Listo',
  enabled: 'Activo',
  disabled: 'Desactivado',
  disabledFailing: (days: number) => `Desactivado: falló durante ${days} días`,
  failingSince: 'Fallando desde',
  enable: 'Activar',
  disable: 'Desactivar',
  enableNamed: (url: string) => `Activar ${url}`,
  disableNamed: (url: string) => `Desactivar ${url}`,
  remove: 'Eliminar',
  removeNamed: (url: string) => `Eliminar ${url}`,
  confirmRemove: (url: string) =>
    `¿Eliminar el webhook de ${url}? Dejará de recibir eventos y se borrará su registro de entregas.`,
  keep: 'Conservar',
  removed: 'Webhook eliminado',
  rotate: 'Nuevo secreto',
  rotateNamed: (url: string) => `Nuevo secreto para ${url}`,
  confirmRotate: (url: string) =>
    `¿Generar un nuevo secreto para ${url}? El actual deja de valer de inmediato.`,
  test: 'Enviar prueba',
  testNamed: (url: string) => `Enviar prueba a ${url}`,
  testDelivered: 'Prueba entregada',
  testFailed: (reason: string) => `La prueba no se entregó: ${reason}`,
  log: 'Entregas',
  logNamed: (url: string) => `Entregas de ${url}`,
  hideLog: 'Ocultar entregas',
  logEmpty: 'Aún no hay entregas.',
  logIntro: `Las últimas ${WEBHOOK_LIMITS.log} entregas, la más reciente primero.`,
  event: 'Evento',
  status: 'Estado',
  attempts: 'Intentos',
  duration: 'Duración',
  ms: (ms: number) => `${ms} ms`,
  responseCode: 'Código',
  answer: 'Respuesta',
  nextAttempt: 'Próximo intento',
  when: 'Fecha',
  redeliver: 'Reenviar',
  redeliverNamed: (event: string) => `Reenviar ${event}`,
  redelivered: 'Entrega reenviada',
  redeliverFailed: (reason: string) => `Se reenvió y no se entregó: ${reason}`,
  loadFailed: 'No se pudieron cargar los webhooks',
  logLoadFailed: 'No se pudieron cargar las entregas',
  saveFailed: 'No se pudo guardar el webhook',
  actionFailed: 'No se pudo completar la acción',
  testEvent: 'Prueba',
  noAnswer: '—',
  secret: 'Secreto',
} as const;

/** What the audit log says of a change to an endpoint (its `settings.changed` entry's `kind`). */
export const WEBHOOK_AUDIT = {
  created: 'webhook creado',
  changed: 'webhook modificado',
  removed: 'webhook eliminado',
  rotated: 'nuevo secreto de webhook',
} as const;

/** The mail to every system admin when an endpoint is turned off for failing. */
export const WEBHOOK_DISABLED_MAIL = {
  subject: 'Un webhook se desactivó por fallar',
  text: (url: string, days: number, link: string) =>
    `El webhook de ${url} falló durante ${days} días seguidos y se desactivó: ya no recibe eventos.\n\nRevisa su registro de entregas y actívalo de nuevo en Ajustes → Integraciones: ${link}`,
} as const;

/** One endpoint, as a system admin sees it: never its secret. */
export const webhookSchema = z.object({
  _id: objectIdSchema,
  url: z.string(),
  events: z.array(z.enum(EVENT_TYPES)),
  enabled: z.boolean(),
  /** `failing`: turned off by itself after failing `disableAfterDays`; null otherwise. */
  disabledReason: z.enum(['failing']).nullable(),
  /** The first of the failed tries since its last success; null when the last one went through. */
  failingSince: dateTimeSchema.nullable(),
  createdAt: dateTimeSchema,
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookListSchema = z.object({ items: z.array(webhookSchema) });
export type WebhookList = z.infer<typeof webhookListSchema>;

/** The endpoint made (or its secret renewed), its secret shown this once. */
export const createdWebhookSchema = webhookSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

const webhookUrlSchema = z
  .string({ error: WEBHOOK_MESSAGES.urlInvalid })
  .max(WEBHOOK_LIMITS.urlLength, { message: WEBHOOK_MESSAGES.urlInvalid, abort: true })
  .regex(WEBHOOK_URL_PATTERN, WEBHOOK_MESSAGES.urlInvalid);

const webhookEventsSchema = z
  .array(z.enum(EVENT_TYPES, { error: WEBHOOK_MESSAGES.eventsRequired }), {
    error: WEBHOOK_MESSAGES.eventsRequired,
  })
  .min(1, WEBHOOK_MESSAGES.eventsRequired)
  .max(EVENT_TYPES.length, WEBHOOK_MESSAGES.eventsRequired);

/** POST /api/webhooks */
export const createWebhookBodySchema = z.strictObject({
  url: webhookUrlSchema,
  events: webhookEventsSchema,
});
export type CreateWebhookBody = z.input<typeof createWebhookBodySchema>;

/** PATCH /api/webhooks/:webhookId: what is sent changes, the rest stays. */
export const updateWebhookBodySchema = z.strictObject({
  url: webhookUrlSchema.optional(),
  events: webhookEventsSchema.optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookBody = z.input<typeof updateWebhookBodySchema>;

export const webhookParamsSchema = z.object({ webhookId: objectIdSchema });
export const webhookDeliveryParamsSchema = z.object({
  webhookId: objectIdSchema,
  deliveryId: objectIdSchema,
});

/** One event's delivery to one endpoint, as its log shows it (the last try's outcome). */
export const webhookDeliverySchema = z.object({
  _id: objectIdSchema,
  eventId: z.string(),
  eventType: z.enum(WEBHOOK_EVENT_TYPES),
  /** The request the event is about; null for "Enviar prueba". */
  requestId: objectIdSchema.nullable(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int().nonnegative(),
  createdAt: dateTimeSchema,
  lastAttemptAt: dateTimeSchema.nullable(),
  /** When it is tried next (pending only). */
  nextAttemptAt: dateTimeSchema.nullable(),
  /** The last try's time to the answer (its first KB), in ms. */
  durationMs: z.number().int().nonnegative().nullable(),
  /** The last try's HTTP status; null when no answer came. */
  responseStatus: z.number().int().nullable(),
  /** The first KB of the last try's answer, as text. */
  responseBody: z.string(),
  failure: z.enum(WEBHOOK_FAILURES).nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({ items: z.array(webhookDeliverySchema) });
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;
