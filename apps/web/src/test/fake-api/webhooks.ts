import {
  EVENT_TYPES,
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_EVENT,
  webhooksApi,
  type EventType,
  type Webhook,
  type WebhookDelivery,
} from '@crm/shared';
import { newId } from './db';
import { fail, fake } from './http';

// Issue 36: webhooks (webhooks-endpoints), as the API answers them with WEBHOOK_ALLOW_PRIVATE
// set (its tests'): any http(s) address without a user or password. The fake reaches no
// receiver: each try fails to connect, as the API's does to an address where nothing listens.
// A test seeds the log it needs with `addWebhookDelivery`.

type StoredWebhook = Webhook & { secret: string };

export const fakeWebhooks = {
  endpoints: [] as StoredWebhook[],
  deliveries: [] as (WebhookDelivery & { webhookId: string })[],
};

export function resetWebhooksFake() {
  fakeWebhooks.endpoints = [];
  fakeWebhooks.deliveries = [];
}

/** `whsec_` and 32 random bytes in base64url, as the API makes them. */
const newSecret = () =>
  `whsec_${btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')}`;

const shown = ({ secret: _secret, ...webhook }: StoredWebhook): Webhook => webhook;
const typesOf = (events: readonly EventType[]) =>
  EVENT_TYPES.filter((type) => events.includes(type));

/** The address as the API stores it, or its 400. */
function addressOf(raw: string) {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail(400, WEBHOOK_MESSAGES.urlInvalid, [
      { path: 'url', message: WEBHOOK_MESSAGES.urlInvalid },
    ]);
  }
  if (url.username || url.password) {
    return fail(400, WEBHOOK_MESSAGES.urlInvalid, [
      { path: 'url', message: WEBHOOK_MESSAGES.urlInvalid },
    ]);
  }
  return url.href;
}

/** An endpoint, made now (also what tests seed one with); answers it with its secret. */
export function addWebhook(overrides: Partial<StoredWebhook> = {}): StoredWebhook {
  const webhook: StoredWebhook = {
    _id: newId(),
    url: 'https://hooks.example.com/crm',
    events: ['request.created'],
    enabled: true,
    disabledReason: null,
    failingSince: null,
    createdAt: new Date().toISOString(),
    secret: newSecret(),
    ...overrides,
  };
  fakeWebhooks.endpoints.push(webhook);
  return webhook;
}

/** A delivery in an endpoint's log, newest unless `createdAt` says otherwise. */
export function addWebhookDelivery(
  webhookId: string,
  overrides: Partial<WebhookDelivery> = {},
): WebhookDelivery {
  const now = new Date().toISOString();
  const delivery = {
    _id: newId(),
    eventId: crypto.randomUUID(),
    eventType: 'request.created' as const,
    requestId: newId(),
    status: 'delivered' as const,
    attempts: 1,
    createdAt: now,
    lastAttemptAt: now,
    nextAttemptAt: null,
    durationMs: 120,
    responseStatus: 200,
    responseBody: 'ok',
    failure: null,
    ...overrides,
  };
  fakeWebhooks.deliveries.push({ ...delivery, webhookId });
  return delivery;
}

const find = (webhookId: string) =>
  fakeWebhooks.endpoints.find((webhook) => webhook._id === webhookId);

/**
 * A try now that can't connect: a test is then given up; an event's delivery waits for its next
 * try while within its day of retries, as the API's retry policy says.
 */
function tryNow(delivery: WebhookDelivery): WebhookDelivery {
  const now = Date.now();
  const attempts = delivery.attempts + 1;
  const retrying =
    delivery.eventType !== WEBHOOK_TEST_EVENT &&
    now - Date.parse(delivery.createdAt) < WEBHOOK_LIMITS.retryHours * 3_600_000;
  return Object.assign(delivery, {
    status: retrying ? 'pending' : 'failed',
    attempts,
    lastAttemptAt: new Date(now).toISOString(),
    nextAttemptAt: retrying ? new Date(now + 15_000 * 2 ** (attempts - 1)).toISOString() : null,
    durationMs: 1,
    responseStatus: null,
    responseBody: '',
    failure: 'connection',
  } satisfies Partial<WebhookDelivery>);
}

