import { Types } from 'mongoose';
import {
  IMPORT_FIELD_LABELS,
  IMPORT_MESSAGES,
  normaliseEmail,
  type ImportField,
  type ImportRowResult,
} from '@crm/shared';
import type { AppContext } from '../context.js';
import {
  takeKeyedLease,
  type BackgroundJob,
  type JobLease,
  type KeyedLease,
  type KeyedLeaseOptions,
} from '../jobs/index.js';
import { chunkId, decodeRows, type ImportDoc } from './import.model.js';
import {
  createImportedRows,
  requestNumbersOf,
  updateImportedRow,
  type ImportRun,
  type RowToCreate,
  type RowWrite,
} from '../requests/index.js';
import {
  importKeyOf,
  loadEmailIndex,
  loadVendorIndex,
  planRow,
  turns,
  type RowPlan,
  type RowPlanContext,
} from './row-plan.js';

/*
 * The imports' background job (issue 24; on the app's one scheduler since issue 34): the
 * `imports.run` job (jobs/) looks for started imports (queued, or running in a process that
 * stopped), oldest first, and runs each under its keyed lease (jobs/lease.ts, `import:<id>`), so
 * each import runs in one process at a time; a start asks this process's scheduler to run it now
 * (import-job.ts), and every process's scheduler looks again every 20 s. A run goes chunk by
 * chunk (IMPORT_LIMITS.chunkRows rows each) and after each one writes what happened to its rows,
 * then advances the import's `nextChunk` and counts with `nextChunk` as the condition: the
 * counts never take a chunk twice. A crash anywhere leaves the chunk without its outcomes and
 * `nextChunk` on it, so the next run does it again; the rows' keys (requests/import/import-writes.ts)
 * make each row land once. The work is cut in chunks with an await between them, so the API
 * keeps answering while an import runs.
 */

/** The job's name on the app's scheduler. */
export const IMPORTS_JOB = 'imports.run';

/** Runs in a row that may end on one chunk before the import is marked failed. */
export const MAX_FAILED_RUNS = 5;

type Counts = {
  processed: number;
  created: number;
  updated: number;
  skipped: number;
  rejected: number;
};
type Outcome = {
  result: ImportRowResult;
  requestId: Types.ObjectId | null;
  requestNumber: number | null;
  messages?: string[];
};

type Chunk = { _id: string; index: number; firstRow: number; rows: string[][] };
/** A chunk as stored: each row its cells' JSON text (import.model.ts). */
type StoredChunk = Omit<Chunk, 'rows'> & { rows: string[] };
const decoded = (chunk: StoredChunk): Chunk => ({ ...chunk, rows: decodeRows(chunk.rows) });

const ACTIVE = ['queued', 'running'] as const;

/** The lease on an import, or undefined while another run holds it. */
export const takeImportLease = (
  ctx: AppContext,
  importId: string,
  nextChunk: number,
  options?: KeyedLeaseOptions,
): Promise<KeyedLease | undefined> => takeKeyedLease(ctx, `import:${importId}`, nextChunk, options);

/**
 * One run of the job: the oldest started import whose lease is free, run to its end (or until
 * the scheduler stops, `job` no longer held); then the next, until none is left.
 */
export async function runStartedImports(
  ctx: AppContext,
  job: JobLease,
  options?: KeyedLeaseOptions,
): Promise<void> {
  const stopping = () => !job.held();
  try {
    for (;;) {
      if (stopping()) return;
      const candidates = await ctx.models.Import.find({ status: { $in: ACTIVE } }, '_id nextChunk')
        .sort({ createdAt: 1, _id: 1 })
        .limit(20)
        .lean<{ _id: Types.ObjectId; nextChunk: number }[]>();
      let ran = false;
      for (const candidate of candidates) {
        if (stopping()) return;
        const importId = candidate._id.toHexString();
        const lease = await takeImportLease(ctx, importId, candidate.nextChunk, options);
        if (!lease) continue;
        ran = true;
        await runImport(ctx, importId, lease, stopping);
        break;
      }
      if (!ran) return;
    }
  } catch (error) {
    ctx.logger.warn({ err: error }, 'imports job: looking for work failed');
  }
}

/** `imports.run` with its keyed leases read by `options` (a test's clock); importsJob uses none. */
export const importsJobWith = (options?: KeyedLeaseOptions): BackgroundJob => ({
  name: IMPORTS_JOB,
  every: '20 seconds',
  run: (ctx, _now, job) => runStartedImports(ctx, job, options),
});

/** The imports' job on the app's scheduler (server.ts). */
export const importsJob = importsJobWith();

/**
 * One run of an import under `lease`, from its `nextChunk` to the end, or until it is cancelled,
 * the process stops, or the lease is lost. A database error ends the run without giving the
 * lease back: it expires, and a later run (this process's or another's) goes on from the chunk.
 */
