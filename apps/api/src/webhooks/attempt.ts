import {
  ADMIN_ROLE,
  WEBHOOK_DISABLED_MAIL,
  WEBHOOK_HEADERS,
  WEBHOOK_LIMITS,
  WEBHOOK_TEST_EVENT,
  WEBHOOKS_PATH,
  type WebhookDeliveryStatus,
} from '@crm/shared';
import type { AppContext } from '../context.js';
import { isDuplicateKeyError } from '../db/errors.js';
import { appUrlOf, queueMail } from '../mail/index.js';
import { checkedAddressOf, type Lookup } from './address-check.js';
import { postOnce, type TryOutcome } from './post.js';
import { DISABLE_AFTER_MS, nextTryAfter, STALE_ATTEMPT_MS } from './retry-policy.js';
import { decryptWebhookSecret, signatureOf } from './secret.js';
import type { DeliveryDoc, WebhookDoc } from './webhook.model.js';

/*
 * One try of one delivery (issue 36), whoever asks: the dispatcher's run, "Enviar prueba",
 * "Reenviar". The try is claimed first (an insert of `<delivery>#<try>`), so no two processes
 * make the same one: in normal running each delivery goes out once. A process that dies between
 * the claim and the record leaves a claim that goes stale (STALE_ATTEMPT_MS): the next run tries
 * again, so a crash costs at most one more delivery, never none.
 */

export type TryOptions = {
  /** How names resolve (address-check.ts); the system's unless a test passes another. */
  lookup?: Lookup;
};

export type Endpoint = Pick<WebhookDoc, '_id' | 'url' | 'secret' | 'enabled' | 'failingSince'>;
export type Outgoing = Pick<
  DeliveryDoc,
  '_id' | 'attempts' | 'eventId' | 'eventType' | 'requestId' | 'position' | 'firstAttemptAt'
>;

/**
 * Claims the delivery's next try and answers its number; undefined when another process holds
 * it. A claim older than STALE_ATTEMPT_MS was cut short: its number is given up (`interrupted`)
 * and the next one claimed.
 */
