import { API_MESSAGES } from '../messages.js';
import { settingsSchema, updateSettingsBodySchema } from '../settings.js';
import { defineEndpoint } from './define.js';

/*
 * The product's settings (issue 20): every signed-in role reads them, a system admin changes them.
 *
 * The `settings` endpoints (issue 34): one export per endpoint, named as in `api.settings`. The web
 * app names them through the namespace `settingsApi` (`settingsApi.<name>`), so a page carries only
 * those it calls; endpoints.ts lists them in the API's route order.
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
