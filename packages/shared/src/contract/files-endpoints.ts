import { API_MESSAGES } from '../messages.js';
import { requestIdParamsSchema } from '../request.js';
import {
  MAX_FILE_BYTES,
  REQUEST_FILE_MESSAGES,
  fileDownloadQuerySchema,
  fileLinkSchema,
  requestFilePageSchema,
  requestFileParamsSchema,
  requestFileSchema,
  requestFilesQuerySchema,
  uploadFileQuerySchema,
} from '../request-files.js';
import { z } from 'zod';
import { defineEndpoint } from './define.js';

/*
 * A request's files (issue 35), its "Archivos" section: the list, an upload, a deletion, and the
 * download by an address with a short-lived ticket (the browser follows it by itself).
 *
 * The `files` endpoints: one export per endpoint, named as in `api.files`. The web app names
 * them through the namespace `filesApi`; endpoints.ts lists them in the API's route order.
 */
export const download = defineEndpoint({
  id: 'files.download',
  method: 'get',
  path: '/api/files/download',
  tag: 'requests',
  access: 'signed-in',
  ticket: { audience: 'file', invalid: REQUEST_FILE_MESSAGES.ticketInvalid },
  query: fileDownloadQuerySchema,
  status: 200,
  response: z.string(),
  errors: {
    401: `No bearer token and no ticket, or a bad one: ${REQUEST_FILE_MESSAGES.ticketInvalid}`,
    404: REQUEST_FILE_MESSAGES.fileNotFound,
  },
});

export const list = defineEndpoint({
  id: 'files.list',
  method: 'get',
  path: '/api/form-contact/:id/files',
  tag: 'requests',
  access: 'signed-in',
  params: requestIdParamsSchema,
  query: requestFilesQuerySchema,
  status: 200,
  response: requestFilePageSchema,
  errors: {
    400: 'A bad `cursor` or `limit`, or an unknown parameter',
    404: API_MESSAGES.requestNotFound,
  },
});

export const upload = defineEndpoint({
  id: 'files.upload',
  method: 'post',
  path: '/api/form-contact/:id/files',
  tag: 'requests',
  access: 'signed-in',
  params: requestIdParamsSchema,
  query: uploadFileQuerySchema,
  rawBody: { mediaTypes: ['*/*'], maxBytes: MAX_FILE_BYTES },
  status: 201,
  response: requestFileSchema,
  errors: {
    400: `${REQUEST_FILE_MESSAGES.empty} (field \`file\`), or a missing \`name\``,
    404: API_MESSAGES.requestNotFound,
    413: REQUEST_FILE_MESSAGES.tooLarge,
  },
});

export const link = defineEndpoint({
  id: 'files.link',
  method: 'post',
  path: '/api/form-contact/:id/files/:fileId/link',
  tag: 'requests',
  access: 'signed-in',
  params: requestFileParamsSchema,
  status: 200,
  response: fileLinkSchema,
  errors: { 404: `${API_MESSAGES.requestNotFound}, or: ${REQUEST_FILE_MESSAGES.fileNotFound}` },
});

export const remove = defineEndpoint({
  id: 'files.remove',
  method: 'delete',
  path: '/api/form-contact/:id/files/:fileId',
  tag: 'requests',
  access: 'signed-in',
  params: requestFileParamsSchema,
  status: 200,
  response: requestFileSchema,
  errors: {
    404: `${API_MESSAGES.requestNotFound}, or: ${REQUEST_FILE_MESSAGES.fileNotFound}`,
    409: REQUEST_FILE_MESSAGES.mailed,
  },
});
