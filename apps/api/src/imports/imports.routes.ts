import type { Router } from 'express';
import { api } from '@crm/shared';
import { currentUser } from '../auth/index.js';
import type { AppContext } from '../context.js';
import { implement } from '../http/endpoint.js';
import { checkImport, getImport, listImports, uploadImport } from './imports.service.js';
import { importRowsRoute } from './rows-csv.js';

/**
 * `api.imports` up to the background job: the upload (the file's bytes, read by the declared
 * `rawBody`: 415, 413 over 20 MB), the list, one import, the check and the rows' CSV. Start and
 * cancel are the job's routes (import-job*.ts).
 */
export function importsRoutes(ctx: AppContext): Router {
  const { upload, list, get, check, rows } = api.imports;
  return implement(
    ctx,
    { upload, list, get, check, rows },
    {
      upload: ({ query, body }, req) =>
        uploadImport(ctx, query.name, body, currentUser(req).userId),
      list: () => listImports(ctx),
      get: ({ params }) => getImport(ctx, params.id),
      check: ({ params, body }) => checkImport(ctx, params.id, body),
      // A file, streamed: answers by itself.
      rows: importRowsRoute(ctx),
    },
  );
}
