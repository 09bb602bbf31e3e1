import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import request from 'supertest';
import yauzl from 'yauzl';
import { expect } from 'vitest';
import {
  importReportSchema,
  importSummarySchema,
  type DuplicatePolicy,
  type ImportField,
  type ImportReport,
  type ImportSummary,
} from '@crm/shared';
import { bearer, type TestApp } from './test-app.js';

/*
 * Issue 24's import tests: the files they upload, made here (a Windows-1252 CSV with `;` as
 * Excel in Spanish saves it, a UTF-8 one with a byte-order mark and `,`, an XLSX from ExcelJS, a
 * zip bomb), and the calls they make.
 */

/** The headers of a file exported from another CRM, in Spanish, as the guess should map them. */
export const IMPORT_HEADERS = [
  'Nombre',
  'Correo',
  'Empresa',
  'Cargo',
  'Teléfono',
  'Tipo',
  'Etapa',
  'Prioridad',
  'Ejecutivo',
  'Fecha de creación',
  'Notas',
  'Monto estimado',
] as const;

/** A row of IMPORT_HEADERS' width: the cells given by column, the rest empty. */
export const importRow = (cells: Partial<Record<number, string>>): string[] =>
  IMPORT_HEADERS.map((_header, index) => cells[index] ?? '');

/** A row of IMPORT_HEADERS with every cell filled, the executive named by `vendorEmail`. */
export const fullImportRow = (vendorEmail = 'ejecutivo@example.com'): string[] => [
  'Ana Gómez',
  'ana.gomez@example.com',
  'Constructora Ñandú',
  'Gerenta',
  '+56 9 1234 5678',
  'obtener una demo',
  'Contactado',
  'Alta',
  vendorEmail,
  '15/03/2025 09:30',
  'Llamar el lunes',
  '$ 1.500.000',
];

/** The mapping IMPORT_HEADERS should get, column by column. */
export const IMPORT_MAPPING: ImportField[] = [
  'name',
  'email',
  'company',
  'jobPosition',
  'contactNumber',
  'requestType',
  'status',
  'priority',
  'vendor',
  'createdAt',
  'notes',
  'expectedValue',
];

/** A CSV line (RFC 4180: a cell with the delimiter, a quote or a line end is quoted). */
const csvLine = (cells: readonly string[], delimiter: string) =>
  cells
    .map((cell) => (/[";,\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell))
    .join(delimiter);

const csvText = (rows: readonly (readonly string[])[], delimiter: string) =>
  rows.map((cells) => csvLine(cells, delimiter)).join('\r\n') + '\r\n';

/** As Excel in Spanish saves "CSV (delimitado por comas)": Windows-1252, `;`, CRLF. */
export const windows1252Csv = (rows: readonly (readonly string[])[]) =>
  Buffer.from(csvText(rows, ';'), 'latin1');

/** As "CSV UTF-8": a byte-order mark, `,`. */
export const utf8BomCsv = (rows: readonly (readonly string[])[]) =>
  Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csvText(rows, ','), 'utf8')]);

