import type { Router } from 'express';
import { api } from '@crm/shared';
import type { AppContext } from '../context.js';
import { currentUser } from '../auth/authenticate.js';
import { implement } from '../http/endpoint.js';
import { getBoard, getColumnPage } from './board.service.js';
import {
  assignVendor,
  createRequest,
  deleteRequest,
  getRequest,
  listRequests,
  updateRequest,
} from './requests.service.js';

export function requestsRoutes(ctx: AppContext): Router {
  return implement(ctx, api.requests, {
    list: () => listRequests(ctx),
    board: ({ query }, req) => getBoard(ctx, query, currentUser(req).userId),
    column: ({ query }, req) => getColumnPage(ctx, query, currentUser(req).userId),
    get: ({ params }) => getRequest(ctx, params.id),
    create: ({ body }) => createRequest(ctx, body),
    update: ({ params, body }) => updateRequest(ctx, params.id, body),
    remove: ({ params }) => deleteRequest(ctx, params.id),
    // Lives under /api/user/ in the spec (§7), but it assigns a request.
    assignVendor: ({ body }) => assignVendor(ctx, body),
  });
}
