import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Types } from 'mongoose';
import request from 'supertest';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  WEBHOOK_DISABLED_MAIL,
  WEBHOOK_HEADERS,
  WEBHOOK_LIMITS,
  type CreatedWebhook,
  type CrmEvent,
  type EventType,
  type WebhookDelivery,
} from '@crm/shared';
import { appendEvents } from '../events/index.js';
import { useAccountMail } from '../test/account-links.js';
import { textOf } from '../test/smtp.js';
import {
  addUser,
  bearer,
  startTestApp,
  tokenFor,
  useTestApp,
  type TestApp,
} from '../test/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from '../test/webhook-receiver.js';
import { unleased } from '../jobs/index.js';
import { dispatchWebhooks } from './dispatch.js';
import { planDeliveries } from './plan.js';
import { pruneLogs } from './prune.js';

// Issue 36: webhooks delivered to a real HTTP receiver on loopback, with the app's clock moved
// for the retries (WEBHOOK_ALLOW_PRIVATE is on in the test apps; address-check.test.ts turns it
// off).

type Verify = (
  secret: string,
  header: string | undefined,
  rawBody: string | Buffer,
  toleranceSeconds?: number,
  nowMs?: number,
) => boolean;

/** docs/webhooks.md's recipe, run as written: the block after its "run by" comment. */
async function documentedRecipe(): Promise<Verify> {
  const doc = readFileSync(
    path.resolve(import.meta.dirname, '../../../../docs/webhooks.md'),
    'utf8',
  );
  const code = /delivery\.test\.ts[^\n]*\n+```js\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!code) throw new Error('docs/webhooks.md has no verification recipe');
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'webhook-recipe-')), 'verify.mjs');
  writeFileSync(file, code);
  const module = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as {
    verifyCrmSignature: Verify;
  };
  return module.verifyCrmSignature;
}

const t = useTestApp();
let admin: { token: string; user: { email: string } };
let receiver: WebhookReceiver;
let verify: Verify;
const T0 = new Date('2026-05-04T12:00:00.000Z');
let now = T0;

beforeAll(async () => {
  admin = await tokenFor(t, 'system admin');
  verify = await documentedRecipe();
});

beforeEach(async () => {
  receiver = await startWebhookReceiver();
  now = T0;
  vi.spyOn(t.ctx.clock, 'now').mockImplementation(() => now);
});

afterEach(async () => {
  vi.restoreAllMocks();
  await receiver.close();
  await t.ctx.models.Webhook.deleteMany({});
  await t.ctx.models.WebhookDelivery.deleteMany({});
});

async function createWebhook(
  app: TestApp,
  events: EventType[] = ['request.created', 'request.moved'],
  url = receiver.url,
): Promise<CreatedWebhook> {
  const res = await request(app.app)
    .post('/api/webhooks')
    .set(bearer(admin.token))
    .send({ url, events });
  expect(res.status).toBe(201);
  return res.body as CreatedWebhook;
}

/** Events into the log, as requests/ publishes them. */
async function publish(
  app: TestApp,
  ...events: { type: EventType; requestId: string }[]
): Promise<string[]> {
  const made = events.map(({ type, requestId }) => ({
    id: randomUUID(),
    type,
    occurredAt: now,
    actor: null,
    requestId,
    data: { changes: [{ field: 'status', from: null, to: type }] },
  }));
  await appendEvents(app.ctx, made);
  return made.map(({ id }) => id);
}

const newRequestId = () => new Types.ObjectId().toHexString();
const eventOf = (hook: { body: string }) => JSON.parse(hook.body) as CrmEvent;
const idsReceived = () => receiver.received.map((hook) => eventOf(hook).id);

async function deliveries(webhookId: string): Promise<WebhookDelivery[]> {
  const res = await request(t.app)
    .get(`/api/webhooks/${webhookId}/deliveries`)
    .set(bearer(admin.token));
  expect(res.status).toBe(200);
  return (res.body as { items: WebhookDelivery[] }).items;
}

describe('a delivery', () => {
  it('is the event POSTed as JSON, signed so that the documented recipe verifies it, with its id and type', async () => {
    const hook = await createWebhook(t);
    const requestId = newRequestId();
    const [id] = await publish(t, { type: 'request.created', requestId });
    await dispatchWebhooks(t.ctx);

    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0]!;
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers[WEBHOOK_HEADERS.eventId.toLowerCase()]).toBe(id);
    expect(got.headers[WEBHOOK_HEADERS.eventType.toLowerCase()]).toBe('request.created');
    expect(eventOf(got)).toMatchObject({ id, type: 'request.created', requestId });
    const signature = got.headers[WEBHOOK_HEADERS.signature.toLowerCase()] as string;
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const at = now.getTime();
    expect(verify(hook.secret, signature, got.body, 300, at)).toBe(true);
    expect(verify(hook.secret, signature, Buffer.from(got.body), 300, at)).toBe(true);
    // Another body, another secret, or too late: refused.
    expect(verify(hook.secret, signature, got.body.replace('created', 'deleted'), 300, at)).toBe(
      false,
    );
    expect(verify(`${hook.secret}x`, signature, got.body, 300, at)).toBe(false);
    expect(verify(hook.secret, signature, got.body, 300, at + 301_000)).toBe(false);

    const [logged] = await deliveries(hook._id);
    expect(logged).toMatchObject({
      eventId: id,
      eventType: 'request.created',
      requestId,
      status: 'delivered',
      attempts: 1,
      responseStatus: 200,
      responseBody: 'ok',
      failure: null,
    });
    expect(logged!.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('goes only for the types the endpoint wants, and only for events after it was made', async () => {
    await publish(t, { type: 'request.created', requestId: newRequestId() });
    await createWebhook(t, ['request.moved']);
    const requestId = newRequestId();
    const [, moved] = await publish(
      t,
      { type: 'request.created', requestId },
      { type: 'request.moved', requestId },
      { type: 'request.note', requestId },
    );
    await dispatchWebhooks(t.ctx);
    expect(idsReceived()).toEqual([moved]);
  });

  it('of one request waits while an earlier one of the same request is retried; other requests go on', async () => {
    await createWebhook(t);
    const [first, second] = [newRequestId(), newRequestId()];
    const [a, x, b] = await publish(
      t,
      { type: 'request.created', requestId: first },
      { type: 'request.created', requestId: second },
      { type: 'request.moved', requestId: first },
    );
    let refuse = true;
    receiver.answer = (hook) =>
      refuse && eventOf(hook).id === a ? { status: 503, body: 'busy' } : { status: 200 };
    await dispatchWebhooks(t.ctx);
    expect(idsReceived()).toEqual([a, x]);

    // Still within the first retry's wait: nothing.
    now = new Date(T0.getTime() + 10_000);
    await dispatchWebhooks(t.ctx);
    expect(idsReceived()).toEqual([a, x]);

    refuse = false;
    now = new Date(T0.getTime() + 15_000);
    await dispatchWebhooks(t.ctx);
    expect(idsReceived()).toEqual([a, x, a, b]);
  });
});

describe('a receiver that fails', () => {
  it('is tried again further and further apart for 24 hours from the first try, then given up', async () => {
    const hook = await createWebhook(t);
    receiver.answer = () => ({ status: 500, body: 'boom' });
    await publish(t, { type: 'request.created', requestId: newRequestId() });
    await dispatchWebhooks(t.ctx);
    const tries = [now.getTime()];
    for (let round = 0; round < 40; round++) {
      const [delivery] = await deliveries(hook._id);
      if (delivery!.status !== 'pending') break;
      now = new Date(delivery!.nextAttemptAt!);
      await dispatchWebhooks(t.ctx);
      tries.push(now.getTime());
    }
    const [delivery] = await deliveries(hook._id);
    expect(delivery).toMatchObject({
      status: 'failed',
      failure: 'status',
      responseStatus: 500,
      responseBody: 'boom',
      nextAttemptAt: null,
    });
    expect(receiver.received).toHaveLength(tries.length);
    expect(delivery!.attempts).toBe(tries.length);
    const gaps = tries.slice(1).map((at, i) => at - tries[i]!);
    expect(gaps.slice(0, 4)).toEqual([15_000, 30_000, 60_000, 120_000]);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(4 * 3_600_000);
    expect(tries.at(-1)! - tries[0]!).toBe(WEBHOOK_LIMITS.retryHours * 3_600_000);
  });

  it('that hangs is cut at the timeout and retried, holding no worker longer', async () => {
    const hook = await createWebhook(t);
    t.ctx.config.webhooks = { ...t.ctx.config.webhooks, timeoutMs: 300 };
    receiver.answer = () => ({ hang: true });
    await publish(t, { type: 'request.created', requestId: newRequestId() });
    const started = performance.now();
    try {
      await dispatchWebhooks(t.ctx);
    } finally {
      t.ctx.config.webhooks = { ...t.ctx.config.webhooks, timeoutMs: 10_000 };
    }
    expect(performance.now() - started).toBeLessThan(3000);
    const [delivery] = await deliveries(hook._id);
    expect(delivery).toMatchObject({ status: 'pending', failure: 'timeout', responseStatus: null });
    expect(delivery!.nextAttemptAt).toBe(new Date(T0.getTime() + 15_000).toISOString());
  });

  it('that answers 5 MB has its first KB kept and the rest left unread', async () => {
    const hook = await createWebhook(t);
    const huge = Buffer.alloc(5 * 1024 * 1024, 'a');
    receiver.answer = () => ({ status: 200, body: huge });
    await publish(t, { type: 'request.created', requestId: newRequestId() });
    await dispatchWebhooks(t.ctx);
    const [delivery] = await deliveries(hook._id);
    expect(delivery!.status).toBe('delivered');
    expect(delivery!.responseBody).toBe('a'.repeat(WEBHOOK_LIMITS.answerBytes));
    // The receiver could write no more than the socket buffers took before the hang-up.
    expect(receiver.written).toBeLessThan(huge.length);
  });

  it('that redirects fails the try: the redirect is not followed', async () => {
    const elsewhere = await startWebhookReceiver();
    try {
      const hook = await createWebhook(t);
      receiver.answer = () => ({ status: 307, headers: { Location: elsewhere.url } });
      await publish(t, { type: 'request.created', requestId: newRequestId() });
      await dispatchWebhooks(t.ctx);
      const [delivery] = await deliveries(hook._id);
      expect(delivery).toMatchObject({
        status: 'pending',
        failure: 'redirect',
        responseStatus: 307,
      });
      expect(elsewhere.received).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });
});

describe('an endpoint failing for 3 days', () => {
  const smtp = useAccountMail(t);

  it('is turned off and every system admin gets a mail; nothing more is sent to it', async () => {
    const other = await addUser(t.ctx, 'system admin');
    const hook = await createWebhook(t);
    receiver.answer = () => ({ status: 502 });
    await publish(t, { type: 'request.created', requestId: newRequestId() });
    await dispatchWebhooks(t.ctx);

    // Two days on: failing, still on.
    now = new Date(T0.getTime() + 2 * 86_400_000);
    await publish(t, { type: 'request.created', requestId: newRequestId() });
    await dispatchWebhooks(t.ctx);
    const list = () => request(t.app).get('/api/webhooks').set(bearer(admin.token));
    expect((await list()).body.items[0]).toMatchObject({
      enabled: true,
      failingSince: T0.toISOString(),
    });
    expect(smtp.mails).toEqual([]);

    now = new Date(T0.getTime() + 3 * 86_400_000 + 60_000);
    await publish(t, { type: 'request.created', requestId: newRequestId() });
    await dispatchWebhooks(t.ctx);
    expect((await list()).body.items[0]).toMatchObject({
      _id: hook._id,
      enabled: false,
      disabledReason: 'failing',
    });
    const [text] = WEBHOOK_DISABLED_MAIL.text(new URL(receiver.url).origin, 3, '').split('\n');
    const mailed = smtp.mails.filter((mail) => textOf(mail.raw).includes(text!));
    expect(mailed.flatMap((mail) => mail.to).sort()).toEqual(
      [admin.user.email, other.email].sort(),
    );

    const tries = receiver.received.length;
    now = new Date(now.getTime() + 86_400_000);
    await publish(t, { type: 'request.created', requestId: newRequestId() });
    await dispatchWebhooks(t.ctx);
    expect(receiver.received).toHaveLength(tries);
  });
});

describe('a crash', () => {
  it('between a try’s claim and its outcome costs a try, not the delivery: it goes later', async () => {
    const hook = await createWebhook(t);
    await publish(t, { type: 'request.created', requestId: newRequestId() });
    // Planned, then "a process" claims its first try and dies.
    await planDeliveries(t.ctx, now, unleased);
    const [planned] = await t.ctx.models.WebhookDelivery.find({ webhookId: hook._id }).lean();
    await t.ctx.models.WebhookAttempt.create({
      _id: `${planned!._id}#1`,
      at: now,
      expiresAt: new Date(now.getTime() + 86_400_000),
    });

    await dispatchWebhooks(t.ctx);
    expect(receiver.received).toEqual([]);
    now = new Date(T0.getTime() + 2 * 60_000);
    await dispatchWebhooks(t.ctx);
    expect(receiver.received).toHaveLength(1);
    const [delivery] = await deliveries(hook._id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 2 });
  });
});

