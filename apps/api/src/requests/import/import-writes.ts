import { eventsOf } from '../events/pending-events.js';
import { announce } from '../events/publish.js';
import { MongoBulkWriteError, type WriteError } from 'mongodb';
import type { Types } from 'mongoose';
import {
  IMPORT_FIELD_LABELS,
  IMPORT_MESSAGES,
  IMPORT_PLAIN_FIELDS,
  notesSchema,
  type ImportField,
  type ImportedRequest,
} from '@crm/shared';
import type { AppContext } from '../../context.js';
import { isDuplicateKeyError } from '../../db/errors.js';
import { CONFLICT, retryOnConflict } from '../../db/retry-on-conflict.js';
import { editedFieldEntries, historyEntry, notesDiff } from '../history/history.service.js';
import {
  expectedValueEntries,
  outcomeChange,
  toOutcomeJson,
  type StoredOutcome,
} from '../outcome/outcome.js';
import { REQUEST_FIELDS_ONLY, type RequestDoc } from '../request.model.js';
import { nextRequestNumber } from '../requests.service.js';
import { stageFieldsAtCreation } from '../moves/stage-visits.js';
import { statusMove } from '../moves/status-move.js';

/*
 * An import's writes to the requests (issue 24; here since issue 34: the requests are this
 * feature's data, and a request's stage change, history and stage visits are written by this
 * feature's rules only). imports/import-worker.ts decides what each row does (imports/row-plan.ts)
 * and calls these. They stay batch writes, not createRequest and moveOne per row: a chunk's new
 * requests are one insertMany with one block of numbers, and an updated row is one read and one
 * write whose stage change is a move's (status-move.ts's statusMove, as moveOne's and an
 * edit's; outcomeChange for CERRADO) together with its edits. Every write names the row it comes from, so doing a
 * chunk again after a crash stores nothing twice: a created request carries the row's
 * `importKey` (unique), an updated one its `lastImportKey` (the update's condition).
 */

/** What an import's writes share. */
export type ImportRun = {
  importId: string;
  fileName: string;
  /** The admin who started it: the author of the history entries. */
  userId: string;
  /** The run's instant: creation dates the file leaves empty, the history's entries. */
  now: Date;
};

/** What happened to one row's write. */
export type RowWrite =
  | { result: 'created' | 'updated'; requestId: string; requestNumber: number | null }
  | { result: 'rejected'; errors: string[] };

export type RowToCreate = {
  key: string;
  /** Chosen before the write, so later rows of the chunk can update it by id. */
  id: Types.ObjectId;
  request: ImportedRequest;
  vendorId: string | null;
};

/** A whole request as created by the API (the model's defaults) plus the row's values. */
function requestDocument(ctx: AppContext, run: ImportRun, row: RowToCreate) {
  const { request } = row;
  const createdAt = request.createdAt ? new Date(request.createdAt) : run.now;
  const imported = historyEntry(run.now, run.userId, 'imported', null, run.fileName);
  return new ctx.models.Request({
    _id: row.id,
    name: request.name,
    email: request.email,
    company: request.company,
    jobPosition: request.jobPosition,
    contactNumber: request.contactNumber,
    requestType: request.requestType,
    status: request.status,
    priority: request.priority,
    vendor: row.vendorId,
    createdAt,
    // It has been in its stage since it came in, as far as anyone knows.
    stageChangedAt: createdAt,
    ...stageFieldsAtCreation(request.status),
    expectedValue: request.expectedValue,
    message: request.message,
    notes: request.notes,
    // The file doesn't say where the contact came from.
    sourceOfContact: 'unknown',
    version: 0,
    statusVersion: 0,
    history: [imported],
    // Issue 36: its event, in the same insert (events/pending-events.ts).
    pendingEvents: eventsOf([imported]),
    importKey: row.key,
  });
}

/** A bulk insert's refused documents, by their index in the batch. */
function writeErrorsOf(error: unknown): WriteError[] | undefined {
  if (!(error instanceof MongoBulkWriteError)) return undefined;
  return ([] as WriteError[]).concat(error.writeErrors);
}

/**
 * Creates a chunk's new requests: one unordered insertMany, the numbers reserved as one block.
 * On FerretDB 1.x the counter's $inc is not atomic across connections, so a number may already
 * be taken: those requests take fresh numbers and go again, as createRequest's do. A duplicate
 * `importKey` means the row is already stored (an earlier run, or another process): its
 * request is the answer. A document the database refuses for itself is that row rejected. Any
 * other error (the database gone) is thrown: the run stops and the chunk is done again later.
 */
