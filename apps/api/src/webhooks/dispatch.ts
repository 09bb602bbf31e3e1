import type { AppContext } from '../context.js';
import { holding, LeaseLost, unleased, type BackgroundJob, type JobLease } from '../jobs/index.js';
import { tryDelivery, type Endpoint, type Outgoing, type TryOptions } from './attempt.js';
import { planDeliveries, WEBHOOKS_JOB } from './plan.js';
import { pruneLogs } from './prune.js';
import type { DeliveryDoc } from './webhook.model.js';

/*
 * The webhooks' dispatcher (issue 36), a job on the app's scheduler (jobs/): one process runs it
 * at a time, but nothing counts on that (on FerretDB 1.x the scheduler's lock is not atomic):
 * deliveries are made once by their unique key (plan.ts) and each try is claimed (attempt.ts).
 *
 * Each pass plans what the log has new, then sends what is due, in order per request: of one
 * endpoint's deliveries about one request only the earliest still pending may go, so a request's
 * events reach a receiver in the order they happened, even across retries. Deliveries of
 * different requests go side by side, `concurrency` at a time. A request whose earliest delivery
 * waits for a retry has its later ones wait with it (their next try set to its), so a receiver
 * that is down costs each pass a read of what is due, not of everything pending.
 */

/** Deliveries read per page of what is due. */
const BATCH = 200;
/** Pages a pass reads at most looking for deliveries that may go. */
const MOST_PAGES = 5;
/** The job's period; a run listens for new events for all of it but this margin. */
const PERIOD_MS = 30_000;
const MARGIN_MS = 2_000;

type Due = Outgoing & { webhookId: string; nextAttemptAt: Date | null };
type Blocker = Pick<DeliveryDoc, 'webhookId' | 'requestId' | 'position' | 'nextAttemptAt'>;

const keyOf = (delivery: { webhookId: string; requestId: string }) =>
  `${delivery.webhookId}:${delivery.requestId}`;

/**
 * For each of `firsts`, the earliest pending delivery of its endpoint and request before it, if
 * any: one read of their requests' pending deliveries (FerretDB 1.x scans the collection once
 * per clause of an $or, so no $or of one clause a request).
 */
async function earlierPending(ctx: AppContext, firsts: Due[]): Promise<Map<string, Blocker>> {
  const ordered = firsts.filter((delivery) => delivery.requestId);
  if (ordered.length === 0) return new Map();
  const before = new Map(ordered.map((first) => [keyOf(first), first.position]));
  const found = await ctx.models.WebhookDelivery.find(
    {
      status: 'pending',
      webhookId: { $in: [...new Set(ordered.map(({ webhookId }) => webhookId))] },
      requestId: { $in: [...new Set(ordered.map(({ requestId }) => requestId))] },
      position: { $lt: Math.max(...ordered.map(({ position }) => position)) },
    },
    'webhookId requestId position nextAttemptAt',
  )
    .sort({ position: 1 })
    .lean<Blocker[]>();
  const earliest = new Map<string, Blocker>();
  for (const blocker of found) {
    const key = keyOf(blocker);
    const position = before.get(key);
    if (position !== undefined && blocker.position < position && !earliest.has(key)) {
      earliest.set(key, blocker);
    }
  }
  return earliest;
}

/** The blocked request's later deliveries wait for its earliest's next try (see above). */
async function waitBehind(ctx: AppContext, blocker: Blocker, now: Date): Promise<void> {
  const at = blocker.nextAttemptAt;
  if (!at || at.getTime() <= now.getTime()) return;
  await ctx.models.WebhookDelivery.updateMany(
    {
      webhookId: blocker.webhookId,
      requestId: blocker.requestId,
      status: 'pending',
      attempts: 0,
      position: { $gt: blocker.position },
      nextAttemptAt: { $lt: at },
    },
    { $set: { nextAttemptAt: at } },
  );
}

/**
 * What may go now, in runs: each endpoint and request's due deliveries in order, from its
 * earliest pending one (a request whose earliest pending isn't due has none); a test alone.
 */
