import { Types } from 'mongoose';
import {
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  countIntoImportReport,
  emptyImportReport,
  guessImportMapping,
  type ImportList,
  type ImportPlan,
  type ImportReport,
  type ImportSummary,
} from '@crm/shared';
import type { AppContext } from '../context.js';
import { conflict, fieldError, notFound } from '../http/app-error.js';
import {
  chunkId,
  decodeRows,
  encodeRow,
  type ImportChunkDoc,
  type ImportDoc,
} from './import.model.js';
import { parseImportFile } from './parse-file.js';
import {
  loadEmailIndex,
  loadVendorIndex,
  planRow,
  type EmailIndex,
  turns,
  type RowPlanContext,
} from './row-plan.js';

/*
 * Issue 24's imports up to the background job: the upload (the file parsed once into stored
 * chunks of rows), the list, one import, and the check (every row planned as the job would,
 * nothing written to the requests). The job itself lives in import-job*.ts.
 */

/** The JSON of an import (every imports endpoint but check answers it). */
export function toImportSummary(doc: ImportDoc): ImportSummary {
  const progress = doc.progress ?? {};
  return {
    _id: doc._id.toHexString(),
    fileName: doc.fileName,
    format: doc.format,
    encoding: doc.encoding ?? null,
    delimiter: (doc.delimiter as ImportSummary['delimiter']) ?? null,
    headers: [...doc.headers],
    rowCount: doc.rowCount,
    sample: decodeRows(doc.sample),
    mapping: [...doc.mapping] as ImportSummary['mapping'],
    duplicates: doc.duplicates ?? null,
    status: doc.status,
    progress: {
      processed: progress.processed ?? 0,
      created: progress.created ?? 0,
      updated: progress.updated ?? 0,
      skipped: progress.skipped ?? 0,
      rejected: progress.rejected ?? 0,
    },
    createdAt: doc.createdAt.toISOString(),
    createdBy: doc.createdBy.toHexString(),
    startedAt: doc.startedAt?.toISOString() ?? null,
    finishedAt: doc.finishedAt?.toISOString() ?? null,
    error: doc.error ?? null,
  };
}

/** An import by id, or 404. */
export async function findImport(ctx: AppContext, id: string): Promise<ImportDoc> {
  const found = await ctx.models.Import.findById(id).lean<ImportDoc>();
  if (!found) throw notFound(IMPORT_MESSAGES.notFound);
  return found;
}

/**
 * A chunk holds at most IMPORT_LIMITS.chunkRows rows, and is cut earlier once its cells pass
 * this many bytes (as UTF-8), so no chunk comes near MongoDB's 16 MB per document: the largest
 * single row (200 cells of 20,000 characters) still fits alone.
 */
const CHUNK_BYTES = 4 * 1024 * 1024;

/**
 * Stores rows as they are read, a chunk at a time, and keeps the sample. Chunks are numbered
 * from 0 and each knows its first row's number; `discard` deletes what was stored.
 */
class ChunkStore {
  rowCount = 0;
  chunkCount = 0;
  readonly sample: string[][] = [];
  #rows: string[][] = [];
  #bytes = 0;

  constructor(
    private readonly ctx: AppContext,
    private readonly importId: Types.ObjectId,
    private readonly chunkRows: number,
  ) {}