export async function createImportedRows(
  ctx: AppContext,
  run: ImportRun,
  rows: readonly RowToCreate[],
  /** Awaited once per row built: the caller's pacing, to let other calls run between rows. */
  turn: () => Promise<void>,
): Promise<Map<string, RowWrite>> {
  const { Request } = ctx.models;
  const results = new Map<string, RowWrite>();
  // Each document built and checked once (mongoose's casting is most of a chunk's CPU time),
  // then inserted as the plain object, with its number, as often as numbers are retried.
  let pending: { row: RowToCreate; doc: Record<string, unknown> }[] = [];
  for (const row of rows) {
    await turn();
    const doc = requestDocument(ctx, run, row);
    const invalid = doc.validateSync();
    if (invalid) results.set(row.key, { result: 'rejected', errors: [IMPORT_MESSAGES.rowRefused] });
    else pending.push({ row, doc: doc.toObject() });
  }
  // Not retryOnConflict (db/retry-on-conflict.ts): a batch whose rows each end their own way,
  // and a retry takes fresh numbers, so there is nothing to wait for.
  for (let attempt = 0; pending.length > 0; attempt++) {
    const last = await nextRequestNumber(ctx, pending.length);
    const first = last - pending.length + 1;
    const docs = pending.map(({ doc }, index) => ({ ...doc, requestNumber: first + index }));
    let refused: WriteError[] = [];
    try {
      await Request.collection.insertMany(docs, { ordered: false });
    } catch (error) {
      const writeErrors = writeErrorsOf(error);
      if (!writeErrors) throw error;
      refused = writeErrors;
    }
    const refusedAt = new Map(refused.map((error) => [error.index, error]));
    const duplicates: typeof pending = [];
    pending.forEach((built, index) => {
      const { row } = built;
      const error = refusedAt.get(index);
      if (!error) {
        results.set(row.key, {
          result: 'created',
          requestId: row.id.toHexString(),
          requestNumber: first + index,
        });
      } else if (isDuplicateKeyError({ code: error.code, message: error.errmsg })) {
        duplicates.push(built);
      } else {
        results.set(row.key, { result: 'rejected', errors: [IMPORT_MESSAGES.rowRefused] });
      }
    });
    announce(
      ctx,
      ...pending.flatMap(({ row }, index) => (refusedAt.has(index) ? [] : [row.id.toHexString()])),
    );
    if (duplicates.length === 0) break;
    // Which index said no is not told alike by every server: the stored key settles it.
    const stored = await Request.find(
      { importKey: { $in: duplicates.map(({ row }) => row.key) } },
      'requestNumber importKey',
    ).lean<{ _id: Types.ObjectId; requestNumber?: number; importKey: string }[]>();
    const storedByKey = new Map(stored.map((doc) => [doc.importKey, doc]));
    pending = [];
    for (const built of duplicates) {
      const { row } = built;
      const already = storedByKey.get(row.key);
      if (already) {
        results.set(row.key, {
          result: 'created',
          requestId: already._id.toHexString(),
          requestNumber: already.requestNumber ?? null,
        });
      } else if (attempt < 20) {
        pending.push(built);
      } else {
        results.set(row.key, { result: 'rejected', errors: [IMPORT_MESSAGES.rowRefused] });
      }
    }
  }
  return results;
}

type UpdateBase = RequestDoc & {
  expectedValue?: number | null;
  outcome?: StoredOutcome | null;
  lastImportKey?: string;
};

export type RowToUpdate = {
  key: string;
  targetId: string;
  request: ImportedRequest;
  present: readonly ImportField[];
  vendorId: string | null;
  /**
   * Keys whose presence on the target means this row is in already: its own, and the keys of
   * the chunk's later rows that update the same request (they are written after it).
   */
  doneKeys: readonly string[];
};

const fieldError = (field: ImportField, message: string) =>
  `${IMPORT_FIELD_LABELS[field]}: ${message}`;

/**
 * One row's update of an existing request (the "update" policy): its non-empty cells only, the
 * notes it has that the request lacks added at the top, a stage change kept as a move keeps it
 * (statusVersion, stageChangedAt, the stay it ends, the furthest stage; leaving CERRADO clears the
 * outcome), every change recorded in the history with an "imported" entry, all in one write
 * conditioned on the copy read and on the row not being in already (`lastImportKey`).
 */