export async function runImport(
  ctx: AppContext,
  importId: string,
  lease: KeyedLease,
  stopping: () => boolean = () => false,
): Promise<void> {
  const { Import } = ctx.models;
  try {
    const found = await Import.findById(importId).lean<ImportDoc>();
    if (!found || !(ACTIVE as readonly string[]).includes(found.status)) return lease.release();
    if (lease.failures >= MAX_FAILED_RUNS) return giveUp(ctx, found, lease);
    await Import.updateOne({ _id: importId, status: 'queued' }, { $set: { status: 'running' } });
    const job = await prepare(ctx, found);
    await replay(ctx, job, found.nextChunk, lease);
    for (let index = found.nextChunk; index < found.chunkCount; index++) {
      // Cancelled meanwhile (or the process is stopping): what went in stays.
      const current = await Import.findById(importId, 'status').lean<{ status: string }>();
      if (stopping() || !current || !(ACTIVE as readonly string[]).includes(current.status)) {
        return await lease.release();
      }
      const stored = await ctx.models.ImportChunk.findById(
        chunkId(importId, index),
      ).lean<StoredChunk>();
      if (!stored) throw new Error(`import ${importId} has no chunk ${index}`);
      const chunk = decoded(stored);
      const { outcomes, counts } = await processChunk(ctx, job, chunk);
      await ctx.models.ImportChunk.updateOne({ _id: chunk._id }, { $set: { outcomes } });
      const progress = Object.fromEntries(
        Object.entries(counts).map(([name, count]) => [`progress.${name}`, count]),
      );
      const advanced = await Import.updateOne(
        { _id: importId, nextChunk: index },
        { $set: { nextChunk: index + 1 }, $inc: progress },
      );
      // Another process did this chunk (it took the lease while this one was slow): it goes on.
      if (advanced.matchedCount === 0 || !(await lease.renew(index + 1))) return;
      // Let the API answer between chunks.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Import.updateOne(
      { _id: importId, status: { $in: ACTIVE } },
      { $set: { status: 'done', finishedAt: ctx.clock.now() } },
    );
    await lease.release();
  } catch (error) {
    ctx.logger.warn({ err: error, importId }, 'import run stopped; it will be resumed');
  }
}

/** The same chunk failed MAX_FAILED_RUNS runs in a row: the import stops, saying where. */
async function giveUp(ctx: AppContext, found: ImportDoc, lease: KeyedLease): Promise<void> {
  const chunk = await ctx.models.ImportChunk.findById(
    chunkId(found._id, found.nextChunk),
    'firstRow rows',
  ).lean<StoredChunk>();
  const firstRow = chunk?.firstRow ?? 2;
  const lastRow = firstRow + Math.max((chunk?.rows.length ?? 1) - 1, 0);
  await ctx.models.Import.updateOne(
    { _id: found._id, status: { $in: ACTIVE } },
    {
      $set: {
        status: 'failed',
        finishedAt: ctx.clock.now(),
        error: IMPORT_MESSAGES.stoppedAt(firstRow, lastRow),
      },
    },
  );
  ctx.logger.error({ importId: found._id.toHexString() }, 'import failed');
  await lease.release();
}

type Job = {
  plan: RowPlanContext;
  run: ImportRun;
  /** Per request this import updated before the run began: the latest row that did. */
  lastRowOf: Map<string, number>;
};

/** What a run reads once: the plan and both indexes, as the check builds them. */
async function prepare(ctx: AppContext, found: ImportDoc): Promise<Job> {
  const importId = found._id.toHexString();
  const now = ctx.clock.now();
  const emails = await loadEmailIndex(ctx);
  const prefix = `${importId}:`;
  const lastRowOf = new Map<string, number>();
  for (const holders of emails.values()) {
    for (const holder of holders) {
      if (holder.lastImportKey?.startsWith(prefix)) {
        lastRowOf.set(holder.id, Number(holder.lastImportKey.slice(prefix.length)));
      }
    }
  }
  return {
    plan: {
      importId,
      headers: found.headers,
      mapping: found.mapping,
      duplicates: found.duplicates ?? 'skip',
      timeZone: ctx.config.timeZone,
      now,
      emails,
      vendors: await loadVendorIndex(ctx),
      seen: new Map(),
    },
    run: { importId, fileName: found.fileName, userId: found.createdBy.toHexString(), now },
    lastRowOf,
  };
}

/**
 * The finished chunks' rows planned again, nothing written, so the indexes know what they did
 * (their emails, the requests they created) as if this run had done them.
 */
