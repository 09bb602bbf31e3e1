import { API_MESSAGES } from '../messages.js';
import { settingsSchema, updateSettingsBodySchema } from '../settings.js';
import { defineEndpoint } from './define.js';

/*
 * The product's settings (issue 20): every signed-in role reads them, a system admin changes them.
 *
 * The `settings` endpoints: one export per endpoint, named as in `api.settings`; the web
 * app imports them as `settingsApi.<name>`, each page carrying only those it calls. The
 * order here is the API's route order and the OpenAPI document's (endpoints.ts lists it).
 */
export const get = defineEndpoint({
  id: 'settings.get',
  method: 'get',
  path: '/api/settings',
  tag: 'settings',
  access: 'signed-in',
  status: 200,
  response: settingsSchema,
});

export const update = defineEndpoint({
  id: 'settings.update',
  method: 'put',
  path: '/api/settings',
  tag: 'settings',
  access: 'admin',
  body: updateSettingsBodySchema,
  status: 200,
  response: settingsSchema,
  errors: { 409: API_MESSAGES.settingsConflict },
});
