import {
  boardViewListSchema,
  boardViewParamsSchema,
  boardViewSchema,
  BOARD_VIEW_MESSAGES,
  createBoardViewBodySchema,
  rememberedBoardFiltersSchema,
  updateBoardViewBodySchema,
} from '../board-views.js';
import { defineEndpoint } from './define.js';

/*
 * The caller's own board (issue 25): the filters it remembers and their saved views.
 *
 * The `boardViews` endpoints (issue 34): one export per endpoint, named as in `api.boardViews`. The
 * web app names them through the namespace `boardViewsApi` (`boardViewsApi.<name>`), so a page
 * carries only those it calls; endpoints.ts lists them in the API's route order.
 */
export const getFilters = defineEndpoint({
  id: 'boardViews.getFilters',
  method: 'get',
  path: '/api/me/board-filters',
  tag: 'settings',
  access: 'signed-in',
  status: 200,
  response: rememberedBoardFiltersSchema,
});

export const putFilters = defineEndpoint({
  id: 'boardViews.putFilters',
  method: 'put',
  path: '/api/me/board-filters',
  tag: 'settings',
  access: 'signed-in',
  body: rememberedBoardFiltersSchema,
  status: 200,
  response: rememberedBoardFiltersSchema,
});

export const list = defineEndpoint({
  id: 'boardViews.list',
  method: 'get',
  path: '/api/me/board-views',
  tag: 'settings',
  access: 'signed-in',
  status: 200,
  response: boardViewListSchema,
});

export const create = defineEndpoint({
  id: 'boardViews.create',
  method: 'post',
  path: '/api/me/board-views',
  tag: 'settings',
  access: 'signed-in',
  body: createBoardViewBodySchema,
  status: 201,
  response: boardViewSchema,
  errors: { 409: `${BOARD_VIEW_MESSAGES.nameTaken} / ${BOARD_VIEW_MESSAGES.tooMany}` },
});

export const update = defineEndpoint({
  id: 'boardViews.update',
  method: 'patch',
  path: '/api/me/board-views/:id',
  tag: 'settings',
  access: 'signed-in',
  params: boardViewParamsSchema,
  body: updateBoardViewBodySchema,
  status: 200,
  response: boardViewSchema,
  errors: {
    404: 'No such view among the caller’s',
    409: BOARD_VIEW_MESSAGES.nameTaken,
  },
});

export const remove = defineEndpoint({
  id: 'boardViews.remove',
  method: 'delete',
  path: '/api/me/board-views/:id',
  tag: 'settings',
  access: 'signed-in',
  params: boardViewParamsSchema,
  status: 200,
  response: boardViewSchema,
  errors: { 404: 'No such view among the caller’s' },
});