const withoutEndpoint = ({
  webhookId: _webhookId,
  ...delivery
}: WebhookDelivery & { webhookId: string }) => delivery;

export const webhookRoutes = [
  fake(webhooksApi.list, () => ({ items: fakeWebhooks.endpoints.map(shown) })),

  fake(webhooksApi.create, ({ input }) => {
    if (fakeWebhooks.endpoints.length >= WEBHOOK_LIMITS.endpoints) {
      return fail(409, WEBHOOK_MESSAGES.tooMany);
    }
    const url = addressOf(input.body.url);
    if (typeof url !== 'string') return url;
    const webhook = addWebhook({ url, events: typesOf(input.body.events) });
    return { ...shown(webhook), secret: webhook.secret };
  }),

  fake(webhooksApi.update, ({ input }) => {
    const webhook = find(input.params.webhookId);
    if (!webhook) return fail(404, WEBHOOK_MESSAGES.notFound);
    const { url, events, enabled } = input.body;
    if (url !== undefined) {
      const href = addressOf(url);
      if (typeof href !== 'string') return href;
      webhook.url = href;
    }
    if (events !== undefined) webhook.events = typesOf(events);
    if (enabled !== undefined && enabled !== webhook.enabled) {
      webhook.enabled = enabled;
      webhook.disabledReason = null;
      if (enabled) webhook.failingSince = null;
    }
    return shown(webhook);
  }),

  fake(webhooksApi.remove, ({ input }) => {
    const webhook = find(input.params.webhookId);
    if (!webhook) return fail(404, WEBHOOK_MESSAGES.notFound);
    fakeWebhooks.endpoints = fakeWebhooks.endpoints.filter((stored) => stored !== webhook);
    fakeWebhooks.deliveries = fakeWebhooks.deliveries.filter(
      (delivery) => delivery.webhookId !== webhook._id,
    );
    return shown(webhook);
  }),

  fake(webhooksApi.rotateSecret, ({ input }) => {
    const webhook = find(input.params.webhookId);
    if (!webhook) return fail(404, WEBHOOK_MESSAGES.notFound);
    webhook.secret = newSecret();
    return { ...shown(webhook), secret: webhook.secret };
  }),

  fake(webhooksApi.test, ({ input }) => {
    const webhook = find(input.params.webhookId);
    if (!webhook) return fail(404, WEBHOOK_MESSAGES.notFound);
    const delivery = addWebhookDelivery(webhook._id, {
      eventType: WEBHOOK_TEST_EVENT,
      requestId: null,
      status: 'pending',
      attempts: 0,
      lastAttemptAt: null,
      durationMs: null,
      responseStatus: null,
      responseBody: '',
    });
    const stored = fakeWebhooks.deliveries.find(({ _id }) => _id === delivery._id)!;
    return withoutEndpoint(tryNow(stored) as typeof stored);
  }),

  fake(webhooksApi.deliveries, ({ input }) => {
    const webhook = find(input.params.webhookId);
    if (!webhook) return fail(404, WEBHOOK_MESSAGES.notFound);
    const items = fakeWebhooks.deliveries
      .filter((delivery) => delivery.webhookId === webhook._id)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b._id.localeCompare(a._id))
      .slice(0, WEBHOOK_LIMITS.log)
      .map(withoutEndpoint);
    return { items };
  }),

  fake(webhooksApi.redeliver, ({ input }) => {
    const delivery = fakeWebhooks.deliveries.find(
      ({ _id, webhookId }) =>
        _id === input.params.deliveryId && webhookId === input.params.webhookId,
    );
    if (!delivery) return fail(404, WEBHOOK_MESSAGES.deliveryNotFound);
    return withoutEndpoint(tryNow(delivery) as typeof delivery);
  }),
];
