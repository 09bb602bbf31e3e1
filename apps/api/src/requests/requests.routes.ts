import type { Router } from 'express';
import { api } from '@crm/shared';
import type { AppContext } from '../context.js';
import { currentUser } from '../auth/index.js';
import { implement } from '../http/endpoint.js';
import { bulkAction } from './bulk/bulk-actions.js';
import { getBoard, getColumnPage } from './board/board.service.js';
import { getRequestHistory } from './history/history.service.js';
import { moveRequest } from './moves/move.service.js';
import { addNote, editNote } from './notes/notes.service.js';
import { exportLink, exportRoute } from './export/request-export.js';
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
    board: ({ query }, req) => getBoard(ctx, query, currentUser(req)),
    column: ({ query }, req) => getColumnPage(ctx, query, currentUser(req)),
    // A file, streamed: answers by itself. Declared before `get`, so "export" is no id.
    export: exportRoute(ctx),
    exportLink: ({ body }, req) => exportLink(ctx, body, currentUser(req)),
    get: ({ params }) => getRequest(ctx, params.id),
    create: ({ body }, req) =>
      createRequest(ctx, body, { userId: currentUser(req).userId, type: 'request.created' }),
    update: ({ params, body }, req) => updateRequest(ctx, params.id, body, currentUser(req).userId),
    move: ({ params, body }, req) => moveRequest(ctx, params.id, body, currentUser(req).userId),
    addNote: ({ params, body }, req) => addNote(ctx, params.id, body, currentUser(req).userId),
    editNote: ({ params, body }, req) =>
      editNote(ctx, params.id, params.index, body, currentUser(req).userId),
    history: ({ params }) => getRequestHistory(ctx, params.id),
    remove: ({ params }, req) => deleteRequest(ctx, params.id, currentUser(req).userId),
    // Lives under /api/user/ in the spec (§7), but it assigns a request.
    assignVendor: ({ body }, req) => assignVendor(ctx, body, currentUser(req).userId),
    bulk: ({ body }, req) => bulkAction(ctx, body, currentUser(req)),
  });
}
