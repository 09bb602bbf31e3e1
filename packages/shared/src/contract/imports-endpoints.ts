import { z } from 'zod';
import {
  IMPORT_LIMITS,
  IMPORT_MEDIA_TYPES,
  IMPORT_MESSAGES,
  importListSchema,
  importParamsSchema,
  importPlanSchema,
  importReportSchema,
  importRowsQuerySchema,
  importSummarySchema,
  importUploadQuerySchema,
} from '../request-import.js';
import { defineEndpoint } from './define.js';

/*
 * Importing a spreadsheet of requests (issue 24, request-import.ts): upload, check, start, follow.
 *
 * The `imports` endpoints (issue 34): one export per endpoint, named as in `api.imports`. The web
 * app names them through the namespace `importsApi` (`importsApi.<name>`), so a page carries only
 * those it calls; endpoints.ts lists them in the API's route order.
 */
export const upload = defineEndpoint({
  id: 'imports.upload',
  method: 'post',
  path: '/api/imports',
  tag: 'requests',
  access: 'admin',
  query: importUploadQuerySchema,
  rawBody: { mediaTypes: IMPORT_MEDIA_TYPES, maxBytes: IMPORT_LIMITS.maxBytes },
  status: 201,
  response: importSummarySchema,
  errors: {
    400: `${IMPORT_MESSAGES.empty} / ${IMPORT_MESSAGES.headerOnly} / ${IMPORT_MESSAGES.notSpreadsheet} / ${IMPORT_MESSAGES.tooManyColumns(10_000)} / ${IMPORT_MESSAGES.tooManyRows} / ${IMPORT_MESSAGES.mixedEncodings} / ${IMPORT_MESSAGES.zipBomb} / …`,
    413: IMPORT_MESSAGES.tooLarge,
    415: IMPORT_MESSAGES.notSpreadsheet,
  },
});

export const list = defineEndpoint({
  id: 'imports.list',
  method: 'get',
  path: '/api/imports',
  tag: 'requests',
  access: 'admin',
  status: 200,
  response: importListSchema,
});

export const get = defineEndpoint({
  id: 'imports.get',
  method: 'get',
  path: '/api/imports/:id',
  tag: 'requests',
  access: 'admin',
  params: importParamsSchema,
  status: 200,
  response: importSummarySchema,
  errors: { 404: IMPORT_MESSAGES.notFound },
});

export const check = defineEndpoint({
  id: 'imports.check',
  method: 'post',
  path: '/api/imports/:id/check',
  tag: 'requests',
  access: 'admin',
  params: importParamsSchema,
  body: importPlanSchema,
  status: 200,
  response: importReportSchema,
  errors: {
    400: `${IMPORT_MESSAGES.mappingLength} / ${IMPORT_MESSAGES.fieldTwice('Correo')} / ${IMPORT_MESSAGES.requiredUnmapped('Nombre')}`,
    404: IMPORT_MESSAGES.notFound,
    409: IMPORT_MESSAGES.alreadyStarted,
  },
});

export const start = defineEndpoint({
  id: 'imports.start',
  method: 'post',
  path: '/api/imports/:id/start',
  tag: 'requests',
  access: 'admin',
  params: importParamsSchema,
  body: importPlanSchema,
  status: 200,
  response: importSummarySchema,
  errors: {
    400: `${IMPORT_MESSAGES.mappingLength} / ${IMPORT_MESSAGES.nothingToImport}`,
    404: IMPORT_MESSAGES.notFound,
    409: IMPORT_MESSAGES.alreadyStarted,
  },
});

export const cancel = defineEndpoint({
  id: 'imports.cancel',
  method: 'post',
  path: '/api/imports/:id/cancel',
  tag: 'requests',
  access: 'admin',
  params: importParamsSchema,
  status: 200,
  response: importSummarySchema,
  errors: { 404: IMPORT_MESSAGES.notFound, 409: IMPORT_MESSAGES.notRunning },
});

export const rows = defineEndpoint({
  id: 'imports.rows',
  method: 'get',
  path: '/api/imports/:id/rows',
  tag: 'requests',
  access: 'admin',
  params: importParamsSchema,
  query: importRowsQuerySchema,
  status: 200,
  response: /*#__PURE__*/ z.string(),
  responseMediaType: 'text/csv',
  errors: { 404: IMPORT_MESSAGES.notFound, 409: IMPORT_MESSAGES.notChecked },
});
