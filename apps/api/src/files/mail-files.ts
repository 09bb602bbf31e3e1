import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Types } from 'mongoose';
import {
  MAX_FILE_BYTES,
  MAX_MAIL_ATTACHMENT_BYTES,
  REQUEST_FILE_MESSAGES,
  cleanFileName,
  type MailAttachment,
} from '@crm/shared';
import type { AppContext } from '../context.js';
import { isDuplicateKeyError } from '../db/errors.js';
import { fieldError } from '../http/app-error.js';
import type { RequestFileDoc } from './file.model.js';
import { mediaTypeOf } from './files.service.js';
import { deleteFiles, readFile, writeFile } from './store.js';

/*
 * The files of the request's mails (issue 35). A customer's attachments are kept when the
 * mailbox is read (inbox/), before the message is: each under an id made of the message's key
 * and its place, so a read cut short and done again writes each once. They join the request
 * with their message (emails/ files it), and stay out of "Archivos" until then. A mail a person
 * writes carries files of its request, read again at each try of the outbox (mail/).
 */

/** An attachment as the mail's parser gives it. */
export type ReceivedAttachment = {
  fileName: string;
  contentType: string;
  size: number;
  content: Buffer;
};

/** What a kept mail says of an attachment; `fileId` null when it was over MAX_FILE_BYTES. */
export type KeptAttachment = MailAttachment & { contentType: string };

/** The id of the `index`th attachment of an inbox message: the same at every read. */
const attachmentIdOf = (inboxKey: string, index: number) =>
  new Types.ObjectId(
    createHash('sha256').update(`${inboxKey}:${index}`).digest('hex').slice(0, 24),
  );

/** Keeps a customer's attachments (each at most 15 MB), once, not yet in any request. */
export async function keepMailAttachments(
  ctx: AppContext,
  inboxKey: string,
  sender: string | null,
  attachments: readonly ReceivedAttachment[],
): Promise<KeptAttachment[]> {
  const ids = attachments.map((_attachment, index) => attachmentIdOf(inboxKey, index));
  const kept = new Set(
    (
      await ctx.models.RequestFile.find({ _id: { $in: ids } }, '_id').lean<
        { _id: Types.ObjectId }[]
      >()
    ).map((doc) => doc._id.toHexString()),
  );
  const infos: KeptAttachment[] = [];
  for (const [index, attachment] of attachments.entries()) {
    const id = ids[index]!;
    const name = cleanFileName(attachment.fileName);
    const contentType = mediaTypeOf(attachment.contentType);
    const size = attachment.content.length;
    if (size > MAX_FILE_BYTES) {
      infos.push({ fileId: null, name, size, contentType });
      continue;
    }
    if (!kept.has(id.toHexString())) {
      try {
        await writeFile(ctx, id, name, attachment.content, {
          requestId: null,
          contentType,
          source: 'mail',
          by: null,
          sender,
          inboxKey,
          mailed: true,
        });
      } catch (error) {
        // Another read wrote it meanwhile (the job's lock lapsed): its record is the file.
        const keptMeanwhile =
          isDuplicateKeyError(error) && (await ctx.models.RequestFile.exists({ _id: id }));
        if (!keptMeanwhile) throw error;
      }
    }
    infos.push({ fileId: id.toHexString(), name, size, contentType });
  }
  return infos;
}

/** A filed message's attachments join its request's "Archivos" (again, harmlessly, on a re-run). */
export async function fileMailAttachments(
  ctx: AppContext,
  inboxKey: string,
  requestId: string,
): Promise<void> {
  await ctx.models.RequestFile.updateMany(
    { 'metadata.inboxKey': inboxKey },
    { $set: { 'metadata.requestId': new Types.ObjectId(requestId) } },
  );
}

/** The attachments of a message that joins no request (our own mail come back): gone. */
export async function discardMailAttachments(ctx: AppContext, inboxKey: string): Promise<void> {
  const docs = await ctx.models.RequestFile.find(
    { 'metadata.inboxKey': inboxKey, 'metadata.requestId': null },
    '_id',
  ).lean<{ _id: Types.ObjectId }[]>();
  await deleteFiles(
    ctx,
    docs.map((doc) => doc._id),
  );
}

/**
 * The files of the request a mail being written carries: each must be the request's, together
 * at most MAX_MAIL_ATTACHMENT_BYTES (400 under `attachments`). Marked as mailed: from now on
 * they are part of the thread and can't be deleted on their own.
 */
export async function attachToMail(
  ctx: AppContext,
  requestId: string,
  fileIds: readonly string[],
): Promise<KeptAttachment[]> {
  const unique = [...new Set(fileIds)];
  if (unique.length === 0) return [];
  const filter = {
    _id: { $in: unique.map((id) => new Types.ObjectId(id)) },
    'metadata.requestId': new Types.ObjectId(requestId),
  };
  const docs = await ctx.models.RequestFile.find(filter).lean<RequestFileDoc[]>();
  if (docs.length !== unique.length) {
    throw fieldError('attachments', REQUEST_FILE_MESSAGES.fileNotFound);
  }
  const bytes = docs.reduce((sum, doc) => sum + doc.length, 0);
  if (bytes > MAX_MAIL_ATTACHMENT_BYTES) {
    throw fieldError('attachments', REQUEST_FILE_MESSAGES.attachmentsTooLarge);
  }
  const marked = await ctx.models.RequestFile.updateMany(filter, {
    $set: { 'metadata.mailed': true },
  });
  // One was deleted between the read and the mark.
  if (marked.matchedCount !== unique.length) {
    throw fieldError('attachments', REQUEST_FILE_MESSAGES.fileNotFound);
  }
  const byId = new Map(docs.map((doc) => [doc._id.toHexString(), doc]));
  return unique.map((id) => {
    const doc = byId.get(id)!;
    return {
      fileId: id,
      name: doc.filename,
      size: doc.length,
      contentType: doc.metadata.contentType,
    };
  });
}

/** A mail's attachments as the mail server gets them: names, types and bytes (read as sent). */
export async function mailAttachmentsOf(
  ctx: AppContext,
  fileIds: readonly string[],
): Promise<{ filename: string; contentType: string; content: Readable }[]> {
  if (fileIds.length === 0) return [];
  const docs = await ctx.models.RequestFile.find({
    _id: { $in: fileIds.map((id) => new Types.ObjectId(id)) },
  }).lean<RequestFileDoc[]>();
  const byId = new Map(docs.map((doc) => [doc._id.toHexString(), doc]));
  // A file gone meanwhile went with its request (deleted): the mail goes with the others.
  return fileIds.flatMap((id) => {
    const doc = byId.get(id);
    return doc
      ? [
          {
            filename: doc.filename,
            contentType: doc.metadata.contentType,
            content: readFile(ctx, doc._id),
          },
        ]
      : [];
  });
}
