import { EVENT_TYPES } from '../events.js';
import {
  WEBHOOK_HEADERS,
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_EVENT,
  createWebhookBodySchema,
  createdWebhookSchema,
  updateWebhookBodySchema,
  webhookDeliveryListSchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookListSchema,
  webhookParamsSchema,
  webhookSchema,
} from '../webhooks.js';
import { defineEndpoint, type GroupDocs } from './define.js';

/*
 * Webhooks (issue 36), apart from `api` like the audit log's (all-endpoints.ts says why): only
 * Ajustes' "Integraciones" calls them. A system admin's, by a session only: an API token can
 * neither point the product's data somewhere nor read a secret.
 */
export const webhooksApi = {
  list: defineEndpoint({
    id: 'webhooks.list',
    method: 'get',
    path: '/api/webhooks',
    tag: 'settings',
    access: 'admin',
    sessionOnly: true,
    status: 200,
    response: webhookListSchema,
  }),
  create: defineEndpoint({
    id: 'webhooks.create',
    method: 'post',
    path: '/api/webhooks',
    tag: 'settings',
    access: 'admin',
    sessionOnly: true,
    body: createWebhookBodySchema,
    status: 201,
    response: createdWebhookSchema,
    errors: { 409: WEBHOOK_MESSAGES.tooMany },
  }),
  update: defineEndpoint({
    id: 'webhooks.update',
    method: 'patch',
    path: '/api/webhooks/:webhookId',
    tag: 'settings',
    access: 'admin',
    sessionOnly: true,
    params: webhookParamsSchema,
    body: updateWebhookBodySchema,
    status: 200,
    response: webhookSchema,
    errors: { 404: WEBHOOK_MESSAGES.notFound },
  }),
  remove: defineEndpoint({
    id: 'webhooks.remove',
    method: 'delete',
    path: '/api/webhooks/:webhookId',
    tag: 'settings',
    access: 'admin',
    sessionOnly: true,
    params: webhookParamsSchema,
    status: 200,
    response: webhookSchema,
    errors: { 404: WEBHOOK_MESSAGES.notFound },
  }),
  rotateSecret: defineEndpoint({
    id: 'webhooks.rotateSecret',
    method: 'post',
    path: '/api/webhooks/:webhookId/secret',
    tag: 'settings',
    access: 'admin',
    sessionOnly: true,
    params: webhookParamsSchema,
    status: 200,
    response: createdWebhookSchema,
    errors: { 404: WEBHOOK_MESSAGES.notFound },
  }),
  test: defineEndpoint({
    id: 'webhooks.test',
    method: 'post',
    path: '/api/webhooks/:webhookId/test',
    tag: 'settings',
    access: 'admin',
    sessionOnly: true,
    params: webhookParamsSchema,
    status: 201,
    response: webhookDeliverySchema,
    errors: { 404: WEBHOOK_MESSAGES.notFound },
  }),
  deliveries: defineEndpoint({
    id: 'webhooks.deliveries',
    method: 'get',
    path: '/api/webhooks/:webhookId/deliveries',
    tag: 'settings',
    access: 'admin',
    sessionOnly: true,
    params: webhookParamsSchema,
    status: 200,
    response: webhookDeliveryListSchema,
    errors: { 404: WEBHOOK_MESSAGES.notFound },
  }),
  redeliver: defineEndpoint({
    id: 'webhooks.redeliver',
    method: 'post',
    path: '/api/webhooks/:webhookId/deliveries/:deliveryId/redeliver',
    tag: 'settings',
    access: 'admin',
    sessionOnly: true,
    params: webhookDeliveryParamsSchema,
    status: 200,
    response: webhookDeliverySchema,
    errors: { 404: WEBHOOK_MESSAGES.deliveryNotFound },
  }),
} as const;

export type WebhooksApi = typeof webhooksApi;

const TIMEOUT = `${WEBHOOK_LIMITS.timeoutSeconds} s`;

export const webhooksDocs: GroupDocs<WebhooksApi> = {
  list: {
    summary: 'The webhook endpoints, oldest first',
    description:
      'System admins only, signed in (not by an API token). Never a secret: it is shown once, ' +
      'in the answer that makes it.',
    responseDescription: 'Every endpoint',
  },
  create: {
    summary: 'A new webhook endpoint; its secret in this answer only',
    description:
      `The address (http or https) and the event types it wants (${EVENT_TYPES.join(', ')}). ` +
      'The address must not lead to a loopback, private, link-local or metadata address, ' +
      'checked after resolving its name (400 naming `url`; WEBHOOK_ALLOW_PRIVATE=true lifts ' +
      'this). It receives the events that happen from now on. Each is POSTed as the event’s ' +
      `JSON with \`${WEBHOOK_HEADERS.signature}: t=<unix seconds>,v1=<hex HMAC-SHA256 of ` +
      `"<t>.<body>" under the secret>\`, \`${WEBHOOK_HEADERS.eventId}\` and ` +
      `\`${WEBHOOK_HEADERS.eventType}\` (docs/webhooks.md: how to verify). A 2xx within ${TIMEOUT} ` +
      `is delivered; anything else is retried, further and further apart, for ` +
      `${WEBHOOK_LIMITS.retryHours} h; redirects are not followed.`,
    responseDescription: 'The endpoint, with its `secret` (shown this once)',
  },
  update: {
    summary: 'Changes an endpoint’s address, event types or whether it is on',
    description:
      'Only what is sent changes. An address is checked as on creation. Turned on again, it ' +
      'receives the events from then on (not those it missed while off); its failing streak ' +
      'starts afresh.',
    responseDescription: 'The endpoint as saved',
  },
  remove: {
    summary: 'Deletes an endpoint and its deliveries',
    responseDescription: 'The endpoint as it was',
  },
  rotateSecret: {
    summary: 'A new secret for an endpoint; the old one stops signing at once',
    responseDescription: 'The endpoint, with its new `secret` (shown this once)',
  },
  test: {
    summary: '"Enviar prueba": one signed delivery now, carrying no change',
    description:
      `An event of type \`${WEBHOOK_TEST_EVENT}\` (no request, empty data), signed and sent ` +
      `as any other, tried once within ${TIMEOUT}; the answer is its outcome, also in the log.`,
    responseDescription: 'The delivery and its outcome',
  },
  deliveries: {
    summary: 'An endpoint’s delivery log: its newest deliveries',
    description:
      `The newest ${WEBHOOK_LIMITS.log}, each with its status, tries, the last try’s duration, ` +
      `HTTP status and first ${WEBHOOK_LIMITS.answerBytes} bytes of the answer.`,
    responseDescription: 'The deliveries, newest first',
  },
  redeliver: {
    summary: '"Reenviar": one more try of a delivery, now',
    description:
      'Sent again as it was (the same event id, signed anew), even if it was delivered or ' +
      'given up, and without waiting for the request’s earlier deliveries. A failure of a ' +
      'delivery still within its retry window keeps it pending; otherwise it stays failed.',
    responseDescription: 'The delivery and the outcome of this try',
  },
};
