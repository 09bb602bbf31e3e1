import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CsvError, parse } from 'csv-parse';
import { IMPORT_MESSAGES, type ImportEncoding } from '@crm/shared';
import { refuseFile, type SheetRows } from './sheet-rows.js';

/*
 * A CSV as Excel (in Spanish) and other programs write it: UTF-8 with or without a byte-order
 * mark, or Windows-1252 ("CSV (delimitado por comas)" on Windows); `;` (Excel in Spanish), `,`
 * or tab between fields; RFC 4180 quotes, CRLF or LF. Parsed by csv-parse as a stream fed in
 * slices, so a 20 MB file is read in many short steps between which other calls are answered.
 */

const CSV_DELIMITERS = [';', ',', '\t'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * Windows-1252's characters for the bytes 0x80–0x9F (the rest is Latin-1). Node 20's
 * TextDecoder reads the `windows-1252` label as plain Latin-1, so "€" and "“" would be lost;
 * the five bytes Windows-1252 leaves undefined keep their Latin-1 code points, as WHATWG says.
 */
const CP1252_80_9F = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

const windows1252 = (bytes: Buffer) =>
  bytes
    .toString('latin1')
    .replace(/[\u0080-\u009f]/g, (char) => CP1252_80_9F[char.charCodeAt(0) - 0x80]!);

/** A well-formed UTF-8 multi-byte sequence, over bytes read as Latin-1 (é is C3 A9). */
const UTF8_SEQUENCE =
  /[\u00c2-\u00df][\u0080-\u00bf]|[\u00e0-\u00ef][\u0080-\u00bf]{2}|[\u00f0-\u00f4][\u0080-\u00bf]{3}/;

/** The first bytes of files people pick by mistake (images, PDFs, archives, programs). */
const BINARY_SIGNATURES = [
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
  [0x47, 0x49, 0x46, 0x38], // GIF
  [0xff, 0xd8, 0xff], // JPEG
  [0x1f, 0x8b], // gzip
  [0x52, 0x61, 0x72, 0x21], // Rar!
  [0x7f, 0x45, 0x4c, 0x46], // ELF
];
/** How much of the start is looked at for control characters, and how many of them a text has. */
const SNIFF_BYTES = 64 * 1024;
const CONTROLS_PER_HUNDRED = 1;

/**
 * Not text: a NUL byte anywhere (no CSV has one; a UTF-16 "Unicode text" file is refused too), a
 * known binary signature, or control characters (other than tab, line ends and form feed) in
 * more than 1 % of the first 64 KB.
 */
function looksBinary(bytes: Buffer): boolean {
  if (bytes.includes(0)) return true;
  if (BINARY_SIGNATURES.some((signature) => signature.every((byte, i) => bytes[i] === byte))) {
    return true;
  }
  const head = bytes.subarray(0, SNIFF_BYTES);
  let controls = 0;
  for (const byte of head) {
    if (
      (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) ||
      byte === 0x7f
    ) {
      controls += 1;
    }
  }
  return controls * 100 > head.length * CONTROLS_PER_HUNDRED;
}

/**
 * The file's text and how it was written: UTF-8 if it is valid UTF-8 (a byte-order mark is
 * dropped), else Windows-1252, unless it also holds UTF-8 sequences (or a UTF-8 byte-order
 * mark): then part of it was saved one way and part the other, and no single reading is right.
 */
function decodeCsv(bytes: Buffer): { text: string; encoding: ImportEncoding } {
  const bom = bytes.subarray(0, 3).equals(UTF8_BOM);
  const body = bom ? bytes.subarray(3) : bytes;
  if (body.length === 0) throw refuseFile(IMPORT_MESSAGES.empty);
  if (looksBinary(body)) throw refuseFile(IMPORT_MESSAGES.notSpreadsheet);
  let text: string;
  let encoding: ImportEncoding = 'utf-8';
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body);
  } catch {
    if (bom || UTF8_SEQUENCE.test(body.toString('latin1'))) {
      throw refuseFile(IMPORT_MESSAGES.mixedEncodings);
    }
    text = windows1252(body);
    encoding = 'windows-1252';
  }
  if (text.trim() === '') throw refuseFile(IMPORT_MESSAGES.empty);
  return { text, encoding };
}

/**
 * The delimiter the header line uses most, outside quotes (`;` first on a tie, as Excel in
 * Spanish writes). A header without any is a one-column file: any delimiter reads it.
 */
function detectDelimiter(text: string): CsvDelimiter {
  const counts: Record<CsvDelimiter, number> = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  let started = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) {
      // Blank lines before the header don't end it.
      if (started) break;
      continue;
    } else if (!quoted && char in counts) counts[char as CsvDelimiter] += 1;
    if (char.trim() !== '') started = true;
  }
  return CSV_DELIMITERS.reduce((best, delimiter) =>
    counts[delimiter] > counts[best] ? delimiter : best,
  );
}

/** Bytes per slice fed to the parser: each slice is parsed in one go, between other calls. */
const SLICE_BYTES = 64 * 1024;

function* slices(bytes: Buffer): Generator<Buffer> {
  for (let start = 0; start < bytes.length; start += SLICE_BYTES) {
    yield bytes.subarray(start, start + SLICE_BYTES);
  }
}

/** Reads the CSV's records into `sheet` (which holds them to the limits); its facts. */
export async function parseCsv(
  bytes: Buffer,
  sheet: SheetRows,
): Promise<{ encoding: ImportEncoding; delimiter: CsvDelimiter }> {
  const { text, encoding } = decodeCsv(bytes);
  const delimiter = detectDelimiter(text);
  const parser = parse({
    delimiter,
    // Rows shorter or longer than the header are shaped by SheetRows, not refused.
    relax_column_count: true,
    // A quote inside an unquoted cell (`27" pantalla`) is kept as text; quoted cells still
    // follow RFC 4180 (a quote left open is a malformed file).
    relax_quotes: true,
    skip_empty_lines: true,
  });
  // The parser reads UTF-8: a Windows-1252 file is fed as its decoded text, re-encoded.
  const utf8 =
    encoding === 'utf-8'
      ? bytes.subarray(0, 3).equals(UTF8_BOM)
        ? bytes.subarray(3)
        : bytes
      : Buffer.from(text);
  // Errors reach the loop below through the parser; a refusal there ends the feeding too.
  const feeding = pipeline(Readable.from(slices(utf8)), parser).catch(() => undefined);
  try {
    for await (const record of parser as AsyncIterable<string[]>) await sheet.take(record);
  } catch (error) {
    if (error instanceof CsvError) {
      // The records parsed before the bad one (the iterator may not have taken them all yet):
      // the bad record is the next one, blank records aside.
      const parsed = typeof error.records === 'number' ? error.records : 0;
      throw refuseFile(IMPORT_MESSAGES.badCsv(Math.max(sheet.nextRow, parsed + 1)));
    }
    throw error;
  } finally {
    parser.destroy();
    await feeding;
  }
  return { encoding, delimiter };
}
