import { API_MESSAGES } from '../messages.js';
import { dashboardQuerySchema, dashboardSchema } from '../dashboard.js';
import { defineEndpoint } from './define.js';

/*
 * Inicio's figures (issue 22).
 *
 * The `dashboard` endpoints (issue 34): one export per endpoint, named as in `api.dashboard`. The
 * web app names them through the namespace `dashboardApi` (`dashboardApi.<name>`), so a page
 * carries only those it calls; endpoints.ts lists them in the API's route order.
 */
export const get = defineEndpoint({
  id: 'dashboard.get',
  method: 'get',
  path: '/api/dashboard',
  tag: 'requests',
  access: 'signed-in',
  query: dashboardQuerySchema,
  status: 200,
  response: dashboardSchema,
  errors: {
    400: 'A bad `period`, `from`, `to` or `vendor` (an unknown user), or an unknown parameter',
    403: `${API_MESSAGES.forbidden}: another executive's or the whole team's figures`,
  },
});