  readonly add = async (cells: string[]): Promise<void> => {
    const bytes = cells.reduce((sum, cell) => sum + Buffer.byteLength(cell), 0);
    if (this.#rows.length > 0 && this.#bytes + bytes > CHUNK_BYTES) await this.flush();
    this.#rows.push(cells);
    this.#bytes += bytes;
    this.rowCount += 1;
    if (this.sample.length < IMPORT_LIMITS.sampleRows) this.sample.push(cells);
    if (this.#rows.length >= this.chunkRows) await this.flush();
  };

  async flush(): Promise<void> {
    if (this.#rows.length === 0) return;
    const rows = this.#rows;
    this.#rows = [];
    this.#bytes = 0;
    // The header is row 1: the first request row is 2.
    const firstRow = this.rowCount - rows.length + 2;
    // Plain text cells: no casting of every cell on the way in.
    await this.ctx.models.ImportChunk.insertMany(
      [
        {
          _id: chunkId(this.importId, this.chunkCount),
          importId: this.importId,
          index: this.chunkCount,
          firstRow,
          rows: rows.map(encodeRow),
        },
      ],
      { lean: true },
    );
    this.chunkCount += 1;
  }

  async discard(): Promise<void> {
    await this.ctx.models.ImportChunk.deleteMany({ importId: this.importId });
  }
}

/**
 * POST /api/imports: the file parsed and stored, its chunks first and the import last (with
 * the guessed mapping), so a listed import always has all its rows. A refused file (or any
 * failure) deletes the chunks already stored: nothing half-written stays.
 */
export async function uploadImport(
  ctx: AppContext,
  fileName: string,
  bytes: Buffer,
  createdBy: string,
  /** Rows per chunk: a test makes a small file of several chunks with it. */
  { chunkRows = IMPORT_LIMITS.chunkRows }: { chunkRows?: number } = {},
): Promise<ImportSummary> {
  const importId = new Types.ObjectId();
  const store = new ChunkStore(ctx, importId, chunkRows);
  try {
    const facts = await parseImportFile(bytes, store.add);
    await store.flush();
    const created = await ctx.models.Import.create({
      _id: importId,
      fileName,
      format: facts.format,
      encoding: facts.encoding,
      delimiter: facts.delimiter,
      headers: facts.headers,
      rowCount: store.rowCount,
      chunkCount: store.chunkCount,
      sample: store.sample.map(encodeRow),
      mapping: guessImportMapping(facts.headers),
      createdBy: new Types.ObjectId(createdBy),
    });
    return toImportSummary(created.toObject<ImportDoc>());
  } catch (error) {
    await store.discard();
    throw error;
  }
}

/** GET /api/imports: the newest 20. */
export async function listImports(ctx: AppContext): Promise<ImportList> {
  const docs = await ctx.models.Import.find()
    .sort({ createdAt: -1, _id: -1 })
    .limit(20)
    .lean<ImportDoc[]>();
  return { items: docs.map(toImportSummary) };
}

/** GET /api/imports/:id */
export async function getImport(ctx: AppContext, id: string): Promise<ImportSummary> {
  return toImportSummary(await findImport(ctx, id));
}

type StoredChunk = Omit<ImportChunkDoc, 'rows'> & { rows: string[] };

/** The stored chunks of an import in order, one at a time from a cursor (constant memory). */
export async function* chunksOf(
  ctx: AppContext,
  importId: Types.ObjectId,
  fromIndex = 0,
): AsyncGenerator<ImportChunkDoc> {
  const cursor = ctx.models.ImportChunk.find({ importId, index: { $gte: fromIndex } })
    .sort({ index: 1 })
    .lean<StoredChunk[]>()
    // A chunk can weigh megabytes: two at a time.
    .cursor({ batchSize: 2 });
  try {
    for await (const chunk of cursor as AsyncIterable<StoredChunk>) {
      yield { ...chunk, rows: decodeRows(chunk.rows) };
    }
  } finally {
    await cursor.close();
  }
}

/**
 * What planRow needs for an import and a plan. Without `emails`, every email looks new: enough
 * to tell the rejected rows (a rejection depends on the row and the staff only), without
 * reading every request's email.
 */
export async function rowPlanContext(
  ctx: AppContext,
  doc: ImportDoc,
  plan: ImportPlan,
  { emails = true } = {},
): Promise<RowPlanContext> {
  return {
    importId: doc._id.toHexString(),
    headers: doc.headers,
    mapping: plan.mapping,
    duplicates: plan.duplicates,
    timeZone: ctx.config.timeZone,
    now: ctx.clock.now(),
    emails: emails ? await loadEmailIndex(ctx) : (new Map() as EmailIndex),
    vendors: await loadVendorIndex(ctx),
    seen: new Map(),
  };
}

/** 400 on the `mapping` field unless it has one entry per column of the file. */
export function checkMappingLength(doc: ImportDoc, plan: ImportPlan): void {
  if (plan.mapping.length !== doc.headers.length) {
    throw fieldError('mapping', IMPORT_MESSAGES.mappingLength);
  }
}

/**
 * POST /api/imports/:id/check: every row, in order, through planRow (the job's own decision),
 * counted; the first rows as they will be stored and the first errors listed. The mapping and
 * policy are kept with the import, marked checked (the rejected rows' CSV uses them).
 */
export async function checkImport(
  ctx: AppContext,
  id: string,
  plan: ImportPlan,
): Promise<ImportReport> {
  const doc = await findImport(ctx, id);
  checkMappingLength(doc, plan);
  if (doc.status !== 'uploaded') throw conflict(IMPORT_MESSAGES.alreadyStarted);
  const context = await rowPlanContext(ctx, doc, plan);
  const report = emptyImportReport();
  const turn = turns();
  for await (const chunk of chunksOf(ctx, doc._id)) {
    for (const [i, cells] of chunk.rows.entries()) {
      await turn();
      const planned = planRow(context, cells, chunk.firstRow + i);
      countIntoImportReport(
        report,
        chunk.firstRow + i,
        planned.result === 'rejected'
          ? planned
          : { ...planned, vendorName: planned.vendor?.name ?? null },
      );
    }
  }
  // Only while not started: a start meanwhile keeps the plan it was started with.
  await ctx.models.Import.updateOne(
    { _id: doc._id, status: 'uploaded' },
    { $set: { mapping: plan.mapping, duplicates: plan.duplicates, checked: true } },
  );
  return report;
}
