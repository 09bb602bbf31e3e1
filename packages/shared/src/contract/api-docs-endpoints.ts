import { z } from 'zod';
import { openApiDocumentSchema } from '../operations.js';
import { defineEndpoint } from './define.js';

/*
 * The `docs` endpoints: one export per endpoint, named as in `api.docs`; the web
 * app imports them as `docsApi.<name>`, each page carrying only those it calls. The
 * order here is the API's route order and the OpenAPI document's (endpoints.ts lists it).
 */
export const openApiDocument = defineEndpoint({
  id: 'docs.openApiDocument',
  method: 'get',
  path: '/api/openapi.json',
  tag: 'operations',
  access: 'public',
  database: false,
  status: 200,
  response: openApiDocumentSchema,
});

export const page = defineEndpoint({
  id: 'docs.page',
  method: 'get',
  path: '/api/docs',
  tag: 'operations',
  access: 'public',
  database: false,
  status: 200,
  response: /*#__PURE__*/ z.string(),
  responseMediaType: 'text/html',
});
