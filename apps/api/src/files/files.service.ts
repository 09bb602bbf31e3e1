import { Types } from 'mongoose';
import {
  API_MESSAGES,
  EXPORT_TICKET_TTL_SECONDS,
  REQUEST_FILE_MESSAGES,
  cleanFileName,
  encodeInstantCursor,
  filesApi,
  type FileLink,
  type InstantCursor,
  type RequestFile,
  type RequestFilePage,
} from '@crm/shared';
import { ticketedPath, type AuthUser } from '../auth/index.js';
import type { AppContext } from '../context.js';
import { afterInstant } from '../db/instant-keyset.js';
import { conflict, fieldError, notFound } from '../http/app-error.js';
import { requestExists } from '../requests/index.js';
import type { RequestFileDoc } from './file.model.js';
import { deleteFiles, writeFile } from './store.js';

/*
 * "Archivos" (issue 35): a request's files, newest first, a page at a time (one range of the
 * `{ metadata.requestId, uploadDate, _id }` index and one read of the uploaders' names), an
 * upload, a deletion and the download's address.
 */

/** What a stored file says of itself, as "Archivos" and the mails show it. */
export function toFileJson(doc: RequestFileDoc, nameOf: ReadonlyMap<string, string>): RequestFile {
  const by = doc.metadata.by ? doc.metadata.by.toHexString() : null;
  return {
    _id: doc._id.toHexString(),
    name: doc.filename,
    contentType: doc.metadata.contentType,
    size: doc.length,
    at: doc.uploadDate.toISOString(),
    source: doc.metadata.source,
    by,
    byName: by ? (nameOf.get(by) ?? null) : null,
    sender: doc.metadata.sender ?? null,
    mailed: doc.metadata.mailed ?? false,
  };
}

async function filesJson(ctx: AppContext, docs: RequestFileDoc[]): Promise<RequestFile[]> {
  const uploaders = [
    ...new Set(docs.flatMap((doc) => (doc.metadata.by ? [doc.metadata.by.toHexString()] : []))),
  ];
  const nameOf = await ctx.users.namesByIds(uploaders);
  return docs.map((doc) => toFileJson(doc, nameOf));
}

async function existingRequest(ctx: AppContext, requestId: string) {
  if (!(await requestExists(ctx, requestId))) throw notFound(API_MESSAGES.requestNotFound);
}

/** A page of "Archivos", unrun: newest first, after the cursor (index-bound.test.ts probes it). */
export function filesPageQuery(
  ctx: AppContext,
  requestId: string,
  cursor: InstantCursor | undefined,
  limit: number,
) {
  const after = afterInstant('uploadDate', cursor);
  return ctx.models.RequestFile.find({
    'metadata.requestId': new Types.ObjectId(requestId),
    ...after,
  })
    .sort({ uploadDate: -1, _id: -1 })
    .limit(limit);
}

/** GET /api/form-contact/:id/files */
export async function listFiles(
  ctx: AppContext,
  requestId: string,
  query: { cursor?: InstantCursor | undefined; limit: number },
): Promise<RequestFilePage> {
  await existingRequest(ctx, requestId);
  const docs = await filesPageQuery(ctx, requestId, query.cursor, query.limit + 1).lean<
    RequestFileDoc[]
  >();
  const page = docs.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: await filesJson(ctx, page),
    nextCursor:
      docs.length > query.limit && last
        ? encodeInstantCursor({ at: last.uploadDate.toISOString(), _id: last._id.toHexString() })
        : null,
  };
}

/**
 * A media type as a browser or a mail program declared it, kept only when it is one: a file's
 * type is never trusted to show it (the download is always an attachment, and nosniff).
 */
export const mediaTypeOf = (declared: string | undefined): string => {
  const type = (declared ?? '').split(';')[0]!.trim().toLowerCase();
  return /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/.test(type)
    ? type
    : 'application/octet-stream';
};

/** POST /api/form-contact/:id/files: the bytes under a cleaned name. */
export async function uploadFile(
  ctx: AppContext,
  requestId: string,
  name: string,
  contentType: string | undefined,
  bytes: Buffer,
  user: AuthUser,
): Promise<RequestFile> {
  await existingRequest(ctx, requestId);
  if (bytes.length === 0) throw fieldError('file', REQUEST_FILE_MESSAGES.empty);
  const _id = new Types.ObjectId();
  await writeFile(ctx, _id, cleanFileName(name), bytes, {
    requestId: new Types.ObjectId(requestId),
    contentType: mediaTypeOf(contentType),
    source: 'upload',
    by: new Types.ObjectId(user.userId),
    sender: null,
    mailed: false,
  });
  const doc = await ctx.models.RequestFile.findById(_id).lean<RequestFileDoc>();
  const [file] = await filesJson(ctx, [doc!]);
  return file!;
}

/** One file of the request; 404 when the request or the file isn't there. */
async function fileOf(ctx: AppContext, requestId: string, fileId: string) {
  await existingRequest(ctx, requestId);
  const doc = await ctx.models.RequestFile.findOne({
    _id: fileId,
    'metadata.requestId': new Types.ObjectId(requestId),
  }).lean<RequestFileDoc>();
  if (!doc) throw notFound(REQUEST_FILE_MESSAGES.fileNotFound);
  return doc;
}

/** DELETE /api/form-contact/:id/files/:fileId: a file of the thread stays (409). */
export async function removeFile(
  ctx: AppContext,
  requestId: string,
  fileId: string,
): Promise<RequestFile> {
  const doc = await fileOf(ctx, requestId, fileId);
  const [file] = await filesJson(ctx, [doc]);
  if (doc.metadata.mailed) throw conflict(REQUEST_FILE_MESSAGES.mailed, { file });
  // Only while still not mailed: a mail that took it meanwhile keeps it.
  const removed = await ctx.models.RequestFile.deleteOne({
    _id: doc._id,
    'metadata.mailed': { $ne: true },
  });
  if (removed.deletedCount === 0) throw conflict(REQUEST_FILE_MESSAGES.mailed, { file });
  await deleteFiles(ctx, [doc._id]);
  return file!;
}

/** POST /api/form-contact/:id/files/:fileId/link: the download's address, ticket included. */
export async function fileLink(
  ctx: AppContext,
  requestId: string,
  fileId: string,
  caller: AuthUser,
): Promise<FileLink> {
  const doc = await fileOf(ctx, requestId, fileId);
  return {
    url: ticketedPath(
      ctx,
      caller,
      filesApi.download,
      { file: doc._id.toHexString() },
      EXPORT_TICKET_TTL_SECONDS,
    ),
  };
}

/** What deleting a request leaves of its files: nothing (requests/ calls it, RequestData). */
export async function forgetRequestFiles(ctx: AppContext, requestId: string): Promise<void> {
  const docs = await ctx.models.RequestFile.find(
    { 'metadata.requestId': new Types.ObjectId(requestId) },
    '_id',
  ).lean<{ _id: Types.ObjectId }[]>();
  await deleteFiles(
    ctx,
    docs.map((doc) => doc._id),
  );
}
