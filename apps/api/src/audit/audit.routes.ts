import type { Router } from 'express';
import { auditApi } from '@crm/shared';
import { currentUser } from '../auth/index.js';
import type { AppContext } from '../context.js';
import { implement } from '../http/endpoint.js';
import { auditExportLink, auditExportRoute, listAudit } from './audit.service.js';

/** The log's reads, a system admin's alone (the contract's access). Nothing here writes it. */
export function auditRoutes(ctx: AppContext): Router {
  return implement(ctx, auditApi, {
    // A file, streamed: answers by itself. Declared first, as the export's paths are longer.
    export: auditExportRoute(ctx),
    list: ({ query }) => listAudit(ctx, query),
    exportLink: ({ body }, req) => auditExportLink(ctx, body, currentUser(req)),
  });
}
