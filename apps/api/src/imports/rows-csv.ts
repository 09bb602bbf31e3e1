import { setImmediate } from 'node:timers/promises';
import type { Response } from 'express';
import {
  EXPORT_MEDIA_TYPES,
  IMPORT_FIELD_LABELS,
  IMPORT_LABELS,
  IMPORT_MESSAGES,
  IMPORT_ROWS_COLUMNS,
  IMPORT_ROW_RESULT_LABELS,
  api,
  importRowsFileName,
  neutraliseCell,
  type ImportRowError,
} from '@crm/shared';
import type { AppContext } from '../context.js';
import { conflict } from '../http/app-error.js';
import type { RawHandler } from '../http/endpoint.js';
import { fileRoute } from '../http/file-route.js';
import { exportWriter, type ExportCell } from '../requests/index.js';
import type { ImportChunkDoc, ImportDoc } from './import.model.js';
import { chunksOf, findImport, rowPlanContext } from './imports.service.js';
import { planRow, type RowPlanContext } from './row-plan.js';

/*
 * GET /api/imports/:id/rows: the file's rows with what happened to each, as a CSV written the
 * export's way (its writer: BOM, `;`, CRLF, RFC 4180, every text cell neutralised against
 * formula injection). `rejected`: the rejected rows as they were, plus "Errores"; before the
 * start they are planned again from the checked mapping, after it a chunk the job has done
 * answers from its stored outcomes. `all` (once started): every row, plus "Resultado",
 * "Número" and "Errores" (empty for the rows the job has not reached). Chunk by chunk, waiting
 * for the client whenever the response is full.
 */

const endpoint = api.imports.rows;
type RowsKind = 'rejected' | 'all';

/** "Correo: Correo inválido": one error as the CSV's "Errores" (and the job's outcomes) say it. */
const rowErrorText = (error: ImportRowError): string =>
  `${IMPORT_FIELD_LABELS[error.field]}: ${error.message}`;

/** A row's errors in one cell. */
const ERRORS_SEPARATOR = '; ';

const text = (value: string): ExportCell => (value === '' ? null : neutraliseCell(value));

/** The CSV's rows of one chunk (`context`: to plan the rows of a chunk the job has not done). */
function chunkRows(
  chunk: ImportChunkDoc,
  kind: RowsKind,
  context: () => Promise<RowPlanContext>,
): Promise<ExportCell[][]> | ExportCell[][] {
  const outcomes = chunk.outcomes;
  const line = (i: number, tail: ExportCell[]): ExportCell[] => [
    chunk.firstRow + i,
    ...chunk.rows[i]!.map(text),
    ...tail,
  ];
  if (kind === 'all') {
    return chunk.rows.map((_cells, i) => {
      const outcome = outcomes?.[i];
      if (!outcome) return line(i, [null, null, null]);
      return line(i, [
        IMPORT_ROW_RESULT_LABELS[outcome.result],
        outcome.requestNumber ?? null,
        text((outcome.messages ?? []).join(ERRORS_SEPARATOR)),
      ]);
    });
  }
  if (outcomes) {
    return chunk.rows.flatMap((_cells, i) => {
      const outcome = outcomes[i];
      if (outcome?.result !== 'rejected') return [];
      return [line(i, [text((outcome.messages ?? []).join(ERRORS_SEPARATOR))])];
    });
  }
  return context().then((planning) =>
    chunk.rows.flatMap((cells, i) => {
      const planned = planRow(planning, cells, chunk.firstRow + i);
      if (planned.result !== 'rejected') return [];
      return [line(i, [text(planned.errors.map(rowErrorText).join(ERRORS_SEPARATOR))])];
    }),
  );
}

/** 409 unless the import can answer these rows yet. */
function checkReady(doc: ImportDoc, kind: RowsKind): void {
  const started = doc.status !== 'uploaded';
  if (kind === 'all' ? !started : !started && !doc.checked) {
    throw conflict(IMPORT_MESSAGES.notChecked);
  }
}

async function streamRows(
  ctx: AppContext,
  doc: ImportDoc,
  kind: RowsKind,
  res: Response,
  gone: AbortSignal,
): Promise<void> {
  // Planning needs the staff (for unknown executives), read once, only if a chunk needs it.
  // Emails are left out: whether a row is rejected never depends on them.
  let planning: Promise<RowPlanContext> | undefined;
  const context = () =>
    (planning ??= rowPlanContext(
      ctx,
      doc,
      { mapping: doc.mapping, duplicates: doc.duplicates ?? 'skip' },
      { emails: false },
    ));

  res.status(endpoint.status);
  res.attachment(importRowsFileName(doc.fileName, kind));
  res.set('Content-Type', EXPORT_MEDIA_TYPES.csv);
  const writer = exportWriter('csv', res, ctx.config.timeZone, gone);
  const tail =
    kind === 'rejected'
      ? [IMPORT_ROWS_COLUMNS.errors]
      : [IMPORT_ROWS_COLUMNS.result, IMPORT_ROWS_COLUMNS.requestNumber, IMPORT_ROWS_COLUMNS.errors];
  writer.start([IMPORT_LABELS.rowHeader, ...doc.headers.map(neutraliseCell), ...tail]);

  for await (const chunk of chunksOf(ctx, doc._id)) {
    if (gone.aborted) return;
    const rows = await chunkRows(chunk, kind, context);
    if (rows.length === 0) continue;
    // Full: read on once the client has taken it, or stop if it left.
    if (writer.write(rows)) await setImmediate();
    else await writer.drained();
  }
  if (gone.aborted) return;
  await writer.finish();
}

/**
 * Answers by itself (a file, not JSON), after the declared gate and admin check, validating
 * with the same declaration as every route. A missing or unready import is a JSON error; once
 * the file has started, a failure cuts the connection rather than end a file that looks whole.
 */
export const importRowsRoute = (ctx: AppContext): RawHandler =>
  fileRoute(
    endpoint,
    async ({ params, query }) => {
      const doc = await findImport(ctx, params.id);
      checkReady(doc, query.rows);
      return (res, gone) => streamRows(ctx, doc, query.rows, res, gone);
    },
    'import rows failed',
  );
