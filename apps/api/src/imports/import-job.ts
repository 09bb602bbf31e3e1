import { IMPORT_MESSAGES, type ImportPlan, type ImportSummary } from '@crm/shared';
import type { AppContext } from '../context.js';
import { conflict, fieldError, notFound } from '../http/app-error.js';
import { runJobNow } from '../jobs/index.js';
import type { ImportDoc } from './import.model.js';
import { IMPORTS_JOB } from './import-run.js';
import {
  checkMappingLength,
  chunksOf,
  findImport,
  rowPlanContext,
  toImportSummary,
} from './imports.service.js';
import { planRow } from './row-plan.js';

/*
 * Starting and stopping an import's background job (import-run.ts runs it, on jobs/). Both are one
 * conditional write on the import's status, so two clicks start (or stop) it once.
 */

const ACTIVE = ['queued', 'running'] as const;

/** Whether any row of the file would go in with this plan: the first valid one ends the search. */
async function hasValidRow(ctx: AppContext, doc: ImportDoc, plan: ImportPlan): Promise<boolean> {
  // Without the email index: whether a row is rejected depends only on it and the staff.
  const context = await rowPlanContext(ctx, doc, plan, { emails: false });
  for await (const chunk of chunksOf(ctx, doc._id)) {
    const valid = chunk.rows.some(
      (cells, i) => planRow(context, cells, chunk.firstRow + i).result !== 'rejected',
    );
    if (valid) return true;
  }
  return false;
}

/**
 * POST /api/imports/:id/start: the plan saved and the import queued; this process's scheduler
 * runs the imports' job at once (another process's may take it, at its next look).
 */
export async function startImport(
  ctx: AppContext,
  id: string,
  plan: ImportPlan,
): Promise<ImportSummary> {
  const { Import } = ctx.models;
  const doc = await findImport(ctx, id);
  checkMappingLength(doc, plan);
  if (doc.status !== 'uploaded') throw conflict(IMPORT_MESSAGES.alreadyStarted);
  if (!(await hasValidRow(ctx, doc, plan)))
    throw fieldError('mapping', IMPORT_MESSAGES.nothingToImport);
  const samePlan =
    plan.duplicates === doc.duplicates &&
    plan.mapping.length === doc.mapping.length &&
    plan.mapping.every((field, index) => field === doc.mapping[index]);
  const started = await Import.findOneAndUpdate(
    { _id: id, status: 'uploaded' },
    {
      $set: {
        mapping: plan.mapping,
        duplicates: plan.duplicates,
        // The check's verdict holds only for the plan it checked.
        checked: doc.checked && samePlan,
        status: 'queued',
        startedAt: ctx.clock.now(),
      },
    },
    { new: true },
  ).lean<ImportDoc>();
  if (!started) {
    if (!(await Import.exists({ _id: id }))) throw notFound(IMPORT_MESSAGES.notFound);
    throw conflict(IMPORT_MESSAGES.alreadyStarted);
  }
  ctx.audit.record({
    action: 'requests.imported',
    target: { kind: 'import', id, label: started.fileName },
    details: { file: started.fileName, rows: started.rowCount, duplicates: plan.duplicates },
  });
  runJobNow(ctx, IMPORTS_JOB);
  return toImportSummary(started);
}

/**
 * POST /api/imports/:id/cancel: the job's run sees it before its next chunk and stops; the rows in
 * by then stay (and their outcomes are written).
 */
export async function cancelImport(ctx: AppContext, id: string): Promise<ImportSummary> {
  const { Import } = ctx.models;
  const cancelled = await Import.findOneAndUpdate(
    { _id: id, status: { $in: ACTIVE } },
    { $set: { status: 'cancelled', finishedAt: ctx.clock.now() } },
    { new: true },
  ).lean<ImportDoc>();
  if (cancelled) return toImportSummary(cancelled);
  await findImport(ctx, id);
  throw conflict(IMPORT_MESSAGES.notRunning);
}
