import { WEBHOOK_LIMITS } from '@crm/shared';
import type { AppContext } from '../context.js';
import type { WebhookDoc } from './webhook.model.js';

/*
 * An endpoint's log is its newest WEBHOOK_LIMITS.log deliveries (issue 36): the finished ones
 * older than those are deleted once a run, so the deliveries the dispatcher reads stay few (on
 * FerretDB 1.x every read and update costs what the collection weighs). Pending ones always stay.
 * A delivery is never deleted within KEEP_AT_LEAST_MS of being made: a second process planning
 * the same events a moment late then still meets it (its unique key), and sends nothing twice.
 * The payloads go with their events' retention (EVENTS_RETENTION_DAYS).
 */

const KEEP_AT_LEAST_MS = 10 * 60_000;

export async function pruneLogs(ctx: AppContext, now: Date): Promise<void> {
  const { WebhookDelivery } = ctx.models;
  const endpoints = await ctx.models.Webhook.find({}, '_id').lean<Pick<WebhookDoc, '_id'>[]>();
  for (const { _id } of endpoints) {
    const webhookId = _id.toHexString();
    const finished = { webhookId, status: { $ne: 'pending' } };
    const [oldestKept] = await WebhookDelivery.find(finished, 'createdAt')
      .sort({ createdAt: -1, _id: -1 })
      .skip(WEBHOOK_LIMITS.log - 1)
      .limit(1)
      .lean<{ createdAt: Date }[]>();
    if (!oldestKept) continue;
    const before = Math.min(oldestKept.createdAt.getTime(), now.getTime() - KEEP_AT_LEAST_MS);
    await WebhookDelivery.deleteMany({ ...finished, createdAt: { $lt: new Date(before) } });
  }
}