export async function updateImportedRow(
  ctx: AppContext,
  run: ImportRun,
  row: RowToUpdate,
): Promise<RowWrite> {
  const { Request } = ctx.models;
  const has = (field: ImportField) => row.present.includes(field);
  return retryOnConflict<RowWrite>(
    async () => {
      const stored = await Request.findById(row.targetId, REQUEST_FIELDS_ONLY).lean<UpdateBase>();
      if (!stored) return { result: 'rejected', errors: [IMPORT_MESSAGES.targetGone] };
      const done = { result: 'updated', requestId: row.targetId } as const;
      if (stored.lastImportKey && row.doneKeys.includes(stored.lastImportKey)) {
        return { ...done, requestNumber: stored.requestNumber ?? null };
      }
      const { request } = row;
      const plain = Object.fromEntries(
        IMPORT_PLAIN_FIELDS.filter(has).map((field) => [field, request[field]]),
      );
      const lacking = has('notes')
        ? request.notes.filter((note) => !stored.notes.includes(note))
        : [];
      const notes = [...lacking, ...stored.notes];
      const notesCheck = notesSchema.safeParse(notes);
      if (!notesCheck.success) {
        const message = notesCheck.error.issues[0]?.message ?? IMPORT_MESSAGES.rowRefused;
        return { result: 'rejected', errors: [fieldError('notes', message)] };
      }
      const status = has('status') ? request.status : stored.status;
      const moved = status !== stored.status;
      const storedOutcome = toOutcomeJson(stored.outcome);
      // A move out of CERRADO clears the outcome, as a move does; into it, none is known yet.
      const at = ctx.clock.now();
      const outcome = outcomeChange(
        at,
        run.userId,
        storedOutcome,
        status === 'closed' ? storedOutcome : null,
      );
      const storedValue = stored.expectedValue ?? null;
      const expectedValue = has('expectedValue') ? request.expectedValue : storedValue;
      const storedVendor = stored.vendor ? stored.vendor.toHexString() : null;
      const vendor = has('vendor') ? row.vendorId : storedVendor;
      // A status change is a move's (status-move.ts): its stage, history entry and stay ended.
      const move = moved ? statusMove(stored, status, run.userId, at) : undefined;
      const entries = [
        historyEntry(at, run.userId, 'imported', null, run.fileName),
        ...(move ? [move.entry] : []),
        ...outcome.entries,
        ...(vendor !== storedVendor
          ? [historyEntry(at, run.userId, 'vendor', storedVendor, vendor)]
          : []),
        ...expectedValueEntries(at, run.userId, storedValue, expectedValue),
        ...editedFieldEntries(at, run.userId, stored, { ...stored, ...plain }),
        ...notesDiff(at, run.userId, stored.notes, notes),
      ];
      const written = await Request.updateOne(
        {
          _id: row.targetId,
          version: stored.version,
          // null also matches a request stored before statusVersion existed.
          statusVersion: stored.statusVersion ?? null,
          lastImportKey: { $nin: row.doneKeys },
        },
        {
          $set: {
            ...plain,
            status,
            vendor,
            expectedValue,
            notes,
            lastImportKey: row.key,
            ...outcome.set,
            ...move?.set,
          },
          $inc: { version: 1, ...move?.inc },
          ...(move && { $max: move.max }),
          $push: {
            history: { $each: entries },
            ...(move && { stageVisits: move.visit }),
            pendingEvents: { $each: eventsOf(entries) },
          },
        },
      );
      // Changed meanwhile (someone's edit, or this row written by another process): read again.
      if (written.matchedCount !== 1) return CONFLICT;
      announce(ctx, row.targetId);
      return { ...done, requestNumber: stored.requestNumber ?? null };
    },
    {
      // A row gives up sooner than a person's edit: it is reported busy and the run goes on.
      attempts: 10,
      exhausted: () => ({ result: 'rejected', errors: [IMPORT_MESSAGES.targetBusy] }),
    },
  );
}

/** The request numbers of requests written earlier (rows an earlier run did), by id. */
export async function requestNumbersOf(
  ctx: AppContext,
  ids: readonly string[],
): Promise<Map<string, number | null>> {
  if (ids.length === 0) return new Map();
  const found = await ctx.models.Request.find({ _id: { $in: ids } }, 'requestNumber').lean<
    { _id: Types.ObjectId; requestNumber?: number }[]
  >();
  return new Map(found.map((doc) => [doc._id.toHexString(), doc.requestNumber ?? null]));
}

/** A request as an import's duplicate check sees it (imports/row-plan.ts). */
export type RequestEmail = {
  id: string;
  email: string;
  /** Set on requests an import created (`<importId>:<row>`). */
  importKey?: string;
  lastImportKey?: string;
};

/**
 * Every request's email and import keys, oldest first: one projected read of the collection
 * per import check or run (a cursor, never the whole collection in memory at once).
 */
export async function* requestEmailsOldestFirst(ctx: AppContext): AsyncGenerator<RequestEmail> {
  const cursor = ctx.models.Request.find({}, 'email importKey lastImportKey')
    .sort({ createdAt: 1, _id: 1 })
    .lean<{ _id: Types.ObjectId; email: string; importKey?: string; lastImportKey?: string }>()
    .cursor({ batchSize: 5000 });
  for await (const doc of cursor) {
    yield {
      id: doc._id.toHexString(),
      email: doc.email,
      importKey: doc.importKey,
      lastImportKey: doc.lastImportKey,
    };
  }
}
