import { randomBytes, randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import { pino } from 'pino';
import { EVENT_TYPES, type CrmEvent } from '@crm/shared';
import { createContext } from '../src/app-context.js';
import type { AppContext } from '../src/context.js';
import { connectDatabase } from '../src/db/connect.js';
import { appendEvents, type NewEvent } from '../src/events/index.js';
import { exampleRequest } from '../src/openapi/examples.js';
import { unleased } from '../src/jobs/index.js';
import { startWebhookReceiver, type WebhookReceiver } from '../src/test/webhook-receiver.js';
import { runWebhooks } from '../src/webhooks/index.js';
import { createWebhook } from '../src/webhooks/webhooks.service.js';
import { benchConfig, benchDatabase } from './bench-setup.js';
import { percentile } from './measure.js';

/**
 * `npm run bench:webhooks` (issue 36): events published into the log are delivered by the
 * webhooks' job run (back to back, as the process holding its lock runs it) to one endpoint, a
 * real HTTP receiver on loopback that answers 200 at once, on the database of MONGO_URL (else
 * mongodb-memory-server). Two phases:
 *
 * - burst: BENCH_WEBHOOK_EVENTS (10,000) events published as fast as the log takes them, over
 *   BENCH_WEBHOOK_REQUESTS (1,000) requests: deliveries per second (from the first event
 *   published to the last delivery) and the p50/p95 from publication to delivery (a backlog's);
 * - paced: BENCH_WEBHOOK_PACED (1,000) events at BENCH_WEBHOOK_RATE (20) a second: the p50/p95
 *   from a change to its delivery when the dispatcher keeps up.
 *
 * Each event's body carries a request of about 1 KB, as the log's do. Every event is checked to
 * arrive once, and each request's in order.
 */

// eslint-disable-next-line no-restricted-syntax -- benchmark entry point
const env = process.env;
const DB_NAME = 'crm_bench_webhooks';
const EVENTS = Number(env.BENCH_WEBHOOK_EVENTS ?? 10_000);
const REQUESTS = Number(env.BENCH_WEBHOOK_REQUESTS ?? 1_000);
const PACED = Number(env.BENCH_WEBHOOK_PACED ?? 1_000);
const RATE = Number(env.BENCH_WEBHOOK_RATE ?? 20);
/** Events per publication in the burst. */
const BATCH = 500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A request as an event carries it (about 1 KB of JSON): the API document's example. */
const requestOf = (requestId: string, i: number) => ({
  ...exampleRequest,
  _id: requestId,
  requestNumber: i,
  message: 'Quiero una demo para mi equipo. ¿Tienen planes anuales? '.repeat(6),
  createdAt: new Date().toISOString(),
  version: i,
});

type Published = { id: string; requestId: string; at: number };

function eventsFor(requestIds: string[], from: number, count: number): NewEvent[] {
  return Array.from({ length: count }, (_, k) => {
    const i = from + k;
    const requestId = requestIds[i % requestIds.length]!;
    return {
      id: randomUUID(),
      type: EVENT_TYPES[i % EVENT_TYPES.length]!,
      occurredAt: new Date(),
      actor: null,
      requestId,
      data: {
        request: requestOf(requestId, i) as unknown as NonNullable<CrmEvent['data']['request']>,
        changes: [{ field: 'Etapa', from: 'Contactado', to: 'Cotización enviada' }],
      },
    };
  });
}

async function publish(ctx: AppContext, events: NewEvent[], into: Map<string, Published>) {
  const at = Date.now();
  await appendEvents(ctx, events);
  for (const event of events) into.set(event.id, { id: event.id, requestId: event.requestId, at });
}

/** Waits until every published event has reached the receiver (or `limitMs` passes). */
async function delivered(receiver: WebhookReceiver, count: number, limitMs: number) {
  const until = Date.now() + limitMs;
  while (receiver.received.length < count && Date.now() < until) await sleep(100);
}

/** What the receiver got of `published`: latencies, duplicates and requests out of order. */
function report(receiver: WebhookReceiver, published: Map<string, Published>) {
  const seen = new Map<string, number>();
  const latencies: number[] = [];
  const order = new Map<string, string[]>();
  let last = 0;
  for (const hook of receiver.received) {
    const event = JSON.parse(hook.body) as CrmEvent;
    const sent = published.get(event.id);
    if (!sent) continue;
    seen.set(event.id, (seen.get(event.id) ?? 0) + 1);
    if (seen.get(event.id) === 1) latencies.push(hook.at - sent.at);
    order.set(sent.requestId, [...(order.get(sent.requestId) ?? []), event.id]);
    last = Math.max(last, hook.at);
  }
  const byRequest = new Map<string, string[]>();
  for (const event of published.values()) {
    byRequest.set(event.requestId, [...(byRequest.get(event.requestId) ?? []), event.id]);
  }
  let outOfOrder = 0;
  for (const [requestId, expected] of byRequest) {
    const got = (order.get(requestId) ?? []).filter((id, i, all) => all.indexOf(id) === i);
    if (got.join() !== expected.slice(0, got.length).join()) outOfOrder += 1;
  }
  latencies.sort((a, b) => a - b);
  const first = Math.min(...[...published.values()].map(({ at }) => at));
  return {
    delivered: seen.size,
    duplicates: [...seen.values()].filter((n) => n > 1).length,
    missing: published.size - seen.size,
    outOfOrder,
    seconds: (last - first) / 1000,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
  };
}

async function main() {
  const config = benchConfig(env);
  config.webhooks = { ...config.webhooks, allowPrivate: true };
  const db = await benchDatabase(env.MONGO_URL);
  const connection = await connectDatabase(db.url, DB_NAME, config.mongoMaxPoolSize);
  const receiver = await startWebhookReceiver();
  let running = true;
  try {
    await connection.dropDatabase();
    const ctx = await createContext(
      connection,
      { ...config, jwtSecret: randomBytes(32).toString('hex') },
      pino({ level: 'silent' }),
    );
    await createWebhook(ctx, { url: receiver.url, events: [...EVENT_TYPES] });
    const requestIds = Array.from({ length: REQUESTS }, () => new Types.ObjectId().toHexString());
    // The job's run, back to back: each run follows the log for its period, then the next starts.
    // Not awaited: the process ends (process.exit) once the figures are printed.
    void (async () => {
      while (running) await runWebhooks(ctx, new Date(), unleased);
    })();

    console.info(`database: ${db.source}; burst: ${EVENTS} events over ${REQUESTS} requests…`);
    const burst = new Map<string, Published>();
    for (let from = 0; from < EVENTS; from += BATCH) {
      await publish(ctx, eventsFor(requestIds, from, Math.min(BATCH, EVENTS - from)), burst);
    }
    await delivered(receiver, EVENTS, 30 * 60_000);
    const burstReport = report(receiver, burst);

    console.info(`paced: ${PACED} events at ${RATE} a second…`);
    receiver.received.length = 0;
    const paced = new Map<string, Published>();
    const started = Date.now();
    for (let i = 0; i < PACED; i++) {
      const due = started + (i * 1000) / RATE;
      if (due > Date.now()) await sleep(due - Date.now());
      await publish(ctx, eventsFor(requestIds, EVENTS + i, 1), paced);
    }
    await delivered(receiver, PACED, 10 * 60_000);
    const pacedReport = report(receiver, paced);

    console.info('');
    console.info(`bench:webhooks (issue 36), database ${db.source}`);
    const line = (name: string, r: ReturnType<typeof report>, count: number, rate: boolean) =>
      console.info(
        `  ${name}: ${r.delivered}/${count} delivered in ${r.seconds.toFixed(1)} s` +
          (rate ? ` (${(r.delivered / r.seconds).toFixed(0)} deliveries/s)` : '') +
          `; change → delivery p50 ${r.p50.toFixed(0)} ms, p95 ${r.p95.toFixed(0)} ms; ` +
          `duplicates ${r.duplicates}, missing ${r.missing}, requests out of order ${r.outOfOrder}`,
      );
    line('burst', burstReport, EVENTS, true);
    line(`paced at ${RATE}/s`, pacedReport, PACED, false);
  } finally {
    running = false;
    await receiver.close();
    await connection.close();
    await db.stop();
  }
  // The last run ends within its period; the database is gone by then.
  process.exit(0);
}

await main();
