import { HttpResponse } from 'msw';
import {
  API_MESSAGES,
  MAX_MAIL_ATTACHMENT_BYTES,
  REQUEST_FILE_MESSAGES,
  TICKET_PARAM,
  api,
  cleanFileName,
  encodeInstantCursor,
  type MailAttachment,
  type RequestFile,
} from '@crm/shared';
import { db, findRequest, newId } from './db';
import { fail, fake, fileCaller, ticketedLink, type exportTickets, type Failure } from './http';
import { route } from './router';

// A request's "Archivos" (issue 35, files-endpoints), as files/ answers them: uploads under a
// cleaned name, newest first in pages, a one-time download address, the bytes as uploaded, and
// a file sent with a mail kept for good (409 on deletion). A customer's attachment is seeded with
// `addMailFile`.

type StoredFile = RequestFile & { requestId: string; bytes: Uint8Array };
const files: StoredFile[] = [];
/** The download's tickets: like the API's, each works once. */
const fileTickets: typeof exportTickets = new Map();

export function resetFilesFake() {
  files.length = 0;
  fileTickets.clear();
}

const jsonOf = ({ requestId: _requestId, bytes: _bytes, ...file }: StoredFile): RequestFile => ({
  ...file,
});

const newestFirst = (a: RequestFile, b: RequestFile) =>
  b.at.localeCompare(a.at) || b._id.localeCompare(a._id);

/** A customer's attachment, kept when their mail was filed in the request. */
export function addMailFile(
  requestId: string,
  name: string,
  bytes: Uint8Array,
  sender = 'cliente@example.com',
): RequestFile {
  const file: StoredFile = {
    _id: newId(),
    requestId,
    bytes,
    name: cleanFileName(name),
    contentType: 'application/octet-stream',
    size: bytes.length,
    at: new Date().toISOString(),
    source: 'mail',
    by: null,
    byName: null,
    sender,
    mailed: true,
  };
  files.push(file);
  return jsonOf(file);
}

/** The files of the request a mail carries (as the API's attachToMail), or its 400. */
export function attachToMail(
  requestId: string,
  fileIds: readonly string[],
): MailAttachment[] | Failure {
  const chosen = [...new Set(fileIds)].map((id) =>
    files.find((file) => file._id === id && file.requestId === requestId),
  );
  if (chosen.some((file) => !file)) {
    return fail(400, REQUEST_FILE_MESSAGES.fileNotFound, [
      { path: 'attachments', message: REQUEST_FILE_MESSAGES.fileNotFound },
    ]);
  }
  const stored = chosen as StoredFile[];
  if (stored.reduce((sum, file) => sum + file.size, 0) > MAX_MAIL_ATTACHMENT_BYTES) {
    return fail(400, REQUEST_FILE_MESSAGES.attachmentsTooLarge, [
      { path: 'attachments', message: REQUEST_FILE_MESSAGES.attachmentsTooLarge },
    ]);
  }
  for (const file of stored) file.mailed = true;
  return stored.map((file) => ({ fileId: file._id, name: file.name, size: file.size }));
}

const fileOf = (requestId: string, fileId: string) =>
  files.find((file) => file._id === fileId && file.requestId === requestId);

export const fileRoutes = [
  route('get', api.files.download.path, ({ request, url }) => {
    db.calls.push({ method: 'GET', path: url.pathname, body: undefined, search: url.search });
    const user = fileCaller(request, url, fileTickets);
    if (user instanceof Response) return user;
    // Used once, as the API's redeemTicket.
    const ticket = url.searchParams.get(TICKET_PARAM);
    if (ticket) fileTickets.delete(ticket);
    const file = files.find((stored) => stored._id === url.searchParams.get('file'));
    if (!file)
      return HttpResponse.json({ message: REQUEST_FILE_MESSAGES.fileNotFound }, { status: 404 });
    return new HttpResponse(file.bytes.slice().buffer, {
      headers: {
        'Content-Type': file.contentType,
        'Content-Disposition': `attachment; filename="${encodeURIComponent(file.name)}"`,
        'X-Content-Type-Options': 'nosniff',
      },
    });
  }),

  fake(api.files.list, ({ input }) => {
    const request = findRequest(input.params.id);
    if (!request) return fail(404, API_MESSAGES.requestNotFound);
    const { cursor, limit } = input.query;
    const sorted = files.filter((file) => file.requestId === request._id).sort(newestFirst);
    const after = cursor
      ? sorted.filter(
          (file) => file.at < cursor.at || (file.at === cursor.at && file._id < cursor._id),
        )
      : sorted;
    const items = after.slice(0, limit).map(jsonOf);
    const last = items.at(-1);
    return {
      items,
      nextCursor:
        after.length > limit && last ? encodeInstantCursor({ at: last.at, _id: last._id }) : null,
    };
  }),

  fake(api.files.upload, ({ input, user, raw, request: call }) => {
    const request = findRequest(input.params.id);
    if (!request) return fail(404, API_MESSAGES.requestNotFound);
    const bytes = raw ?? new Uint8Array();
    if (bytes.length === 0) {
      return fail(400, REQUEST_FILE_MESSAGES.empty, [
        { path: 'file', message: REQUEST_FILE_MESSAGES.empty },
      ]);
    }
    const file: StoredFile = {
      _id: newId(),
      requestId: request._id,
      bytes,
      name: cleanFileName(input.query.name),
      contentType: call.headers.get('Content-Type')?.split(';')[0]?.trim().toLowerCase() ?? '',
      size: bytes.length,
      at: new Date().toISOString(),
      source: 'upload',
      by: user._id,
      byName: `${user.name} ${user.lastName}`,
      sender: null,
      mailed: false,
    };
    files.push(file);
    return jsonOf(file);
  }),

  fake(api.files.link, ({ input, request }) => {
    const { id, fileId } = input.params;
    if (!findRequest(id)) return fail(404, API_MESSAGES.requestNotFound);
    if (!fileOf(id, fileId)) return fail(404, REQUEST_FILE_MESSAGES.fileNotFound);
    return ticketedLink(fileTickets, api.files.download.path, { file: fileId }, request);
  }),

  fake(api.files.remove, ({ input }) => {
    const { id, fileId } = input.params;
    if (!findRequest(id)) return fail(404, API_MESSAGES.requestNotFound);
    const file = fileOf(id, fileId);
    if (!file) return fail(404, REQUEST_FILE_MESSAGES.fileNotFound);
    if (file.mailed)
      return fail(409, REQUEST_FILE_MESSAGES.mailed, undefined, { file: jsonOf(file) });
    files.splice(files.indexOf(file), 1);
    return jsonOf(file);
  }),
];
