import { Schema, type Connection, type InferSchemaType, type Types } from 'mongoose';
import {
  EVENT_TYPES,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_FAILURES,
} from '@crm/shared';
import { expiringSchema } from '../db/expiring-schema.js';

/*
 * Webhooks (issue 36): the endpoints a system admin keeps, each event's delivery to each of them,
 * and the claims on their tries.
 */

const webhookSchema = new Schema(
  {
    url: { type: String, required: true },
    events: { type: [String], enum: EVENT_TYPES, required: true },
    enabled: { type: Boolean, required: true },
    /** `failing`: turned off by itself (dispatch.ts); null: on, or off by a person. */
    disabledReason: { type: String, enum: ['failing'], default: null },
    /** AES-256-GCM under a key derived from JWT_SECRET (secret.ts): HMAC needs it readable. */
    secret: { type: String, required: true },
    /**
     * The log's position up to which its deliveries are made: events after it are still to plan.
     * Only raised ($max), so two processes planning at once never send it back.
     */
    cursor: { type: Number, required: true },
    /** The first failed try since the last success; null while it goes through. */
    failingSince: { type: Date, default: null },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
);

/**
 * One event's delivery to one endpoint. The unique {webhookId, eventId} is the guard that
 * matters: of two processes planning the same event, one inserts it, the other gets a duplicate
 * key and leaves it. Kept as long as the events are (EVENTS_RETENTION_DAYS); the log shows an
 * endpoint's newest. What it sends is its event's payload (below), apart: the dispatcher reads
 * the deliveries often, and on FerretDB 1.x a read costs what the documents it scans weigh.
 */
const deliverySchema = expiringSchema({
  webhookId: { type: String, required: true },
  eventId: { type: String, required: true },
  eventType: { type: String, enum: WEBHOOK_EVENT_TYPES, required: true },
  /** The request the event is about ('' for a test): one request's deliveries go in order. */
  requestId: { type: String, default: '' },
  /** The event's position (0 for a test): a request's earlier delivery has a lower one. */
  position: { type: Number, required: true },
  status: { type: String, enum: WEBHOOK_DELIVERY_STATUSES, required: true },
  /** Tries so far; the next is claimed as `<_id>#<attempts + 1>` (WebhookAttempt). */
  attempts: { type: Number, default: 0 },
  nextAttemptAt: { type: Date, default: null },
  /** From its first try the retries count their window (retry-policy.ts). */
  firstAttemptAt: { type: Date, default: null },
  lastAttemptAt: { type: Date, default: null },
  durationMs: { type: Number, default: null },
  responseStatus: { type: Number, default: null },
  /** The first KB of the last answer. */
  responseBody: { type: String, default: '' },
  failure: { type: String, enum: WEBHOOK_FAILURES, default: null },
  createdAt: { type: Date, required: true },
});
deliverySchema.index({ webhookId: 1, eventId: 1 }, { unique: true });
// The run's read: what is pending and due, in the log's order.
deliverySchema.index({ status: 1, nextAttemptAt: 1 });
// Whether a request's earlier delivery is still pending; an endpoint's log, newest first.
deliverySchema.index({ webhookId: 1, requestId: 1, status: 1, position: 1 });
deliverySchema.index({ webhookId: 1, createdAt: -1 });

/**
 * What an event's deliveries send, by the event's id: its JSON, written once before them, so every
 * try to every endpoint sends the very same bytes.
 */
const payloadSchema = expiringSchema({ body: { type: String, required: true } });

/**
 * One try of one delivery, claimed by inserting `<delivery>#<try>` before the HTTP call: of two
 * processes that read the same due delivery, one inserts and sends, the other leaves it.
 */
const attemptSchema = expiringSchema({ at: { type: Date, required: true } });

export type WebhookDoc = InferSchemaType<typeof webhookSchema> & { _id: Types.ObjectId };
export type DeliveryDoc = InferSchemaType<typeof deliverySchema> & { _id: string };

export const webhooksModels = (connection: Connection) => ({
  Webhook: connection.model('Webhook', webhookSchema, 'webhooks'),
  WebhookDelivery: connection.model('WebhookDelivery', deliverySchema, 'webhook_deliveries'),
  WebhookAttempt: connection.model('WebhookAttempt', attemptSchema, 'webhook_attempts'),
  WebhookPayload: connection.model('WebhookPayload', payloadSchema, 'webhook_payloads'),
});

declare module '../context.js' {
  interface Models {
    Webhook: ReturnType<typeof webhooksModels>['Webhook'];
    WebhookDelivery: ReturnType<typeof webhooksModels>['WebhookDelivery'];
    WebhookAttempt: ReturnType<typeof webhooksModels>['WebhookAttempt'];
    WebhookPayload: ReturnType<typeof webhooksModels>['WebhookPayload'];
  }
}
