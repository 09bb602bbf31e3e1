import { z } from 'zod';
import { boardQuerySchema, boardSchema, columnPageSchema, columnQuerySchema } from '../board.js';
import { API_MESSAGES, FIELD_MESSAGES } from '../messages.js';
import {
  assignVendorBodySchema,
  createRequestBodySchema,
  requestIdParamsSchema,
  requestListSchema,
  requestSchema,
  updateRequestBodySchema,
} from '../request.js';
import {
  addNoteBodySchema,
  editNoteBodySchema,
  moveRequestBodySchema,
  noteParamsSchema,
  requestHistorySchema,
} from '../request-history.js';
import { BULK_MESSAGES, bulkActionBodySchema, bulkResultSchema } from '../bulk-actions.js';
import {
  EXPORT_MEDIA_TYPES,
  EXPORT_MESSAGES,
  exportDownloadQuerySchema,
  exportLinkSchema,
  exportQuerySchema,
} from '../request-export.js';
import { defineEndpoint } from './define.js';

/*
 * The `requests` endpoints (issue 34): one export per endpoint, named as in `api.requests`. The web
 * app names them through the namespace `requestsApi` (`requestsApi.<name>`), so a page carries only
 * those it calls; endpoints.ts lists them in the API's route order.
 */
export const assignVendor = defineEndpoint({
  id: 'requests.assignVendor',
  method: 'put',
  path: '/api/user/assign-vendor',
  tag: 'requests',
  access: 'admin',
  body: assignVendorBodySchema,
  status: 200,
  response: requestSchema,
  errors: { 404: `${API_MESSAGES.requestNotFound}, or: ${API_MESSAGES.userNotFound}` },
});

export const list = defineEndpoint({
  id: 'requests.list',
  method: 'get',
  path: '/api/form-contact/all',
  tag: 'requests',
  access: 'signed-in',
  status: 200,
  response: requestListSchema,
});

export const board = defineEndpoint({
  id: 'requests.board',
  method: 'get',
  path: '/api/form-contact/board',
  tag: 'requests',
  access: 'signed-in',
  query: boardQuerySchema,
  status: 200,
  response: boardSchema,
  errors: { 400: 'A bad filter value or an unknown parameter, named in `errors`' },
});

export const column = defineEndpoint({
  id: 'requests.column',
  method: 'get',
  path: '/api/form-contact',
  tag: 'requests',
  access: 'signed-in',
  query: columnQuerySchema,
  status: 200,
  response: columnPageSchema,
  errors: { 400: 'A bad filter value, cursor or status, or an unknown parameter' },
});

export const create = defineEndpoint({
  id: 'requests.create',
  method: 'post',
  path: '/api/form-contact/crm-create',
  tag: 'requests',
  access: 'signed-in',
  body: createRequestBodySchema,
  status: 201,
  response: requestSchema,
});

export const update = defineEndpoint({
  id: 'requests.update',
  method: 'put',
  path: '/api/form-contact/update/:id',
  tag: 'requests',
  access: 'signed-in',
  params: requestIdParamsSchema,
  body: updateRequestBodySchema,
  status: 200,
  response: requestSchema,
  errors: { 404: API_MESSAGES.requestNotFound, 409: API_MESSAGES.requestConflict },
});

export const move = defineEndpoint({
  id: 'requests.move',
  method: 'patch',
  path: '/api/form-contact/:id/status',
  tag: 'requests',
  access: 'signed-in',
  params: requestIdParamsSchema,
  body: moveRequestBodySchema,
  status: 200,
  response: requestSchema,
  errors: {
    400: `${FIELD_MESSAGES.outcomeRequired} / ${FIELD_MESSAGES.lostReasonRequired} / ${FIELD_MESSAGES.lostReasonUnknown} / ${FIELD_MESSAGES.outcomeOnOpenRequest} (field \`outcome…\`); ${FIELD_MESSAGES.amountPaidInvalid} / ${FIELD_MESSAGES.amountPaidOnlyWhenWon} (field \`amoutPaid\`)`,
    404: API_MESSAGES.requestNotFound,
    409: `${API_MESSAGES.requestMoved}; \`current.status\` is where it is now`,
  },
});