/** An XLSX of one worksheet; Date cells are written as Excel dates. */
export async function xlsxFile(rows: readonly (readonly (string | number | Date)[])[]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Solicitudes');
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A zip entry: its data, or its deflated bytes and checksum (from deflatedRun). */
type ZipEntry = {
  name: string;
  declaredSize?: number;
  hidden?: boolean;
  /** Sizes and checksum after the data, as streaming writers (LibreOffice) put them. */
  descriptor?: boolean;
} & ({ data: Buffer } | { deflated: Buffer; crc: number; size: number });

/**
 * A zip by hand: each entry's local header and deflated data, then the central directory, then
 * its end record. Sizes are the true ones unless `declaredSize` lies; a `hidden` entry is left
 * out of the directory.
 */
export function zipFile(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const fileName = Buffer.from(entry.name, 'utf8');
    const { deflated, crc, size } =
      'data' in entry
        ? {
            deflated: deflateRawSync(entry.data, { level: 9 }),
            crc: crc32(entry.data),
            size: entry.data.length,
          }
        : entry;
    const declared = entry.declaredSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(entry.descriptor ? 0x08 : 0, 6); // flags
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(0, 10); // time, date
    if (!entry.descriptor) {
      local.writeUInt32LE(crc, 14);
      local.writeUInt32LE(deflated.length, 18);
      local.writeUInt32LE(declared, 22);
    }
    local.writeUInt16LE(fileName.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by
    central.writeUInt16LE(20, 6); // needed
    central.writeUInt16LE(entry.descriptor ? 0x08 : 0, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(deflated.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    const descriptor = Buffer.alloc(entry.descriptor ? 16 : 0);
    if (entry.descriptor) {
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(crc, 4);
      descriptor.writeUInt32LE(deflated.length, 8);
      descriptor.writeUInt32LE(declared, 12);
    }
    locals.push(local, fileName, deflated, descriptor);
    if (!entry.hidden) centrals.push(central, fileName);
    offset += local.length + fileName.length + deflated.length + descriptor.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  const listed = entries.filter((entry) => !entry.hidden).length;
  end.writeUInt16LE(listed, 8);
  end.writeUInt16LE(listed, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * `head`, then `size` bytes of `fill`, then `tail`, deflated a megabyte at a time (never all in
 * memory): the compressed bytes, the whole's checksum and size.
 */
export async function deflatedRun(head: string, fill: string, size: number, tail: string) {
  const megabyte = Buffer.alloc(1024 * 1024, fill);
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  let crc = crc32(head);
  deflate.write(head);
  let written = 0;
  while (written < size) {
    // Waits for the deflater now and then, so its queue never holds the whole run.
    if (!deflate.write(megabyte)) await new Promise((resolve) => deflate.once('drain', resolve));
    crc = crc32(megabyte, crc);
    written += megabyte.length;
  }
  deflate.end(tail);
  crc = crc32(tail, crc);
  await ended;
  const total = Buffer.byteLength(head) + written + Buffer.byteLength(tail);
  return { deflated: Buffer.concat(out), crc, size: total };
}

/** A zip's entries and their data (to write them again another way). */
export async function zipEntries(bytes: Buffer): Promise<{ name: string; data: Buffer }[]> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, autoClose: false });
  const entries: { name: string; data: Buffer }[] = [];
  for await (const entry of zip.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    entries.push({ name: entry.fileName, data: Buffer.concat(chunks) });
  }
  zip.close();
  return entries;
}

/**
 * A zip bomb dressed as an XLSX: a workbook part, and a worksheet of 50 MB of spaces that
 * deflates to about 50 KB (a ratio near 1,000).
 */
export const xlsxBomb = () =>
  zipFile([
    { name: '[Content_Types].xml', data: Buffer.from('<?xml version="1.0"?><Types/>') },
    { name: 'xl/workbook.xml', data: Buffer.from('<?xml version="1.0"?><workbook/>') },
    { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(50 * 1024 * 1024, 0x20) },
  ]);

export const CSV_TYPE = 'text/csv';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** POST /api/imports?name=… with the file's bytes. */
export const uploadFile = (
  t: TestApp,
  token: string,
  bytes: Buffer,
  { name = 'clientes.csv', type = CSV_TYPE } = {},
) =>
  request(t.app)
    .post('/api/imports')
    .query({ name })
    .set(bearer(token))
    .set('Content-Type', type)
    .send(bytes);

/** An upload that must answer 201, parsed. */
export async function uploaded(
  t: TestApp,
  token: string,
  bytes: Buffer,
  options?: { name?: string; type?: string },
): Promise<ImportSummary> {
  const res = await uploadFile(t, token, bytes, options);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return importSummarySchema.parse(res.body);
}

export type Plan = { mapping: (ImportField | null)[]; duplicates: DuplicatePolicy };

export const checkImport = (t: TestApp, token: string, id: string, plan: Plan) =>
  request(t.app).post(`/api/imports/${id}/check`).set(bearer(token)).send(plan);

/** A check that must answer 200, parsed. */
export async function checked(
  t: TestApp,
  token: string,
  id: string,
  plan: Plan,
): Promise<ImportReport> {
  const res = await checkImport(t, token, id, plan);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return importReportSchema.parse(res.body);
}

export const startImport = (t: TestApp, token: string, id: string, plan: Plan) =>
  request(t.app).post(`/api/imports/${id}/start`).set(bearer(token)).send(plan);

export async function getImport(t: TestApp, token: string, id: string): Promise<ImportSummary> {
  const res = await request(t.app).get(`/api/imports/${id}`).set(bearer(token));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return importSummarySchema.parse(res.body);
}

/** GET /api/imports/:id/rows (a text/csv answer: superagent reads it as `text`). */
export const rowsCsv = (t: TestApp, token: string, id: string, rows: 'rejected' | 'all') =>
  request(t.app).get(`/api/imports/${id}/rows`).query({ rows }).set(bearer(token));

/** The rows CSV's records (its writer: BOM, `;`, CRLF, RFC 4180 quotes). */
export const csvRecords = (text: string): string[][] =>
  parse(text.replace(/^\ufeff/, ''), { delimiter: ';', relax_column_count: true });
