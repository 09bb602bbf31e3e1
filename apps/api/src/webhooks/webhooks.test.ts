import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  API_TOKEN_MESSAGES,
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  type CreatedWebhook,
  type Webhook,
  type WebhookDelivery,
} from '@crm/shared';
import { appendEvents } from '../events/index.js';
import { bearer, useSignedInRoles, useTestApp } from '../test/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from '../test/webhook-receiver.js';
import { dispatchWebhooks } from './dispatch.js';
import { signatureOf } from './secret.js';

// Issue 36: Ajustes' "Integraciones", the endpoints a system admin keeps: a secret shown once,
// addresses checked against SSRF (after resolving the name), turned off and on.

const t = useTestApp();
const { admin, vendor } = useSignedInRoles(t);
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
});
afterEach(async () => {
  await t.ctx.models.Webhook.deleteMany({});
  await t.ctx.models.WebhookDelivery.deleteMany({});
  receiver.received.length = 0;
});

const create = (body: object, token = admin.token) =>
  request(t.app).post('/api/webhooks').set(bearer(token)).send(body);
const list = () => request(t.app).get('/api/webhooks').set(bearer(admin.token));
const update = (id: string, body: object) =>
  request(t.app).patch(`/api/webhooks/${id}`).set(bearer(admin.token)).send(body);

async function made(events = ['request.created']): Promise<CreatedWebhook> {
  const res = await create({ url: receiver.url, events });
  expect(res.status).toBe(201);
  return res.body as CreatedWebhook;
}

const urlRefused = (message: string) => ({
  message,
  errors: [{ path: 'url', message }],
});

describe('an endpoint', () => {
  it('is made by a system admin, its secret in that answer only and stored encrypted', async () => {
    const res = await create({ url: receiver.url, events: ['request.moved', 'request.created'] });
    expect(res.status).toBe(201);
    const hook = res.body as CreatedWebhook;
    expect(hook).toMatchObject({
      url: receiver.url,
      // In the log's order of types, once each.
      events: ['request.created', 'request.moved'],
      enabled: true,
      disabledReason: null,
      failingSince: null,
    });
    expect(hook.secret).toMatch(/^whsec_[\w-]{43}$/);

    const { secret, ...shown } = hook;
    const listed = (await list()).body as { items: Webhook[] };
    expect(listed.items).toEqual([shown]);
    const changed = await update(hook._id, { events: ['request.note'] });
    expect(changed.status).toBe(200);
    expect(JSON.stringify(listed) + JSON.stringify(changed.body)).not.toContain(secret);
    const stored = await t.ctx.models.Webhook.findById(hook._id).lean();
    expect(stored!.secret).not.toContain(secret);
  });

  it('is for system admins only, and not by an API token', async () => {
    expect(
      (await create({ url: receiver.url, events: ['request.created'] }, vendor.token)).status,
    ).toBe(403);
    const token = await request(t.app)
      .post('/api/me/tokens')
      .set(bearer(admin.token))
      .send({ name: 'script', scope: 'write', lifetimeDays: 30 });
    const byToken = await create(
      { url: receiver.url, events: ['request.created'] },
      (token.body as { token: string }).token,
    );
    expect(byToken.status).toBe(403);
    expect(byToken.body).toMatchObject({ message: API_TOKEN_MESSAGES.sessionOnly });
  });

  it.each([
    ['ftp://example.com/hook', 'url', WEBHOOK_MESSAGES.urlInvalid],
    ['https://user:pass@example.com/hook', 'url', WEBHOOK_MESSAGES.urlInvalid],
    ['http://exa mple.com', 'url', WEBHOOK_MESSAGES.urlInvalid],
    ['http://no-such-host.invalid/hook', 'url', WEBHOOK_MESSAGES.urlUnresolved],
  ])('with the address %s is refused, naming %s', async (url, path, message) => {
    const res = await create({ url, events: ['request.created'] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, errors: [{ path, message }] });
  });

  it('without an event type, or with an unknown one, is refused naming `events`', async () => {
    for (const events of [[], ['request.exploded']]) {
      const res = await create({ url: receiver.url, events });
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ path: expect.stringMatching(/^events/) });
    }
  });

  it(`is one of at most ${WEBHOOK_LIMITS.endpoints}`, async () => {
    for (let i = 0; i < WEBHOOK_LIMITS.endpoints; i++) await made();
    const res = await create({ url: receiver.url, events: ['request.created'] });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: WEBHOOK_MESSAGES.tooMany });
  });

  it('turned off gets nothing; turned on again, only what happens from then on', async () => {
    const hook = await made();
    const publish = async () => {
      const id = randomUUID();
      await appendEvents(t.ctx, [
        {
          id,
          type: 'request.created',
          occurredAt: new Date(),
          actor: null,
          requestId: new Types.ObjectId().toHexString(),
          data: {},
        },
      ]);
      return id;
    };
    expect((await update(hook._id, { enabled: false })).body).toMatchObject({
      enabled: false,
      disabledReason: null,
    });
    await publish();
    await dispatchWebhooks(t.ctx);
    expect(receiver.received).toEqual([]);

    await update(hook._id, { enabled: true });
    const after = await publish();
    await dispatchWebhooks(t.ctx);
    expect(receiver.received.map((hook) => (JSON.parse(hook.body) as { id: string }).id)).toEqual([
      after,
    ]);
  });

  it('gets a new secret on demand: the old one signs no more', async () => {
    const hook = await made();
    const rotated = await request(t.app)
      .post(`/api/webhooks/${hook._id}/secret`)
      .set(bearer(admin.token));
    expect(rotated.status).toBe(200);
    const secret = (rotated.body as CreatedWebhook).secret;
    expect(secret).not.toBe(hook.secret);
    await request(t.app).post(`/api/webhooks/${hook._id}/test`).set(bearer(admin.token));
    const [got] = receiver.received;
    const header = got!.headers['x-crm-signature'] as string;
    const at = new Date(Number(/t=(\d+)/.exec(header)![1]) * 1000);
    expect(header).toBe(signatureOf(secret, got!.body, at));
    expect(header).not.toBe(signatureOf(hook.secret, got!.body, at));
  });

  it('deleted takes its deliveries with it', async () => {
    const hook = await made();
    await request(t.app).post(`/api/webhooks/${hook._id}/test`).set(bearer(admin.token));
    const removed = await request(t.app)
      .delete(`/api/webhooks/${hook._id}`)
      .set(bearer(admin.token));
    expect(removed.status).toBe(200);
    expect((await list()).body).toEqual({ items: [] });
    expect(await t.ctx.models.WebhookDelivery.countDocuments({ webhookId: hook._id })).toBe(0);
    expect(
      (await request(t.app).get(`/api/webhooks/${hook._id}/deliveries`).set(bearer(admin.token)))
        .status,
    ).toBe(404);
  });
});

