import { API_MESSAGES } from '../messages.js';
import { healthStatusSchema, readyStatusSchema } from '../operations.js';
import { defineEndpoint } from './define.js';

/*
 * The `operations` endpoints: one export per endpoint, named as in `api.operations`; the web
 * app imports them as `operationsApi.<name>`, each page carrying only those it calls. The
 * order here is the API's route order and the OpenAPI document's (endpoints.ts lists it).
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
