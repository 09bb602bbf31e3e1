import type { Router } from 'express';
import { webhooksApi } from '@crm/shared';
import { currentUser } from '../auth/index.js';
import type { AppContext } from '../context.js';
import { implement } from '../http/endpoint.js';
import {
  createWebhook,
  listDeliveries,
  listWebhooks,
  redeliver,
  removeWebhook,
  rotateSecret,
  sendTest,
  updateWebhook,
} from './webhooks.service.js';

/** Ajustes' "Integraciones" (issue 36, system admin): the webhook endpoints and their logs. */
export function webhooksRoutes(ctx: AppContext): Router {
  return implement(ctx, webhooksApi, {
    list: () => listWebhooks(ctx),
    create: ({ body }) => createWebhook(ctx, body),
    update: ({ params, body }) => updateWebhook(ctx, params.webhookId, body),
    remove: ({ params }) => removeWebhook(ctx, params.webhookId),
    rotateSecret: ({ params }) => rotateSecret(ctx, params.webhookId),
    test: ({ params }, req) => sendTest(ctx, params.webhookId, currentUser(req).userId),
    deliveries: ({ params }) => listDeliveries(ctx, params.webhookId),
    redeliver: ({ params }) => redeliver(ctx, params.webhookId, params.deliveryId),
  });
}