async function replay(
  ctx: AppContext,
  job: Job,
  nextChunk: number,
  lease: KeyedLease,
): Promise<void> {
  if (nextChunk === 0) return;
  const cursor = ctx.models.ImportChunk.find(
    { importId: job.run.importId, index: { $lt: nextChunk } },
    'index firstRow rows',
  )
    .sort({ index: 1 })
    .lean<StoredChunk[]>()
    .cursor({ batchSize: 4 });
  const turn = turns();
  for await (const stored of cursor as AsyncIterable<StoredChunk>) {
    const chunk = decoded(stored);
    for (const [offset, cells] of chunk.rows.entries()) {
      await turn();
      planRow(job.plan, cells, chunk.firstRow + offset);
    }
    if (!(await lease.renew(nextChunk))) throw new Error('import lease lost');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

type Planned = { row: number; key: string; plan: RowPlan; id?: Types.ObjectId };

const errorText = (field: ImportField, message: string) =>
  `${IMPORT_FIELD_LABELS[field]}: ${message}`;

/** One chunk's rows planned, written (creations in one insert, then each update) and told. */
async function processChunk(
  ctx: AppContext,
  { plan, run, lastRowOf }: Job,
  chunk: Chunk,
): Promise<{ outcomes: Outcome[]; counts: Counts }> {
  const planned: Planned[] = [];
  const turn = turns();
  for (const [offset, cells] of chunk.rows.entries()) {
    await turn();
    const row = chunk.firstRow + offset;
    const key = importKeyOf(plan.importId, row);
    const rowPlan = planRow(plan, cells, row);
    if (rowPlan.result !== 'created' || rowPlan.alreadyDone) {
      planned.push({ row, key, plan: rowPlan });
      continue;
    }
    // Its id now, in the index entry planRow added: a later row updating it names it.
    const id = new Types.ObjectId();
    const entry = plan.emails.get(normaliseEmail(rowPlan.request.email))?.[0];
    if (entry?.importKey === key) entry.id = id.toHexString();
    planned.push({ row, key, plan: rowPlan, id });
  }

  const toCreate: RowToCreate[] = planned.flatMap(({ key, plan: rowPlan, id }) =>
    rowPlan.result === 'created' && id
      ? [{ key, id, request: rowPlan.request, vendorId: rowPlan.vendor?.id ?? null }]
      : [],
  );
  const writes = await createImportedRows(ctx, run, toCreate, turns());
  // A row another process had stored has that request's id, not the one chosen here.
  const actualId = new Map<string, string>();
  for (const row of toCreate) {
    const write = writes.get(row.key);
    if (write?.result === 'created' && write.requestId !== row.id.toHexString()) {
      actualId.set(row.id.toHexString(), write.requestId);
      const entry = plan.emails
        .get(normaliseEmail(row.request.email))
        ?.find((h) => h.importKey === row.key);
      if (entry) entry.id = write.requestId;
    }
  }

  for (const [at, { row, key, plan: rowPlan }] of planned.entries()) {
    if (rowPlan.result !== 'updated' || rowPlan.alreadyDone || !rowPlan.targetId) continue;
    const targetId = actualId.get(rowPlan.targetId) ?? rowPlan.targetId;
    // Rows are written in order: a later row of this import on the request means this one is in.
    if ((lastRowOf.get(targetId) ?? 0) >= row) {
      writes.set(key, { result: 'updated', requestId: targetId, requestNumber: null });
      continue;
    }
    const laterKeys = planned
      .slice(at + 1)
      .filter(
        (other) =>
          other.plan.result === 'updated' &&
          (actualId.get(other.plan.targetId ?? '') ?? other.plan.targetId) === targetId,
      )
      .map((other) => other.key);
    writes.set(
      key,
      await updateImportedRow(ctx, run, {
        key,
        targetId,
        request: rowPlan.request,
        present: rowPlan.present,
        vendorId: rowPlan.vendor?.id ?? null,
        doneKeys: [key, ...laterKeys],
      }),
    );
  }

  // The numbers of the requests rows of an earlier run wrote, in one read.
  const unnumbered = planned.flatMap(({ key, plan: rowPlan }) => {
    const write = writes.get(key);
    if (write)
      return write.result !== 'rejected' && write.requestNumber === null ? [write.requestId] : [];
    return rowPlan.result !== 'rejected' && rowPlan.result !== 'skipped' && rowPlan.targetId
      ? [rowPlan.targetId]
      : [];
  });
  const numbers = await requestNumbersOf(ctx, unnumbered);

  const counts: Counts = { processed: 0, created: 0, updated: 0, skipped: 0, rejected: 0 };
  const outcomes = planned.map(({ key, plan: rowPlan }): Outcome => {
    const outcome = outcomeOf(rowPlan, writes.get(key), numbers);
    counts.processed += 1;
    counts[outcome.result] += 1;
    return outcome;
  });
  return { outcomes, counts };
}

function outcomeOf(
  rowPlan: RowPlan,
  write: RowWrite | undefined,
  numbers: Map<string, number | null>,
): Outcome {
  if (rowPlan.result === 'rejected') {
    return {
      result: 'rejected',
      requestId: null,
      requestNumber: null,
      messages: rowPlan.errors.map((error) => errorText(error.field, error.message)),
    };
  }
  if (rowPlan.result === 'skipped')
    return { result: 'skipped', requestId: null, requestNumber: null };
  if (write?.result === 'rejected') {
    return { result: 'rejected', requestId: null, requestNumber: null, messages: write.errors };
  }
  // Written now, or by an earlier run (alreadyDone: the plan names the request).
  const requestId = write?.requestId ?? rowPlan.targetId ?? null;
  const requestNumber =
    write?.requestNumber ?? (requestId ? (numbers.get(requestId) ?? null) : null);
  return {
    result: rowPlan.result,
    requestId: requestId ? new Types.ObjectId(requestId) : null,
    requestNumber,
  };
}