async function claimTry(
  ctx: AppContext,
  delivery: Outgoing,
  now: Date,
): Promise<number | undefined> {
  const expiresAt = new Date(now.getTime() + ctx.config.eventsRetentionDays * 86_400_000);
  for (let attempts = delivery.attempts; ; attempts++) {
    const key = `${delivery._id}#${attempts + 1}`;
    try {
      await ctx.models.WebhookAttempt.create({ _id: key, at: now, expiresAt });
      return attempts + 1;
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    const held = await ctx.models.WebhookAttempt.findById(key, 'at').lean<{ at: Date }>();
    if (!held || now.getTime() - held.at.getTime() < STALE_ATTEMPT_MS) return undefined;
    const given = await ctx.models.WebhookDelivery.updateOne(
      { _id: delivery._id, status: 'pending', attempts },
      { $set: { attempts: attempts + 1, failure: 'interrupted' } },
    );
    if (given.matchedCount === 0) return undefined;
    ctx.logger.warn(
      { deliveryId: delivery._id, attempt: attempts + 1 },
      'webhook try was cut short; trying again',
    );
  }
}

const notSent = (failure: TryOutcome['failure']): TryOutcome => ({
  delivered: false,
  durationMs: 0,
  responseStatus: null,
  responseBody: '',
  failure,
});

/** The try itself: the address checked again, the event's payload signed now, posted. */
async function post(
  ctx: AppContext,
  endpoint: Endpoint,
  delivery: Outgoing,
  now: Date,
  { lookup }: TryOptions,
): Promise<TryOutcome> {
  const secret = decryptWebhookSecret(ctx, endpoint.secret);
  if (!secret) return notSent('secret');
  const payload = await ctx.models.WebhookPayload.findById(delivery.eventId, 'body').lean<{
    body: string;
  }>();
  // Kept as long as its deliveries: gone only with them (a sweep between the two reads).
  if (!payload) return notSent('interrupted');
  const { body } = payload;
  const url = new URL(endpoint.url);
  const to = await checkedAddressOf(url, {
    allowPrivate: ctx.config.webhooks.allowPrivate,
    lookup,
  });
  if ('failure' in to) return notSent(to.failure);
  return postOnce({
    url,
    to,
    body,
    headers: {
      [WEBHOOK_HEADERS.signature]: signatureOf(secret, body, now),
      [WEBHOOK_HEADERS.eventId]: delivery.eventId,
      [WEBHOOK_HEADERS.eventType]: delivery.eventType,
    },
    timeoutMs: ctx.config.webhooks.timeoutMs,
  });
}

/** The admins' mail: the endpoint is off. Keyed by its failing streak: sent once per streak. */
async function mailAdmins(ctx: AppContext, endpoint: Endpoint, since: Date): Promise<void> {
  const admins = await ctx.users.withRole(ADMIN_ROLE);
  // Only the origin: the rest of an address may carry a receiver's own secret.
  const where = new URL(endpoint.url).origin;
  const text = WEBHOOK_DISABLED_MAIL.text(
    where,
    WEBHOOK_LIMITS.disableAfterDays,
    `${appUrlOf(ctx)}${WEBHOOKS_PATH}`,
  );
  await Promise.all(
    admins.map((admin) =>
      queueMail(ctx, {
        key: `account:webhook-disabled:${endpoint._id.toHexString()}:${since.getTime()}:${admin.id}`,
        kind: 'account',
        to: admin.email,
        content: { subject: WEBHOOK_DISABLED_MAIL.subject, text, html: '' },
      }),
    ),
  );
}

/**
 * The endpoint's failing streak: a success ends it; the first failure starts it; a failure
 * DISABLE_AFTER_MS into it turns the endpoint off and mails the admins (the process whose
 * update turned it off does; the mail's key keeps it to one per admin anyway).
 */
async function followStreak(ctx: AppContext, endpoint: Endpoint, delivered: boolean, now: Date) {
  const { Webhook } = ctx.models;
  if (delivered) {
    if (endpoint.failingSince) {
      await Webhook.updateOne(
        { _id: endpoint._id, failingSince: { $ne: null } },
        { $set: { failingSince: null } },
      );
    }
    return;
  }
  const since = endpoint.failingSince;
  if (!since) {
    await Webhook.updateOne(
      { _id: endpoint._id, failingSince: null },
      { $set: { failingSince: now } },
    );
    return;
  }
  if (!endpoint.enabled || now.getTime() - since.getTime() < DISABLE_AFTER_MS) return;
  const off = await Webhook.updateOne(
    { _id: endpoint._id, enabled: true, failingSince: since },
    { $set: { enabled: false, disabledReason: 'failing' } },
  );
  if (off.matchedCount === 0) return;
  ctx.logger.warn(
    { webhookId: endpoint._id.toHexString(), failingSince: since },
    'webhook failing for days: turned off, admins mailed',
  );
  await mailAdmins(ctx, endpoint, since);
}

/** The try's outcome on its delivery, and what it means for the deliveries after it. */
async function record(
  ctx: AppContext,
  endpoint: Endpoint,
  delivery: Outgoing,
  attempt: number,
  outcome: TryOutcome,
  now: Date,
): Promise<WebhookDeliveryStatus> {
  const firstAttemptAt = delivery.firstAttemptAt ?? now;
  const isTest = delivery.eventType === WEBHOOK_TEST_EVENT;
  // "Enviar prueba" is one try: it checks the receiver, it isn't owed to anyone.
  const next = outcome.delivered || isTest ? undefined : nextTryAfter(firstAttemptAt, attempt, now);
  const status = outcome.delivered ? 'delivered' : next ? 'pending' : 'failed';
  await ctx.models.WebhookDelivery.updateOne(
    { _id: delivery._id },
    {
      $set: {
        status,
        attempts: attempt,
        firstAttemptAt,
        lastAttemptAt: now,
        nextAttemptAt: next ?? null,
        durationMs: outcome.durationMs,
        responseStatus: outcome.responseStatus,
        responseBody: outcome.responseBody,
        failure: outcome.failure,
      },
    },
  );
  if (status !== 'pending' && delivery.requestId && attempt > 1) {
    // Its request's next deliveries waited for this one's retry (dispatch.ts): they may go now.
    // (After a first try nothing waited: they wait only behind a retry.)
    await ctx.models.WebhookDelivery.updateMany(
      {
        webhookId: endpoint._id.toHexString(),
        requestId: delivery.requestId,
        status: 'pending',
        attempts: 0,
        nextAttemptAt: { $gt: now },
      },
      { $set: { nextAttemptAt: now } },
    );
  }
  // The delivery, which names its event: an event's id is as long as a secret (logs hold none).
  const where = {
    webhookId: endpoint._id.toHexString(),
    deliveryId: delivery._id,
    attempt,
    responseStatus: outcome.responseStatus,
    failure: outcome.failure,
  };
  if (status === 'delivered') ctx.logger.info(where, 'webhook delivered');
  else if (status === 'pending') ctx.logger.warn({ ...where, next }, 'webhook failed; will retry');
  else ctx.logger.warn(where, 'webhook failed; given up');
  if (!isTest) await followStreak(ctx, endpoint, outcome.delivered, now);
  return status;
}

/**
 * One more try of `delivery` at `now`, claimed, made and recorded: its status after it;
 * undefined when another process has this try. Rejects only when the database does.
 */
export async function tryDelivery(
  ctx: AppContext,
  endpoint: Endpoint,
  delivery: Outgoing,
  now: Date,
  options: TryOptions = {},
): Promise<WebhookDeliveryStatus | undefined> {
  const attempt = await claimTry(ctx, delivery, now);
  if (attempt === undefined) return undefined;
  const outcome = await post(ctx, endpoint, delivery, now, options);
  return record(ctx, endpoint, delivery, attempt, outcome, now);
}
