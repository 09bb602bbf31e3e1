import {
  ADMIN_ROLE,
  API_TOKEN_MESSAGES,
  api,
  WEBHOOK_MESSAGES,
  webhooksApi,
  type CreatedWebhook,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookList,
} from '@crm/shared';
import type { ContractCase, ContractClient } from './client.js';
import { UNKNOWN_ID, anyNumber, anyString, fieldError } from './fixtures.js';

/**
 * Webhooks (issue 36): a system admin's endpoints in Ajustes → Integraciones, their secret shown
 * once, their delivery log, "Enviar prueba" and "Reenviar". Both backends let an endpoint be on
 * loopback (the API's tests set WEBHOOK_ALLOW_PRIVATE); nothing listens on this one's port, so
 * every try fails to connect, the same on both.
 */

const NOWHERE = 'http://127.0.0.1:9/crm-hook';

/** A system admin and an endpoint of theirs at NOWHERE. */
async function madeWebhook(c: ContractClient) {
  const { token } = await c.signIn(ADMIN_ROLE);
  const made = await c.call(
    webhooksApi.create,
    { body: { url: NOWHERE, events: ['request.created'] } },
    token,
  );
  const webhook = made.body as CreatedWebhook;
  return { token, webhook, params: { webhookId: webhook._id } };
}

export const webhookContractCases: ContractCase[] = [
  {
    name: 'webhooks.create, list, update and remove: the secret shown once, never listed',
    run: async (c, expect) => {
      const { token } = await c.signIn(ADMIN_ROLE);
      const made = await c.call(
        webhooksApi.create,
        { body: { url: NOWHERE, events: ['request.moved', 'request.created'] } },
        token,
      );
      expect(made).toEqual({
        status: 201,
        body: {
          _id: anyString(expect),
          url: NOWHERE,
          events: ['request.created', 'request.moved'],
          enabled: true,
          disabledReason: null,
          failingSince: null,
          createdAt: anyString(expect),
          secret: expect.stringMatching(/^whsec_[\w-]{43}$/),
        },
      });
      const { secret: _secret, ...shown } = made.body as CreatedWebhook;
      const listed = await c.call(webhooksApi.list, {}, token);
      expect(listed.status).toBe(200);
      expect((listed.body as WebhookList).items).toContainEqual(shown);

      const params = { webhookId: shown._id };
      expect(await c.call(webhooksApi.update, { params, body: { enabled: false } }, token)).toEqual(
        { status: 200, body: { ...shown, enabled: false } },
      );
      expect(
        await c.call(webhooksApi.update, { params, body: { events: ['request.note'] } }, token),
      ).toEqual({ status: 200, body: { ...shown, enabled: false, events: ['request.note'] } });
      expect(await c.call(webhooksApi.remove, { params }, token)).toMatchObject({
        status: 200,
        body: { _id: shown._id },
      });
      expect(await c.call(webhooksApi.remove, { params }, token)).toMatchObject({
        status: 404,
        body: { message: WEBHOOK_MESSAGES.notFound },
      });
    },
  },
  {
    name: 'webhooks.rotateSecret: a new secret, shown this once',
    run: async (c, expect) => {
      const { token, webhook: made, params } = await madeWebhook(c);
      const rotated = await c.call(webhooksApi.rotateSecret, { params }, token);
      expect(rotated).toMatchObject({ status: 200, body: { _id: made._id } });
      expect((rotated.body as CreatedWebhook).secret).toMatch(/^whsec_[\w-]{43}$/);
      expect((rotated.body as CreatedWebhook).secret).not.toBe(made.secret);
      await c.call(webhooksApi.remove, { params }, token);
    },
  },
  {
    name: 'webhooks.test, deliveries and redeliver: a try now, logged; "Reenviar" tries it again',
    run: async (c, expect) => {
      const { token, params } = await madeWebhook(c);
      const failed = {
        _id: anyString(expect),
        eventId: anyString(expect),
        eventType: 'webhook.test',
        requestId: null,
        status: 'failed',
        attempts: 1,
        createdAt: anyString(expect),
        lastAttemptAt: anyString(expect),
        nextAttemptAt: null,
        durationMs: anyNumber(expect),
        responseStatus: null,
        responseBody: '',
        failure: 'connection',
      };
      const tested = await c.call(webhooksApi.test, { params }, token);
      expect(tested).toEqual({ status: 201, body: failed });
      const delivery = tested.body as WebhookDelivery;
      expect(await c.call(webhooksApi.deliveries, { params }, token)).toEqual({
        status: 200,
        body: { items: [delivery] },
      });
      const again = await c.call(
        webhooksApi.redeliver,
        { params: { ...params, deliveryId: delivery._id } },
        token,
      );
      expect(again).toEqual({
        status: 200,
        body: { ...failed, _id: delivery._id, eventId: delivery.eventId, attempts: 2 },
      });
      const log = (await c.call(webhooksApi.deliveries, { params }, token))
        .body as WebhookDeliveryList;
      expect(log.items).toHaveLength(1);
      expect(
        await c.call(
          webhooksApi.redeliver,
          { params: { ...params, deliveryId: UNKNOWN_ID } },
          token,
        ),
      ).toMatchObject({ status: 404, body: { message: WEBHOOK_MESSAGES.deliveryNotFound } });
      await c.call(webhooksApi.remove, { params }, token);
    },
  },
  {
    name: 'webhooks: a bad address or no event type is 400 naming it; others than a system admin, or an API token, get 403',
    run: async (c, expect) => {
      const admin = await c.signIn(ADMIN_ROLE);
      const create = (body: object, token = admin.token) =>
        c.call(webhooksApi.create, { body }, token);
      expect(await create({ url: 'ftp://example.com/', events: ['request.created'] })).toEqual(
        fieldError(400, 'url', WEBHOOK_MESSAGES.urlInvalid),
      );
      expect(
        await create({ url: 'https://ana:clave@example.com/', events: ['request.created'] }),
      ).toEqual(fieldError(400, 'url', WEBHOOK_MESSAGES.urlInvalid));
      expect(await create({ url: NOWHERE, events: [] })).toEqual(
        fieldError(400, 'events', WEBHOOK_MESSAGES.eventsRequired),
      );
      const vendor = await c.signIn('vendor');
      expect((await c.call(webhooksApi.list, {}, vendor.token)).status).toBe(403);
      expect(
        (await create({ url: NOWHERE, events: ['request.created'] }, vendor.token)).status,
      ).toBe(403);
      const script = await c.call(
        api.tokens.create,
        { body: { name: 'Script', scope: 'write', lifetimeDays: 30 } },
        admin.token,
      );
      expect(
        await c.call(webhooksApi.list, {}, (script.body as { token: string }).token),
      ).toMatchObject({ status: 403, body: { message: API_TOKEN_MESSAGES.sessionOnly } });
      expect(
        await c.call(
          webhooksApi.update,
          { params: { webhookId: UNKNOWN_ID }, body: {} },
          admin.token,
        ),
      ).toMatchObject({ status: 404, body: { message: WEBHOOK_MESSAGES.notFound } });
    },
  },
];
