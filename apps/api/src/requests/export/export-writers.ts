import { EventEmitter, once } from 'node:events';
import { finished } from 'node:stream/promises';
import { setImmediate } from 'node:timers/promises';
import type { Response } from 'express';
import ExcelJS from 'exceljs';
import {
  CSV_EXPORT,
  EXPORT_LABELS,
  REQUEST_COLUMNS,
  type ExportFormat,
  type RequestColumnKey,
} from '@crm/shared';
import { wallClockOf } from '@crm/shared';
import { csvDateText, type ExportCell } from './export-row.js';

/*
 * The export's two file formats over one response. Each writes the header row at once, then
 * batches of rows as the cursor yields them; `write` answers false when the file can't take
 * more for now, and the caller waits for `drained` before reading on (request-export.ts).
 */

export type ExportWriter = {
  /** The header row, sent to the client straight away (before any request is read). */
  start(headers: readonly string[]): void;
  /** Some rows; false: full for now, wait for `drained()` before writing more. */
  write(rows: readonly ExportCell[][]): boolean;
  /** Resolves once there is room again, or once the client has left (`gone`). */
  drained(): Promise<void>;
  /** Ends the file, then the response; rejects if the client left before the end. */
  finish(): Promise<void>;
};

/**
 * Waits for the response's 'drain' (or for the client to leave). One listener for the whole
 * export: behind the compression middleware, `res.on('drain')` goes to its gzip stream while
 * `res.removeListener` does not, so a listener added per wait could never be taken off.
 */
function drainOf(res: Response, gone: AbortSignal): () => Promise<void> {
  let wake: (() => void) | undefined;
  const wakeUp = () => {
    wake?.();
    wake = undefined;
  };
  res.on('drain', wakeUp);
  gone.addEventListener('abort', wakeUp, { once: true });
  return () =>
    new Promise<void>((resolve) => {
      if (gone.aborted) resolve();
      else wake = resolve;
    });
}

