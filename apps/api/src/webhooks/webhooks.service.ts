import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import {
  EVENT_TYPES,
  WEBHOOK_AUDIT,
  WEBHOOK_LABELS,
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_EVENT,
  type CreateWebhookBody,
  type CreatedWebhook,
  type EventType,
  type UpdateWebhookBody,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookList,
} from '@crm/shared';
import type { AppContext } from '../context.js';
import { newestPosition } from '../events/index.js';
import { conflict, fieldError, notFound } from '../http/app-error.js';
import { runJobNow } from '../jobs/index.js';
import { checkedAddressOf } from './address-check.js';
import { tryDelivery } from './attempt.js';
import { keepPayloads, WEBHOOKS_JOB } from './plan.js';
import { encryptWebhookSecret, newWebhookSecret } from './secret.js';
import type { DeliveryDoc, WebhookDoc } from './webhook.model.js';

/*
 * Ajustes' "Integraciones" (issue 36, system admin): the endpoints, their secrets (shown once),
 * their delivery log, "Enviar prueba" and "Reenviar". The deliveries themselves: dispatch.ts.
 */

export const webhookJson = (doc: WebhookDoc): Webhook => ({
  _id: doc._id.toHexString(),
  url: doc.url,
  events: doc.events,
  enabled: doc.enabled,
  disabledReason: doc.disabledReason === 'failing' ? 'failing' : null,
  failingSince: doc.failingSince ? doc.failingSince.toISOString() : null,
  createdAt: doc.createdAt.toISOString(),
});

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

export const deliveryJson = (doc: DeliveryDoc): WebhookDelivery => ({
  _id: doc._id,
  eventId: doc.eventId,
  eventType: doc.eventType,
  requestId: doc.requestId || null,
  status: doc.status,
  attempts: doc.attempts,
  createdAt: doc.createdAt.toISOString(),
  lastAttemptAt: iso(doc.lastAttemptAt),
  nextAttemptAt: doc.status === 'pending' ? iso(doc.nextAttemptAt) : null,
  durationMs: doc.durationMs ?? null,
  responseStatus: doc.responseStatus ?? null,
  responseBody: doc.responseBody ?? '',
  failure: doc.failure ?? null,
});

/** The event types wanted, once each, in the log's order of types. */
const typesOf = (events: readonly EventType[]) =>
  EVENT_TYPES.filter((type) => events.includes(type));

/**
 * The address as stored, once it leads somewhere a webhook may go: resolved now and refused
 * (400 naming `url`) when any address it resolves to is loopback, private, link-local or
 * metadata, unless WEBHOOK_ALLOW_PRIVATE; or when it doesn't resolve at all (a typo).
 */
async function checkedUrl(ctx: AppContext, raw: string): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw fieldError('url', WEBHOOK_MESSAGES.urlInvalid);
  }
  if (url.username || url.password) throw fieldError('url', WEBHOOK_MESSAGES.urlInvalid);
  const to = await checkedAddressOf(url, { allowPrivate: ctx.config.webhooks.allowPrivate });
  if ('failure' in to) {
    throw fieldError(
      'url',
      to.failure === 'dns' ? WEBHOOK_MESSAGES.urlUnresolved : WEBHOOK_MESSAGES.urlPrivate,
    );
  }
  return url.href;
}

async function endpointOf(ctx: AppContext, webhookId: string): Promise<WebhookDoc> {
  const doc = await ctx.models.Webhook.findById(webhookId).lean<WebhookDoc>();
  if (!doc) throw notFound(WEBHOOK_MESSAGES.notFound);
  return doc;
}

/** An entry in the audit log: which endpoint (its origin only), and what changed. */
function audit(ctx: AppContext, doc: Pick<WebhookDoc, '_id' | 'url'>, kind: string) {
  ctx.audit.record({
    action: 'settings.changed',
    target: { kind: 'settings', id: doc._id.toHexString(), label: WEBHOOK_LABELS.section },
    details: { kind, url: new URL(doc.url).origin },
  });
}

/** GET /api/webhooks */
export async function listWebhooks(ctx: AppContext): Promise<WebhookList> {
  const docs = await ctx.models.Webhook.find({}).sort({ createdAt: 1 }).lean<WebhookDoc[]>();
  return { items: docs.map(webhookJson) };
}

/** POST /api/webhooks: the secret in the answer, this once. From now on it gets the events. */
export async function createWebhook(
  ctx: AppContext,
  body: CreateWebhookBody,
): Promise<CreatedWebhook> {
  if ((await ctx.models.Webhook.countDocuments()) >= WEBHOOK_LIMITS.endpoints) {
    throw conflict(WEBHOOK_MESSAGES.tooMany);
  }
  const url = await checkedUrl(ctx, body.url);
  const secret = newWebhookSecret();
  const created = await ctx.models.Webhook.create({
    url,
    events: typesOf(body.events),
    enabled: true,
    disabledReason: null,
    secret: encryptWebhookSecret(ctx, secret),
    cursor: await newestPosition(ctx),
    failingSince: null,
    createdAt: ctx.clock.now(),
  });
  const doc = created.toObject() as WebhookDoc;
  audit(ctx, doc, WEBHOOK_AUDIT.created);
  runJobNow(ctx, WEBHOOKS_JOB);
  return { ...webhookJson(doc), secret };
}

/**
 * PATCH /api/webhooks/:webhookId. Turned on again, it gets the events from then on, not those
 * of while it was off, and its failing streak starts afresh.
 */
