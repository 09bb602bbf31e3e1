import type { ImportEncoding, ImportFormat } from '@crm/shared';
import { parseCsv, type CsvDelimiter } from './parse-csv.js';
import { parseXlsx } from './parse-xlsx.js';
import { SheetRows, type RowSink } from './sheet-rows.js';

/*
 * An uploaded file, whatever its name or type says: the bytes decide. A zip is an XLSX
 * (parse-xlsx.ts); anything else is read as a CSV (parse-csv.ts), which refuses what is not
 * text. The rows go to `sink` as they are read; the answer is the file's facts.
 */

export type FileFacts = {
  format: ImportFormat;
  encoding: ImportEncoding | null;
  delimiter: CsvDelimiter | null;
  headers: string[];
};

/** "PK\x03\x04": a zip's first local file header. */
const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Reads the file into `sink`, row by row; throws the Spanish refusal (400) of a bad file. */
export async function parseImportFile(bytes: Buffer, sink: RowSink): Promise<FileFacts> {
  const sheet = new SheetRows(sink);
  if (bytes.subarray(0, 4).equals(ZIP_SIGNATURE)) {
    await parseXlsx(bytes, sheet);
    return { format: 'xlsx', encoding: null, delimiter: null, headers: sheet.finish() };
  }
  const { encoding, delimiter } = await parseCsv(bytes, sheet);
  return { format: 'csv', encoding, delimiter, headers: sheet.finish() };
}
