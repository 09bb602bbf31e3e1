import type { Router } from 'express';
import { api } from '@crm/shared';
import type { AppContext } from '../context.js';
import { implement } from '../http/endpoint.js';
import {
  assignVendor,
  createRequest,
  deleteRequest,
  listRequests,
  updateRequest,
} from './requests.service.js';

export function requestsRoutes(ctx: AppContext): Router {
  return implement(ctx, api.requests, {
    list: () => listRequests(ctx),
    create: ({ body }) => createRequest(ctx, body),
    update: ({ params, body }) => updateRequest(ctx, params.id, body),
    remove: ({ params }) => deleteRequest(ctx, params.id),
    // Lives under /api/user/ in the spec (§7), but it assigns a request.
    assignVendor: ({ body }) => assignVendor(ctx, body),
  });
}