async function sendable(ctx: AppContext, webhookIds: string[], now: Date): Promise<Due[][]> {
  const chosen: Due[][] = [];
  const runs = new Map<string, Due[]>();
  let after = -1;
  for (let page = 0; page < MOST_PAGES && chosen.length < BATCH; page++) {
    // By position alone: what shares a page's last position (one event, several endpoints) and
    // didn't fit waits for the next pass.
    const docs = await ctx.models.WebhookDelivery.find(
      {
        status: 'pending',
        nextAttemptAt: { $lte: now },
        webhookId: { $in: webhookIds },
        position: { $gt: after },
      },
      'webhookId eventId eventType requestId position attempts firstAttemptAt nextAttemptAt',
    )
      .sort({ position: 1 })
      .limit(BATCH)
      .lean<Due[]>();
    // A test has no request: nothing orders it. A request's run grows across pages.
    const firsts: Due[] = [];
    for (const delivery of docs) {
      if (!delivery.requestId) chosen.push([delivery]);
      else if (runs.has(keyOf(delivery))) runs.get(keyOf(delivery))!.push(delivery);
      else {
        firsts.push(delivery);
        runs.set(keyOf(delivery), [delivery]);
      }
    }
    const blockers = await earlierPending(ctx, firsts);
    for (const first of firsts) {
      const blocker = blockers.get(keyOf(first));
      if (blocker) {
        await waitBehind(ctx, blocker, now);
        runs.set(keyOf(first), []);
      } else chosen.push(runs.get(keyOf(first))!);
    }
    const last = docs.at(-1);
    if (!last || docs.length < BATCH) break;
    after = last.position;
  }
  return chosen;
}

/** Runs `work` on each item, at most `size` at a time. */
async function inPool<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}

/** One pass of sends at `now`; the number of tries made. */
async function sendDue(
  ctx: AppContext,
  now: Date,
  lease: JobLease,
  options: TryOptions,
): Promise<number> {
  const endpoints = await ctx.models.Webhook.find(
    { enabled: true },
    'url secret enabled failingSince',
  ).lean<Endpoint[]>();
  if (endpoints.length === 0) return 0;
  const byId = new Map(endpoints.map((endpoint) => [endpoint._id.toHexString(), endpoint]));
  const runs = await sendable(ctx, [...byId.keys()], now);
  let tries = 0;
  // A request's run one after another, stopping where one doesn't go through (or another
  // process has it): what follows waits for it.
  await inPool(runs, ctx.config.webhooks.concurrency, async (run) => {
    for (const delivery of run) {
      const endpoint = byId.get(delivery.webhookId);
      if (!endpoint) return;
      holding(lease, WEBHOOKS_JOB);
      const status = await tryDelivery(ctx, endpoint, delivery, now, options);
      if (status === undefined) return;
      tries += 1;
      if (status !== 'delivered') return;
    }
  });
  return tries;
}

/**
 * Plans and sends until nothing more may go now (what failed waits for its retry): the whole of
 * a run's work at one moment, which tests call directly with the app's clock moved. Never
 * rejects: a failure is logged and the next run starts over from the database.
 */
export async function dispatchWebhooks(
  ctx: AppContext,
  lease: JobLease = unleased,
  options: TryOptions = {},
): Promise<number> {
  let tries = 0;
  try {
    await planDeliveries(ctx, ctx.clock.now(), lease);
    for (;;) {
      const made = await sendDue(ctx, ctx.clock.now(), lease, options);
      tries += made;
      if (made === 0) return tries;
    }
  } catch (error) {
    if (error instanceof LeaseLost) {
      ctx.logger.warn('webhooks run stopped early: its lock is no longer held');
    } else {
      ctx.logger.error({ err: error }, 'webhooks run failed');
    }
    return tries;
  }
}

/**
 * The job's run: a dispatch, then the rest of the period spent following the log (a look every
 * WEBHOOK poll: new events, retries come due), dispatching again whenever something went out.
 * Ends early with no endpoint on. Each run trims the endpoints' logs first (prune.ts).
 */
export async function runWebhooks(ctx: AppContext, _now: Date, lease: JobLease): Promise<void> {
  const until = Date.now() + PERIOD_MS - MARGIN_MS;
  try {
    await pruneLogs(ctx, ctx.clock.now());
    while (lease.held() && (await ctx.models.Webhook.exists({ enabled: true }))) {
      const tries = await dispatchWebhooks(ctx, lease);
      const left = until - Date.now();
      if (left <= 0) return;
      if (tries === 0) {
        await new Promise((resolve) =>
          setTimeout(resolve, Math.min(ctx.config.webhooks.pollMs, left)),
        );
      }
    }
  } catch (error) {
    ctx.logger.error({ err: error }, 'webhooks run failed');
  }
}

export const webhooksJob: BackgroundJob = {
  name: WEBHOOKS_JOB,
  every: PERIOD_MS,
  run: runWebhooks,
};
