import { z } from 'zod';
import { openApiDocumentSchema } from '../operations.js';
import { defineEndpoint } from './define.js';

/*
 * The `docs` endpoints (issue 34): one export per endpoint, named as in `api.docs`. The web app
 * names them through the namespace `docsApi` (`docsApi.<name>`), so a page carries only those it
 * calls; endpoints.ts lists them in the API's route order.
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
