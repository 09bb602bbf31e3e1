import type { Router } from 'express';
import { api } from '@crm/shared';
import { currentUser } from '../auth/index.js';
import type { AppContext } from '../context.js';
import { implement } from '../http/endpoint.js';
import {
  createBoardView,
  getBoardFilters,
  listBoardViews,
  putBoardFilters,
  removeBoardView,
  updateBoardView,
} from './board-views.service.js';

/** The caller's own board filters and views: every route acts on the signed-in user only. */
export function boardViewsRoutes(ctx: AppContext): Router {
  return implement(ctx, api.boardViews, {
    getFilters: (_input, req) => {
      const { userId, role } = currentUser(req);
      return getBoardFilters(ctx, userId, role);
    },
    putFilters: ({ body }, req) => putBoardFilters(ctx, currentUser(req).userId, body),
    list: (_input, req) => listBoardViews(ctx, currentUser(req).userId),
    create: ({ body }, req) => createBoardView(ctx, currentUser(req).userId, body),
    update: ({ params, body }, req) =>
      updateBoardView(ctx, currentUser(req).userId, params.id, body),
    remove: ({ params }, req) => removeBoardView(ctx, currentUser(req).userId, params.id),
  });
}