/** RFC 4180: a field holding the delimiter, a quote or a line break is quoted, quotes doubled. */
const NEEDS_QUOTES = /[;"\r\n]/;

function csvField(cell: ExportCell, timeZone: string): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  if (cell instanceof Date) return csvDateText(cell, timeZone);
  return NEEDS_QUOTES.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/**
 * UTF-8 with a byte-order mark, `;`, CRLF (CSV_EXPORT). Through the compression middleware when
 * the client accepts gzip: `res.flush()` pushes what zlib holds after the header and each batch,
 * so the download starts at once and never waits on zlib's buffer; its 'drain' is the gzip
 * stream's, which itself waits on the socket.
 */
function csvWriter(res: Response, timeZone: string, gone: AbortSignal): ExportWriter {
  const line = (cells: readonly (ExportCell | string)[]) =>
    cells.map((cell) => csvField(cell, timeZone)).join(CSV_EXPORT.delimiter) + CSV_EXPORT.lineEnd;
  return {
    start(headers) {
      res.write(CSV_EXPORT.bom + line(headers));
      res.flush();
    },
    write(rows) {
      const room = res.write(rows.map(line).join(''));
      res.flush();
      return room;
    },
    drained: drainOf(res, gone),
    async finish() {
      res.end();
      await finished(res);
    },
  };
}

/** Column widths in characters, for a file that reads well when opened. */
const WIDTHS: Partial<Record<RequestColumnKey, number>> = {
  name: 24,
  email: 28,
  company: 20,
  vendorName: 22,
  vendorEmail: 28,
  createdAt: 17,
  nextActivity: 36,
  message: 40,
  notes: 40,
};
const DATE_FORMAT = 'yyyy-mm-dd hh:mm';

/** A stream's writable side as readable-stream 2 (archiver's) and Node's both keep it. */
type ZipInput = EventEmitter & { _writableState: { needDrain: boolean } };
const isZipInput = (value: unknown): value is ZipInput =>
  value instanceof EventEmitter &&
  typeof (value as { _writableState?: { needDrain?: unknown } })._writableState?.needDrain ===
    'boolean';

/**
 * Where ExcelJS 4.4 hands a sheet's XML to the zip: a PassThrough (archiver normalises the
 * sheet's stream into one, from readable-stream 2) that it writes to without ever waiting. What
 * sits there is XML not yet compressed. Undefined if a later ExcelJS moves it: then only the
 * socket is waited on.
 */
function zipInputOf(sheet: ExcelJS.Worksheet): ZipInput | undefined {
  const input = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream?.pipes?.[0];
  return isZipInput(input) ? input : undefined;
}

/**
 * ExcelJS's streaming writer: each row is committed (turned into XML and handed to the zip) as
 * it comes, without shared strings, so nothing grows with the row count. The zip is piped into
 * the response and its pipe waits on the socket; `write` also reports when the zip's input is
 * behind (zlib slower than a fast database), so the cursor waits for both. Compression leaves
 * the response alone (an XLSX is a zip already).
 */
function xlsxWriter(res: Response, timeZone: string, gone: AbortSignal): ExportWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: res,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(EXPORT_LABELS.sheet, {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = REQUEST_COLUMNS.map(({ key }) => ({
    key,
    width: WIDTHS[key] ?? 14,
    ...(key === 'createdAt' && { style: { numFmt: DATE_FORMAT } }),
  }));
  const socketDrained = drainOf(res, gone);
  // A date cell holds the day and time as shown in the zone (a spreadsheet's dates have none).
  const cellValue = (cell: ExportCell) =>
    cell instanceof Date ? wallClockOf(cell, timeZone) : cell;
  return {
    start(headers) {
      const head = sheet.addRow([...headers]);
      head.font = { bold: true };
      head.commit();
    },
    write(rows) {
      for (const row of rows) sheet.addRow(row.map(cellValue)).commit();
      return !res.writableNeedDrain && !zipInputOf(sheet)?._writableState.needDrain;
    },
    async drained() {
      const input = zipInputOf(sheet);
      if (input?._writableState.needDrain) {
        // An abort rejects the wait: the caller then sees `gone` and stops.
        await once(input, 'drain', { signal: gone }).catch(() => undefined);
      }
      if (res.writableNeedDrain) await socketDrained();
    },
    async finish() {
      sheet.commit();
      // Ends the zip, whose pipe then ends the response.
      await Promise.all([workbook.commit(), finished(res)]);
    },
  };
}

/** The writer of `format` into `res`; `gone` aborts when the client leaves. */
export const exportWriter = (
  format: ExportFormat,
  res: Response,
  timeZone: string,
  gone: AbortSignal,
): ExportWriter =>
  format === 'csv' ? csvWriter(res, timeZone, gone) : xlsxWriter(res, timeZone, gone);

/**
 * Writes one row per item of `items` (a database cursor), `perWrite` rows at a time: after each
 * write it lets other calls run, and when the file is full it waits for the client (or the zip)
 * to take it. `sent.rows` counts the rows written. False when the client left (`gone`): the
 * caller then ends nothing; true once every item is written, for the caller to `finish()`.
 */
export async function writeRows<T>(
  writer: ExportWriter,
  items: AsyncIterable<T>,
  toRow: (item: T) => ExportCell[],
  { perWrite, gone, sent }: { perWrite: number; gone: AbortSignal; sent: { rows: number } },
): Promise<boolean> {
  let rows: ExportCell[][] = [];
  for await (const item of items) {
    if (gone.aborted) return false;
    rows.push(toRow(item));
    if (rows.length < perWrite) continue;
    const room = writer.write(rows);
    sent.rows += rows.length;
    rows = [];
    if (room) await setImmediate();
    else await writer.drained();
  }
  if (gone.aborted) return false;
  if (rows.length > 0) writer.write(rows);
  sent.rows += rows.length;
  return true;
}
