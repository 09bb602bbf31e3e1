import { Types } from 'mongoose';
import type { CrmEvent } from '@crm/shared';
import type { AppContext } from '../context.js';
import { isDuplicateKeyError } from '../db/errors.js';
import { eventsAfter } from '../events/index.js';
import { holding, type JobLease } from '../jobs/index.js';
import type { WebhookDoc } from './webhook.model.js';

/*
 * Planning (issue 36): each endpoint's deliveries made from the event log, the events after its
 * cursor that it wants, in the log's order, then the cursor moved past them. A delivery is made
 * once per event and endpoint whoever plans it (the unique {webhookId, eventId}); the cursor is
 * only raised, so two processes planning at once make each delivery once and lose nothing.
 */

/** Events read at a time. */
const PAGE = 500;
/** Events planned per endpoint before the run sends some: a backlog doesn't starve the sends. */
const MOST_PER_PLAN = 5_000;

export const WEBHOOKS_JOB = 'webhooks.deliver';

type Planned = Pick<WebhookDoc, '_id' | 'events' | 'cursor'>;

type Collection = AppContext['models']['WebhookDelivery']['collection'];

/**
 * Inserts `docs` in order, skipping those already there: an ordered insert stops at the first
 * duplicate, and goes on after it. In order, so a request's later delivery never exists before
 * its earlier one (dispatch.ts relies on it).
 */
async function insertInOrder(collection: Collection, docs: object[]): Promise<void> {
  let rest = docs;
  while (rest.length > 0) {
    try {
      await collection.insertMany(rest, { ordered: true });
      return;
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      const { writeErrors } = error as { writeErrors?: { index: number }[] | { index: number } };
      const failed = Array.isArray(writeErrors) ? writeErrors[0]?.index : writeErrors?.index;
      if (failed === undefined) throw error;
      rest = rest.slice(failed + 1);
    }
  }
}

const keptUntil = (ctx: AppContext, now: Date) =>
  new Date(now.getTime() + ctx.config.eventsRetentionDays * 86_400_000);

/** The events' payloads, before their deliveries: one per event, whichever endpoints want it. */
export async function keepPayloads(
  ctx: AppContext,
  events: readonly { id: string; body: string }[],
  now: Date,
): Promise<void> {
  const expiresAt = keptUntil(ctx, now);
  await insertInOrder(
    ctx.models.WebhookPayload.collection,
    events.map(({ id, body }) => ({ _id: id, body, expiresAt })),
  );
}

const deliveryOf = (ctx: AppContext, webhookId: string, event: CrmEvent, now: Date) => ({
  _id: new Types.ObjectId().toHexString(),
  webhookId,
  eventId: event.id,
  eventType: event.type,
  requestId: event.requestId,
  position: event.position,
  status: 'pending',
  attempts: 0,
  nextAttemptAt: now,
  firstAttemptAt: null,
  lastAttemptAt: null,
  durationMs: null,
  responseStatus: null,
  responseBody: '',
  failure: null,
  createdAt: now,
  expiresAt: keptUntil(ctx, now),
});

/** Plans one endpoint's deliveries up to the log's settled end; how many events it read. */
async function planFor(ctx: AppContext, webhook: Planned, now: Date, lease: JobLease) {
  const webhookId = webhook._id.toHexString();
  const wanted = new Set<string>(webhook.events);
  let cursor = webhook.cursor;
  let read = 0;
  while (read < MOST_PER_PLAN) {
    holding(lease, WEBHOOKS_JOB);
    const page = await eventsAfter(ctx, cursor, PAGE);
    if (page.last === cursor) break;
    read += page.events.length;
    const events = page.events.filter((event) => wanted.has(event.type));
    await keepPayloads(
      ctx,
      events.map((event) => ({ id: event.id, body: JSON.stringify(event) })),
      now,
    );
    await insertInOrder(
      ctx.models.WebhookDelivery.collection,
      events.map((event) => deliveryOf(ctx, webhookId, event, now)),
    );
    await ctx.models.Webhook.updateOne({ _id: webhook._id }, { $max: { cursor: page.last } });
    cursor = page.last;
    if (page.events.length < PAGE) break;
  }
  return read;
}

/** Plans every endpoint that is on; the number of events read. */
export async function planDeliveries(ctx: AppContext, now: Date, lease: JobLease): Promise<number> {
  const webhooks = await ctx.models.Webhook.find({ enabled: true }, 'events cursor').lean<
    Planned[]
  >();
  let read = 0;
  for (const webhook of webhooks) read += await planFor(ctx, webhook, now, lease);
  return read;
}
