import { Schema, type Connection, type InferSchemaType, type Types } from 'mongoose';
import {
  DUPLICATE_POLICIES,
  IMPORT_ENCODINGS,
  IMPORT_FIELDS,
  IMPORT_FORMATS,
  IMPORT_ROW_RESULTS,
  IMPORT_STATUSES,
} from '@crm/shared';

/*
 * Issue 24's imports (packages/shared/src/request-import.ts). An upload is parsed once into an
 * `imports` document (the file's facts, the plan, the status and the counts) and its rows into
 * `import_chunks` of IMPORT_LIMITS.chunkRows rows each: a 100,000-row file is 200 documents, not
 * 100,000, and the background job's unit of work is one chunk. Each chunk also keeps what
 * happened to each of its rows once the job has done it, written before the import's counters
 * and `nextChunk` move on (with `nextChunk` as the condition), so the counters never count a
 * chunk twice and a resumed job starts at the first chunk not finished.
 *
 * A row (and a sample row) is stored as the JSON text of its cells, not as an array of arrays:
 * FerretDB 1.x (our CI database) refuses nested arrays ("nested arrays are not supported"),
 * and one string per row is also the smallest and quickest thing to write and read back.
 * encodeRow and decodeRows are the only places that know it.
 */

const countsSchema = new Schema(
  {
    processed: { type: Number, default: 0 },
    created: { type: Number, default: 0 },
    updated: { type: Number, default: 0 },
    skipped: { type: Number, default: 0 },
    rejected: { type: Number, default: 0 },
  },
  { _id: false },
);

const importSchema = new Schema(
  {
    fileName: { type: String, required: true },
    format: { type: String, enum: IMPORT_FORMATS, required: true },
    encoding: { type: String, enum: [...IMPORT_ENCODINGS, null], default: null },
    delimiter: { type: String, default: null },
    headers: { type: [String], default: () => [] },
    rowCount: { type: Number, required: true },
    chunkCount: { type: Number, required: true },
    /** The first rows, each as encodeRow's JSON text. */
    sample: { type: [String], default: () => [] },
    /** One entry per column: the field it fills, or null. The guess until a check or start. */
    mapping: { type: [{ type: String, enum: [...IMPORT_FIELDS, null] }], default: () => [] },
    duplicates: { type: String, enum: [...DUPLICATE_POLICIES, null], default: null },
    /** Whether the current mapping and policy were checked (the rejected rows' CSV needs it). */
    checked: { type: Boolean, default: false },
    status: { type: String, enum: IMPORT_STATUSES, default: 'uploaded' },
    /** The first chunk the job has not finished: where a resumed job starts. */
    nextChunk: { type: Number, default: 0 },
    progress: { type: countsSchema, default: () => ({}) },
    createdAt: { type: Date, default: () => new Date() },
    createdBy: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    startedAt: { type: Date, default: null },
    finishedAt: { type: Date, default: null },
    error: { type: String, default: null },
  },
  { versionKey: false },
);
// The dialog's list (newest first) and the job's search for queued or running imports.
importSchema.index({ createdAt: -1 });
importSchema.index({ status: 1, createdAt: 1 });

/** What the job did with one row of a chunk (absent until the chunk is done). */
const rowOutcomeSchema = new Schema(
  {
    result: { type: String, enum: IMPORT_ROW_RESULTS, required: true },
    /** The request created or updated. */
    requestId: { type: Schema.Types.ObjectId, default: null },
    requestNumber: { type: Number, default: null },
    /** "Campo: mensaje" per error, for the rejected rows (not `errors`: mongoose reserves it). */
    messages: { type: [String], default: undefined },
  },
  { _id: false },
);

const importChunkSchema = new Schema(
  {
    /** chunkId(importId, index): the job reads each chunk by its key alone. */
    _id: { type: String },
    importId: { type: Schema.Types.ObjectId, ref: 'Import', required: true },
    /** 0, 1, 2…: chunk n holds the file's rows n×chunkRows+2… (row 1 is the header). */
    index: { type: Number, required: true },
    /** The spreadsheet row number of the first row here. */
    firstRow: { type: Number, required: true },
    /** Each row's cells (text, as many as the header has), as encodeRow's JSON text. */
    rows: { type: [String], required: true },
    /** Set in the same write that marks the chunk done; one per row, in order. */
    outcomes: { type: [rowOutcomeSchema], default: undefined },
  },
  { versionKey: false },
);
importChunkSchema.index({ importId: 1, index: 1 }, { unique: true });

/**
 * A chunk's key: `<importId>:<index>`. The job reads one chunk at a time by it, a lookup by `_id`
 * on every server (FerretDB 1.x pushes no other filter down: a read by `{ importId, index }`
 * there decodes every chunk of every import, ~0.9 s at 200 chunks).
 */
export const chunkId = (importId: Types.ObjectId | string, index: number): string =>
  `${String(importId)}:${index}`;

/** A row's cells as stored: the JSON text of the array. */
export const encodeRow = (cells: readonly string[]): string => JSON.stringify(cells);
/** Stored rows back as cells. */
export const decodeRows = (rows: readonly string[]): string[][] =>
  rows.map((row) => JSON.parse(row) as string[]);

export type ImportDoc = InferSchemaType<typeof importSchema> & { _id: Types.ObjectId };
/** A chunk as read through chunksOf (imports.service.ts): its rows decoded. */
export type ImportChunkDoc = Omit<InferSchemaType<typeof importChunkSchema>, 'rows'> & {
  _id: string;
  rows: string[][];
};

/** The imports feature's models, registered on the app's connection by app-context.ts. */
export const importsModels = (connection: Connection) => ({
  Import: connection.model('Import', importSchema),
  ImportChunk: connection.model('ImportChunk', importChunkSchema, 'import_chunks'),
});

declare module '../context.js' {
  interface Models {
    Import: ReturnType<typeof importsModels>['Import'];
    ImportChunk: ReturnType<typeof importsModels>['ImportChunk'];
  }
}
