// The webhooks' door (issue 36): Ajustes' "Integraciones" and the job that delivers the events.
export { dispatchWebhooks, runWebhooks, webhooksJob } from './dispatch.js';
export { webhooksModels } from './webhook.model.js';
export { webhooksRoutes } from './webhooks.routes.js';
