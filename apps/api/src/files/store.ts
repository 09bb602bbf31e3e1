import type { Readable } from 'node:stream';
import { GridFSBucket } from 'mongodb';
import type { Types } from 'mongoose';
import type { AppContext } from '../context.js';
import { FILES_BUCKET, type RequestFileDoc } from './file.model.js';

/*
 * The bytes of the request's files, through the driver's GridFSBucket (file.model.ts says why
 * GridFS). A write goes chunks first and the file's record last, so a file is listed only once
 * it is whole; a write cut short (a crash) leaves chunks without a record, which the next write
 * of the same id clears first.
 */

const bucketOf = (ctx: Pick<AppContext, 'connection'>) =>
  new GridFSBucket(ctx.connection.db!, { bucketName: FILES_BUCKET });

/** Writes one file under `id`, its record last. */
export async function writeFile(
  ctx: Pick<AppContext, 'connection'>,
  id: Types.ObjectId,
  name: string,
  bytes: Buffer,
  metadata: RequestFileDoc['metadata'],
): Promise<void> {
  const bucket = bucketOf(ctx);
  // What an earlier write of this id left (a crash before its record).
  await ctx.connection.db!.collection(`${FILES_BUCKET}.chunks`).deleteMany({ files_id: id });
  await new Promise<void>((resolve, reject) => {
    const upload = bucket.openUploadStreamWithId(id, name, { metadata });
    upload.once('finish', () => resolve()).once('error', reject);
    upload.end(bytes);
  });
}

/** The bytes of one file, as a stream. */
export const readFile = (ctx: Pick<AppContext, 'connection'>, id: Types.ObjectId): Readable =>
  bucketOf(ctx).openDownloadStream(id);

/** Deletes files, their records first: chunks left by a crash are never listed nor read. */
export async function deleteFiles(
  ctx: Pick<AppContext, 'connection' | 'models'>,
  ids: readonly Types.ObjectId[],
): Promise<void> {
  if (ids.length === 0) return;
  await ctx.models.RequestFile.deleteMany({ _id: { $in: ids } });
  await ctx.connection.db!.collection(`${FILES_BUCKET}.chunks`).deleteMany({
    files_id: { $in: ids },
  });
}
