import { API_MESSAGES } from '../messages.js';
import { healthStatusSchema, readyStatusSchema } from '../operations.js';
import { defineEndpoint } from './define.js';

/*
 * The `operations` endpoints (issue 34): one export per endpoint, named as in `api.operations`. The
 * web app names them through the namespace `operationsApi` (`operationsApi.<name>`), so a page
 * carries only those it calls; endpoints.ts lists them in the API's route order.
 */
export const health = defineEndpoint({
  id: 'operations.health',
  method: 'get',
  path: '/api/health',
  tag: 'operations',
  access: 'public',
  database: false,
  status: 200,
  response: healthStatusSchema,
});

export const ready = defineEndpoint({
  id: 'operations.ready',
  method: 'get',
  path: '/api/ready',
  tag: 'operations',
  access: 'public',
  database: false,
  status: 200,
  response: readyStatusSchema,
  errors: { 503: API_MESSAGES.databaseUnavailable },
});
