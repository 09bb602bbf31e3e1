import type { Router } from 'express';
import { api } from '@crm/shared';
import type { AppContext } from '../context.js';
import { implement } from '../http/endpoint.js';
import { cancelImport, startImport } from './import-job.js';

/** Starting and stopping an import (system admin, as the contract declares). */
export function importJobRoutes(ctx: AppContext): Router {
  const { start, cancel } = api.imports;
  return implement(
    ctx,
    { start, cancel },
    {
      start: ({ params, body }) => startImport(ctx, params.id, body),
      cancel: ({ params }) => cancelImport(ctx, params.id),
    },
  );
}