describe('an endpoint’s log', () => {
  it(`keeps its newest ${WEBHOOK_LIMITS.log} finished deliveries and every pending one`, async () => {
    const hook = await createWebhook(t);
    const old = (i: number, status: string) => ({
      _id: new Types.ObjectId().toHexString(),
      webhookId: hook._id,
      eventId: randomUUID(),
      eventType: 'request.created',
      requestId: newRequestId(),
      position: i + 1,
      status,
      attempts: 1,
      nextAttemptAt: status === 'pending' ? now : null,
      createdAt: new Date(T0.getTime() - (200 - i) * 60_000),
      expiresAt: new Date(T0.getTime() + 86_400_000),
    });
    await t.ctx.models.WebhookDelivery.insertMany([
      ...Array.from({ length: 110 }, (_, i) => old(i, 'delivered')),
      old(0, 'pending'),
    ]);
    await pruneLogs(t.ctx, now);
    const kept = await t.ctx.models.WebhookDelivery.find({ webhookId: hook._id }).lean();
    expect(kept.filter((d) => d.status === 'delivered')).toHaveLength(WEBHOOK_LIMITS.log);
    expect(kept.filter((d) => d.status === 'pending')).toHaveLength(1);
    expect(Math.min(...kept.map((d) => d.position))).toBe(1);
    expect(Math.min(...kept.filter((d) => d.status !== 'pending').map((d) => d.position))).toBe(11);
  });
});