export async function updateWebhook(
  ctx: AppContext,
  webhookId: string,
  body: UpdateWebhookBody,
): Promise<Webhook> {
  const doc = await endpointOf(ctx, webhookId);
  const set: Partial<WebhookDoc> = {};
  if (body.url !== undefined) set.url = await checkedUrl(ctx, body.url);
  if (body.events !== undefined) set.events = typesOf(body.events);
  if (body.enabled !== undefined && body.enabled !== doc.enabled) {
    set.enabled = body.enabled;
    set.disabledReason = null;
    if (body.enabled) {
      set.cursor = await newestPosition(ctx);
      set.failingSince = null;
    }
  }
  const saved = await ctx.models.Webhook.findOneAndUpdate(
    { _id: doc._id },
    { $set: set },
    { new: true },
  ).lean<WebhookDoc>();
  if (!saved) throw notFound(WEBHOOK_MESSAGES.notFound);
  audit(ctx, saved, WEBHOOK_AUDIT.changed);
  if (saved.enabled) runJobNow(ctx, WEBHOOKS_JOB);
  return webhookJson(saved);
}

/** DELETE /api/webhooks/:webhookId, with its deliveries. */
export async function removeWebhook(ctx: AppContext, webhookId: string): Promise<Webhook> {
  const doc = await ctx.models.Webhook.findOneAndDelete({ _id: webhookId }).lean<WebhookDoc>();
  if (!doc) throw notFound(WEBHOOK_MESSAGES.notFound);
  await ctx.models.WebhookDelivery.deleteMany({ webhookId });
  audit(ctx, doc, WEBHOOK_AUDIT.removed);
  return webhookJson(doc);
}

/** POST /api/webhooks/:webhookId/secret: the old secret stops signing at once. */
export async function rotateSecret(ctx: AppContext, webhookId: string): Promise<CreatedWebhook> {
  const secret = newWebhookSecret();
  const doc = await ctx.models.Webhook.findOneAndUpdate(
    { _id: webhookId },
    { $set: { secret: encryptWebhookSecret(ctx, secret) } },
    { new: true },
  ).lean<WebhookDoc>();
  if (!doc) throw notFound(WEBHOOK_MESSAGES.notFound);
  audit(ctx, doc, WEBHOOK_AUDIT.rotated);
  return { ...webhookJson(doc), secret };
}

async function deliveryOf(ctx: AppContext, deliveryId: string): Promise<WebhookDelivery> {
  const doc = await ctx.models.WebhookDelivery.findById(deliveryId).lean<DeliveryDoc>();
  if (!doc) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
  return deliveryJson(doc);
}

/** GET /api/webhooks/:webhookId/deliveries: its newest, the log's length. */
export async function listDeliveries(
  ctx: AppContext,
  webhookId: string,
): Promise<WebhookDeliveryList> {
  await endpointOf(ctx, webhookId);
  const docs = await ctx.models.WebhookDelivery.find({ webhookId })
    .sort({ createdAt: -1, _id: -1 })
    .limit(WEBHOOK_LIMITS.log)
    .lean<DeliveryDoc[]>();
  return { items: docs.map(deliveryJson) };
}

/**
 * POST /api/webhooks/:webhookId/test, "Enviar prueba": a `webhook.test` event (no request, no
 * data; who sent it as its actor), signed and tried once now; answers its outcome.
 */
export async function sendTest(
  ctx: AppContext,
  webhookId: string,
  userId: string,
): Promise<WebhookDelivery> {
  const endpoint = await endpointOf(ctx, webhookId);
  const now = ctx.clock.now();
  const name = (await ctx.users.namesByIds([userId])).get(userId);
  const event = {
    id: randomUUID(),
    position: 0,
    type: WEBHOOK_TEST_EVENT,
    occurredAt: now.toISOString(),
    actor: name === undefined ? null : { id: userId, name },
    requestId: null,
    data: {},
  };
  const delivery = {
    _id: new Types.ObjectId().toHexString(),
    webhookId,
    eventId: event.id,
    eventType: WEBHOOK_TEST_EVENT,
    requestId: '',
    position: 0,
    status: 'pending' as const,
    attempts: 0,
    // Tried here; due too, so that a process stopped before the try leaves it to the dispatcher.
    nextAttemptAt: now,
    firstAttemptAt: null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ctx.config.eventsRetentionDays * 86_400_000),
  };
  await keepPayloads(ctx, [{ id: event.id, body: JSON.stringify(event) }], now);
  await ctx.models.WebhookDelivery.create(delivery);
  await tryDelivery(ctx, endpoint, delivery, now);
  return deliveryOf(ctx, delivery._id);
}

/**
 * POST …/deliveries/:deliveryId/redeliver, "Reenviar": one more try now, whatever its status,
 * without waiting for its request's earlier deliveries. Pending again (and due), so should this
 * process stop before the try, the dispatcher makes it; should the dispatcher hold the very try
 * already, that one is it.
 */
export async function redeliver(
  ctx: AppContext,
  webhookId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const doc = await ctx.models.WebhookDelivery.findOne({
    _id: deliveryId,
    webhookId,
  }).lean<DeliveryDoc>();
  if (!doc) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
  const endpoint = await endpointOf(ctx, webhookId);
  const now = ctx.clock.now();
  await ctx.models.WebhookDelivery.updateOne(
    { _id: doc._id, attempts: doc.attempts },
    { $set: { status: 'pending', nextAttemptAt: now } },
  );
  await tryDelivery(ctx, endpoint, doc, now);
  return deliveryOf(ctx, doc._id);
}