export const bulk = defineEndpoint({
  id: 'requests.bulk',
  method: 'post',
  path: '/api/form-contact/bulk',
  tag: 'requests',
  access: 'signed-in',
  body: bulkActionBodySchema,
  status: 200,
  response: bulkResultSchema,
  errors: {
    400: `${BULK_MESSAGES.noneSelected} / ${BULK_MESSAGES.tooMany} / ${BULK_MESSAGES.repeated}; a move to CERRADO without its outcome; an unknown \`vendorId\``,
    403: 'assign and delete: system admins only',
  },
});

const exportRequests = defineEndpoint({
  id: 'requests.export',
  method: 'get',
  path: '/api/form-contact/export',
  tag: 'requests',
  access: 'signed-in',
  ticket: { audience: 'export', invalid: EXPORT_MESSAGES.ticketInvalid },
  query: exportDownloadQuerySchema,
  status: 200,
  response: /*#__PURE__*/ z.string(),
  responseMediaType: 'text/csv',
  alsoAnswers: [EXPORT_MEDIA_TYPES.xlsx],
  errors: {
    401: `No bearer token and no ticket, or a bad one; a ticket that is malformed, altered, expired, made for another query or whose session ended: ${EXPORT_MESSAGES.ticketInvalid}`,
  },
});

export const exportLink = defineEndpoint({
  id: 'requests.exportLink',
  method: 'post',
  path: '/api/form-contact/export/link',
  tag: 'requests',
  access: 'signed-in',
  body: exportQuerySchema,
  status: 200,
  response: exportLinkSchema,
});

export const addNote = defineEndpoint({
  id: 'requests.addNote',
  method: 'post',
  path: '/api/form-contact/:id/notes',
  tag: 'requests',
  access: 'signed-in',
  params: requestIdParamsSchema,
  body: addNoteBodySchema,
  status: 201,
  response: requestSchema,
  errors: {
    400: `${FIELD_MESSAGES.noteEmpty}, or the notes' limits (field \`text\`)`,
    404: API_MESSAGES.requestNotFound,
  },
});

export const editNote = defineEndpoint({
  id: 'requests.editNote',
  method: 'put',
  path: '/api/form-contact/:id/notes/:index',
  tag: 'requests',
  access: 'signed-in',
  params: noteParamsSchema,
  body: editNoteBodySchema,
  status: 200,
  response: requestSchema,
  errors: {
    404: API_MESSAGES.requestNotFound,
    409: `${API_MESSAGES.noteChanged}; \`current.note\` is its text now (null: no note there)`,
  },
});

export const history = defineEndpoint({
  id: 'requests.history',
  method: 'get',
  path: '/api/form-contact/:id/history',
  tag: 'requests',
  access: 'signed-in',
  params: requestIdParamsSchema,
  status: 200,
  response: requestHistorySchema,
  errors: { 404: API_MESSAGES.requestNotFound },
});

// After every fixed /api/form-contact/… path: Express matches in this order.
export const get = defineEndpoint({
  id: 'requests.get',
  method: 'get',
  path: '/api/form-contact/:id',
  tag: 'requests',
  access: 'signed-in',
  params: requestIdParamsSchema,
  status: 200,
  response: requestSchema,
  errors: { 404: API_MESSAGES.requestNotFound },
});

export const remove = defineEndpoint({
  id: 'requests.remove',
  method: 'delete',
  path: '/api/form-contact/delete/:id',
  tag: 'requests',
  access: 'admin',
  params: requestIdParamsSchema,
  status: 200,
  response: requestSchema,
  errors: { 404: API_MESSAGES.requestNotFound },
});

export { exportRequests as export };