describe('two API processes on one database', () => {
  it('deliver each event once, each request’s in order', async () => {
    const second = await startTestApp({ dbName: t.dbName });
    try {
      vi.spyOn(second.ctx.clock, 'now').mockImplementation(() => now);
      await createWebhook(t);
      const requests = Array.from({ length: 6 }, newRequestId);
      const published: { id: string; requestId: string }[] = [];
      for (let round = 0; round < 4; round++) {
        const events = requests.map((requestId) => ({ type: 'request.moved' as const, requestId }));
        const ids = await publish(t, ...events);
        published.push(...ids.map((id, i) => ({ id, requestId: requests[i]! })));
        await Promise.all([dispatchWebhooks(t.ctx), dispatchWebhooks(second.ctx)]);
      }
      await Promise.all([dispatchWebhooks(t.ctx), dispatchWebhooks(second.ctx)]);

      const got = idsReceived();
      expect([...got].sort()).toEqual(published.map(({ id }) => id).sort());
      for (const requestId of requests) {
        const sent = published.filter((event) => event.requestId === requestId).map(({ id }) => id);
        expect(got.filter((id) => sent.includes(id))).toEqual(sent);
      }
    } finally {
      await second.close();
    }
  });
});

describe('"Enviar prueba" and "Reenviar"', () => {
  it('send a signed test event now, and the same delivery again on demand', async () => {
    const hook = await createWebhook(t);
    const test = await request(t.app)
      .post(`/api/webhooks/${hook._id}/test`)
      .set(bearer(admin.token));
    expect(test.status).toBe(201);
    expect(test.body).toMatchObject({
      eventType: 'webhook.test',
      requestId: null,
      status: 'delivered',
      attempts: 1,
      responseStatus: 200,
    });
    const [got] = receiver.received;
    expect(eventOf(got!)).toMatchObject({ type: 'webhook.test', requestId: null, data: {} });
    expect(
      verify(hook.secret, got!.headers['x-crm-signature'] as string, got!.body, 300, now.getTime()),
    ).toBe(true);

    now = new Date(T0.getTime() + 60_000);
    const again = await request(t.app)
      .post(`/api/webhooks/${hook._id}/deliveries/${(test.body as WebhookDelivery)._id}/redeliver`)
      .set(bearer(admin.token));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(receiver.received).toHaveLength(2);
    expect(eventOf(receiver.received[1]!).id).toBe(eventOf(got!).id);
  });
});
