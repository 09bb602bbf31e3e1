import { Schema, type Connection, type InferSchemaType, type Types } from 'mongoose';

/*
 * A request's files (issue 35), in a GridFS bucket, `request_files`: the bytes in
 * `request_files.chunks`, written and read by the driver's GridFSBucket (store.ts), and each
 * file's record in `request_files.files`, GridFS's own document, which this model reads. GridFS
 * works on FerretDB 1.x as on MongoDB (uploads, range of chunks by `files_id` and `n`, deletes):
 * no chunks of our own design. The product's facts about a file are in its `metadata`.
 */

const fileMetadataSchema = new Schema(
  {
    requestId: { type: Schema.Types.ObjectId, default: null },
    contentType: { type: String, required: true },
    source: { type: String, enum: ['upload', 'mail'], required: true },
    /** Who uploaded it; null for a mail's attachment. */
    by: { type: Schema.Types.ObjectId, default: null },
    /** The address of the mail it came with. */
    sender: { type: String, default: null },
    /** The inbox message it came with (inbox/'s key): filed with it into its request. */
    inboxKey: { type: String, default: undefined },
    /** Sent in a mail or received with one: part of the thread, not deletable on its own. */
    mailed: { type: Boolean, default: false },
  },
  { _id: false },
);

const requestFileSchema = new Schema(
  {
    _id: { type: Schema.Types.ObjectId },
    /** The cleaned name (cleanFileName). */
    filename: { type: String, required: true },
    length: { type: Number, required: true },
    chunkSize: { type: Number, required: true },
    uploadDate: { type: Date, required: true },
    metadata: { type: fileMetadataSchema, required: true },
  },
  { versionKey: false },
);
// "Archivos", newest first, in pages; a request's deletion reads the same range.
requestFileSchema.index({ 'metadata.requestId': 1, uploadDate: -1, _id: -1 });
// A mail's attachments, found by its inbox message when it is filed.
requestFileSchema.index({ 'metadata.inboxKey': 1 }, { sparse: true });

export type RequestFileDoc = InferSchemaType<typeof requestFileSchema> & { _id: Types.ObjectId };

/** The GridFS bucket's name: `request_files.files` and `request_files.chunks`. */
export const FILES_BUCKET = 'request_files';

const requestFileModel = (connection: Connection) =>
  connection.model('RequestFile', requestFileSchema, `${FILES_BUCKET}.files`);

/** The files feature's models, registered on the app's connection by app-context.ts. */
export const filesModels = (connection: Connection) => ({
  RequestFile: requestFileModel(connection),
});

declare module '../context.js' {
  interface Models {
    RequestFile: ReturnType<typeof requestFileModel>;
  }
}