describe('an address that leads to the server or its network (WEBHOOK_ALLOW_PRIVATE unset)', () => {
  beforeAll(() => {
    t.ctx.config.webhooks = { ...t.ctx.config.webhooks, allowPrivate: false };
  });
  afterAll(() => {
    t.ctx.config.webhooks = { ...t.ctx.config.webhooks, allowPrivate: true };
  });

  it.each([
    ['a loopback address', () => receiver.url],
    ['a name that resolves to 127.0.0.1', () => `http://localhost:${receiver.port}/hook`],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
    ['a private network address', () => 'https://10.1.2.3/hook'],
    ['a private network address', () => 'http://192.168.1.20:8080/hook'],
    ['loopback written as IPv6', () => 'http://[::ffff:127.0.0.1]/hook'],
    ['the IPv6 loopback', () => 'http://[::1]/hook'],
    ['loopback written as a number', () => 'http://2130706433/hook'],
  ])('is refused, naming `url`: %s', async (_what, url) => {
    const res = await create({ url: url(), events: ['request.created'] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(urlRefused(WEBHOOK_MESSAGES.urlPrivate));
  });

  it('is refused on a change too', async () => {
    t.ctx.config.webhooks = { ...t.ctx.config.webhooks, allowPrivate: true };
    const hook = await made();
    t.ctx.config.webhooks = { ...t.ctx.config.webhooks, allowPrivate: false };
    const res = await update(hook._id, { url: 'http://169.254.169.254/' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(urlRefused(WEBHOOK_MESSAGES.urlPrivate));
  });

  it('is checked again at each try: the try fails and nothing is sent', async () => {
    t.ctx.config.webhooks = { ...t.ctx.config.webhooks, allowPrivate: true };
    const hook = await made();
    t.ctx.config.webhooks = { ...t.ctx.config.webhooks, allowPrivate: false };
    const res = await request(t.app)
      .post(`/api/webhooks/${hook._id}/test`)
      .set(bearer(admin.token));
    expect(res.status).toBe(201);
    expect(res.body as WebhookDelivery).toMatchObject({
      status: 'failed',
      failure: 'address',
      responseStatus: null,
    });
    expect(receiver.received).toEqual([]);
  });
});
