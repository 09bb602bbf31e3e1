import type { Router } from 'express';
import { api } from '@crm/shared';
import { currentUser } from '../auth/index.js';
import type { AppContext } from '../context.js';
import { implement } from '../http/endpoint.js';
import { downloadRoute } from './download.js';
import { fileLink, listFiles, removeFile, uploadFile } from './files.service.js';

/** A request's "Archivos" (issue 35): any signed-in role, as with its notes and mails. */
export function filesRoutes(ctx: AppContext): Router {
  return implement(ctx, api.files, {
    // A file, streamed: answers by itself.
    download: downloadRoute(ctx),
    list: ({ params, query }) => listFiles(ctx, params.id, query),
    upload: ({ params, query, body }, req) =>
      uploadFile(ctx, params.id, query.name, req.headers['content-type'], body, currentUser(req)),
    link: ({ params }, req) => fileLink(ctx, params.id, params.fileId, currentUser(req)),
    remove: ({ params }) => removeFile(ctx, params.id, params.fileId),
  });
}
