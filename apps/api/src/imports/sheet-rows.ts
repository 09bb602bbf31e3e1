import { setImmediate } from 'node:timers/promises';
import { IMPORT_LABELS, IMPORT_LIMITS, IMPORT_MESSAGES } from '@crm/shared';
import { fieldError } from '../http/app-error.js';

/*
 * What a CSV and an XLSX have in common once their records are read: the header row, then the
 * request rows, each held to IMPORT_LIMITS as it comes, so a file beyond them is refused on the
 * record that breaks the rule, before the rest is read.
 */

/** A refused file: 400 with the file's Spanish message (the body is the file: field `file`). */
export const refuseFile = (message: string) => fieldError('file', message);

/** Where the rows go as they are read (the chunks of imports.service.ts). */
export type RowSink = (cells: string[]) => Promise<void>;

/** Records between two turns of the event loop, so a big file never holds other calls up. */
const RECORDS_PER_TURN = 500;

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

/**
 * The records of one sheet, header first. Fully empty records are skipped (Excel writes ";;;"
 * for a blank row) and not counted: rows are numbered as stored, the header being row 1.
 */
export class SheetRows {
  #headers: string[] | undefined;
  #rows = 0;
  #records = 0;

  constructor(private readonly sink: RowSink) {}

  get headers(): string[] | undefined {
    return this.#headers;
  }

  /** Request rows taken so far. */
  get rowCount(): number {
    return this.#rows;
  }

  /** The row number the next non-empty record would have (the header is row 1). */
  get nextRow(): number {
    return this.#headers ? this.#rows + 2 : 1;
  }

  /** One record; throws the file's refusal when it breaks a limit. */
  async take(cells: string[]): Promise<void> {
    if (++this.#records % RECORDS_PER_TURN === 0) await setImmediate();
    if (isBlank(cells)) return;
    if (!this.#headers) {
      // Decided from the header row alone, before a request row is read.
      if (cells.length > IMPORT_LIMITS.maxColumns) {
        throw refuseFile(IMPORT_MESSAGES.tooManyColumns(cells.length));
      }
      checkCells(cells, 1);
      this.#headers = cells.map(
        (cell, index) => cell.trim() || IMPORT_LABELS.unnamedColumn(index + 1),
      );
      return;
    }
    if (this.#rows >= IMPORT_LIMITS.maxRows) throw refuseFile(IMPORT_MESSAGES.tooManyRows);
    const width = this.#headers.length;
    // As wide as the header: a short row is padded with empty cells; the cells of a longer row
    // beyond the header's last column are dropped (no column to map them to, no name to show).
    const row = cells.length === width ? cells : cells.slice(0, width);
    while (row.length < width) row.push('');
    checkCells(row, this.nextRow);
    this.#rows += 1;
    await this.sink(row);
  }

  /** After the last record: the headers, or the refusal of a file without rows. */
  finish(): string[] {
    if (!this.#headers) throw refuseFile(IMPORT_MESSAGES.empty);
    if (this.#rows === 0) throw refuseFile(IMPORT_MESSAGES.headerOnly);
    return this.#headers;
  }
}

function checkCells(cells: readonly string[], row: number): void {
  const column = cells.findIndex((cell) => cell.length > IMPORT_LIMITS.maxCellChars);
  if (column >= 0) throw refuseFile(IMPORT_MESSAGES.cellTooLong(row, column + 1));
}
