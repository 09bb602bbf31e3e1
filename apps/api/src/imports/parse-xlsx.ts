import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { IMPORT_MESSAGES } from '@crm/shared';
import { AppError } from '../http/app-error.js';
import { refuseFile, type SheetRows } from './sheet-rows.js';
import { guardZip } from './zip-guard.js';

/*
 * An XLSX, read with ExcelJS's streaming reader once its zip directory has passed the bomb
 * check (zip-guard.ts): row by row, each row's cells as the text a person sees, held to the
 * limits as they come (sheet-rows.ts). The first worksheet that has rows is the one imported.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * "2026-03-15 09:30:00". ExcelJS gives a date cell as the instant whose UTC reading is Excel's
 * wall clock (a workbook has no time zone), so the UTC getters give the day and time as typed;
 * parseImportDate then reads them in the app's zone. Rounded to the second: Excel keeps times
 * as fractions of a day, which land a millisecond off.
 */
function dateText(date: Date): string {
  const at = new Date(Math.round(date.getTime() / 1000) * 1000);
  return (
    `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())} ` +
    `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())}`
  );
}

/**
 * 1500000, not 1.5e6 nor 1.500.000: the digits, as an amount or a phone number is read back.
 * Beyond what String() writes without an exponent, Excel's 15 significant digits.
 */
function numberText(value: number): string {
  if (!Number.isFinite(value)) return '';
  const text = String(value);
  if (!/e/i.test(text)) return text;
  // Not for people (the one formatter is @crm/shared's format.ts): a cell's digits, read back.
  // eslint-disable-next-line no-restricted-properties
  return value.toLocaleString('en-US', { useGrouping: false, maximumSignificantDigits: 15 });
}

/**
 * A cell as text: rich text and links by their text, a formula by its last result, an error
 * (#N/A, #¡DIV/0!) as empty, a boolean as true/false.
 */
function cellText(value: ExcelJS.CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : dateText(value);
  if ('richText' in value) return value.richText.map((run) => run.text ?? '').join('');
  if ('error' in value) return '';
  if ('formula' in value || 'sharedFormula' in value) {
    const result: unknown = value.result;
    if (
      result === undefined ||
      (typeof result === 'object' && result !== null && 'error' in result)
    ) {
      return '';
    }
    return cellText(result as ExcelJS.CellValue);
  }
  if ('hyperlink' in value) return cellText(value.text);
  return '';
}

/** A row's cells by column (empty ones as ''), up to `width` columns. */
function rowCells(row: ExcelJS.Row, width: number): string[] {
  const cells: string[] = [];
  row.eachCell((cell, column) => {
    if (column > width) return;
    while (cells.length < column - 1) cells.push('');
    cells[column - 1] = cellText(cell.value);
  });
  return cells;
}

/**
 * Reads the workbook's first worksheet with rows into `sheet`. Every worksheet is read to its
 * end, the later ones without keeping their rows: ExcelJS parks a worksheet that comes before
 * the shared strings (as Excel orders them) in a temporary file, which it deletes only once
 * the reading has gone past it.
 */
export async function parseXlsx(bytes: Buffer, sheet: SheetRows): Promise<void> {
  await guardZip(bytes);
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Date cells are told apart from numbers by their style's number format.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  try {
    let done = false;
    for await (const worksheet of workbook) {
      for await (const row of worksheet) {
        if (done) continue;
        // The header row's width is its own (for the column limit); a later row's, the header's.
        await sheet.take(rowCells(row, sheet.headers?.length ?? Number.MAX_SAFE_INTEGER));
      }
      if (sheet.headers) done = true;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refuseFile(IMPORT_MESSAGES.badXlsx);
  }
  if (!sheet.headers) throw refuseFile(IMPORT_MESSAGES.noSheet);
}
