import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { IMPORT_LIMITS, IMPORT_MESSAGES, importListSchema } from '@crm/shared';
import {
  CSV_TYPE,
  IMPORT_HEADERS,
  IMPORT_MAPPING,
  XLSX_TYPE,
  deflatedRun,
  fullImportRow,
  importRow,
  uploadFile,
  uploaded,
  utf8BomCsv,
  windows1252Csv,
  xlsxBomb,
  xlsxFile,
  zipEntries,
  zipFile,
} from '../test/import-files.js';
import { bearer, useSignedInRoles, useTestApp } from '../test/test-app.js';
import { decodeRows } from './import.model.js';

// Issue 24, step 1: POST /api/imports parses a CSV (UTF-8 or Windows-1252, `,` or `;`) or an
// XLSX into stored chunks and answers its headers, a sample and a guessed mapping; a file it
// can't take is refused in Spanish (400/413) with nothing stored.

const t = useTestApp();
const { admin, vendor } = useSignedInRoles(t);

const ANA = fullImportRow();
const JOSE = importRow({ 0: 'José Pérez', 1: 'jose@example.com' });

/** What is stored of all imports: nothing may stay of a refused file. */
async function stored() {
  const { Import, ImportChunk } = t.ctx.models;
  return { imports: await Import.countDocuments(), chunks: await ImportChunk.countDocuments() };
}

describe('POST /api/imports', () => {
  it('when a Windows-1252 CSV with ";" comes, then its headers, sample and guessed mapping are answered', async () => {
    const summary = await uploaded(t, admin.token, windows1252Csv([IMPORT_HEADERS, ANA, JOSE]), {
      name: 'clientes año 2025.csv',
    });

    expect(summary).toMatchObject({
      fileName: 'clientes año 2025.csv',
      format: 'csv',
      encoding: 'windows-1252',
      delimiter: ';',
      headers: [...IMPORT_HEADERS],
      rowCount: 2,
      sample: [ANA, JOSE],
      mapping: IMPORT_MAPPING,
      duplicates: null,
      status: 'uploaded',
      createdBy: admin.user._id,
      progress: { processed: 0, created: 0, updated: 0, skipped: 0, rejected: 0 },
    });
    const chunks = await t.ctx.models.ImportChunk.find({ importId: summary._id }).lean();
    expect(
      chunks.map(({ index, firstRow, rows }) => ({ index, firstRow, rows: decodeRows(rows) })),
    ).toEqual([{ index: 0, firstRow: 2, rows: [ANA, JOSE] }]);
  });

  it('when a UTF-8 CSV with a byte-order mark and "," comes, then it is read as UTF-8 without the mark', async () => {
    const withQuotes = [...ANA];
    withQuotes[10] = 'Dijo: "sí, el lunes"\nSegunda nota';
    const summary = await uploaded(t, admin.token, utf8BomCsv([IMPORT_HEADERS, withQuotes]));

    expect(summary).toMatchObject({
      format: 'csv',
      encoding: 'utf-8',
      delimiter: ',',
      headers: [...IMPORT_HEADERS],
      rowCount: 1,
      sample: [withQuotes],
      mapping: IMPORT_MAPPING,
    });
  });

  it('when an XLSX comes, then its first sheet is read, numbers and dates as text', async () => {
    const row = [...ANA] as (string | number | Date)[];
    row[4] = 56912345678;
    row[9] = new Date(Date.UTC(2025, 2, 15, 9, 30));
    row[11] = 1500000;
    const summary = await uploaded(t, admin.token, await xlsxFile([IMPORT_HEADERS, row, JOSE]), {
      name: 'clientes.xlsx',
      type: XLSX_TYPE,
    });

    expect(summary).toMatchObject({
      format: 'xlsx',
      encoding: null,
      delimiter: null,
      headers: [...IMPORT_HEADERS],
      rowCount: 2,
      mapping: IMPORT_MAPPING,
    });
    expect(summary.sample[0]).toEqual([
      ...ANA.slice(0, 4),
      '56912345678',
      ...ANA.slice(5, 9),
      '2025-03-15 09:30:00',
      ANA[10],
      '1500000',
    ]);
    expect(summary.sample[1]).toEqual(JOSE);
  });

  it('when an XLSX carries data descriptors (as LibreOffice and streaming writers zip), then it is read', async () => {
    const entries = await zipEntries(await xlsxFile([IMPORT_HEADERS, JOSE]));
    const streamed = zipFile(entries.map((entry) => ({ ...entry, descriptor: true })));

    const summary = await uploaded(t, admin.token, streamed, { type: XLSX_TYPE });

    expect(summary).toMatchObject({ format: 'xlsx', rowCount: 1, sample: [JOSE] });
  });

  it('when rows are shorter or longer than the header, then they are padded or cut to its width', async () => {
    const summary = await uploaded(
      t,
      admin.token,
      Buffer.from(
        'Nombre;Correo;Empresa\r\nAna;ana@example.com\r\n\r\n;;\r\nLuis;luis@example.com;ACME;extra\r\n',
      ),
    );

    expect(summary.rowCount).toBe(2);
    expect(summary.sample).toEqual([
      ['Ana', 'ana@example.com', ''],
      ['Luis', 'luis@example.com', 'ACME'],
    ]);
  });

  it('when more rows than a chunk come, then they are stored in numbered chunks', async () => {
    const rows = Array.from({ length: IMPORT_LIMITS.chunkRows + 3 }, (_, i) => [
      `Persona ${i}`,
      `p${i}@example.com`,
    ]);
    const summary = await uploaded(t, admin.token, utf8BomCsv([['Nombre', 'Correo'], ...rows]));

    expect(summary.rowCount).toBe(rows.length);
    expect(summary.sample).toHaveLength(IMPORT_LIMITS.sampleRows);
    const chunks = await t.ctx.models.ImportChunk.find({ importId: summary._id })
      .sort({ index: 1 })
      .lean();
    expect(chunks.map((chunk) => [chunk.index, chunk.firstRow, chunk.rows.length])).toEqual([
      [0, 2, IMPORT_LIMITS.chunkRows],
      [1, IMPORT_LIMITS.chunkRows + 2, 3],
    ]);
    expect(decodeRows(chunks[1]!.rows).at(-1)).toEqual(rows.at(-1));
  });

  it('when a vendor uploads, then 403; without a token, then 401', async () => {
    const file = utf8BomCsv([IMPORT_HEADERS, ANA]);
    const before = await stored();

    expect((await uploadFile(t, vendor.token, file)).status).toBe(403);
    const anonymous = await request(t.app)
      .post('/api/imports')
      .query({ name: 'a.csv' })
      .set('Content-Type', CSV_TYPE)
      .send(file);
    expect(anonymous.status).toBe(401);
    expect(await stored()).toEqual(before);
  });

  describe('a file it cannot take', () => {
    let before: { imports: number; chunks: number };
    beforeEach(async () => {
      before = await stored();
    });

    /** Refused with `status` and `message`, nothing stored. */
    async function refused(
      bytes: Buffer,
      status: number,
      message: string,
      options?: { name?: string; type?: string },
    ) {
      const res = await uploadFile(t, admin.token, bytes, options);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body).toMatchObject({ message });
      expect(await stored()).toEqual(before);
    }

    it('when the bytes are a PNG, then 400 "not a spreadsheet"', async () => {
      const png = Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        randomBytes(200),
      ]);
      await refused(png, 400, IMPORT_MESSAGES.notSpreadsheet, { name: 'foto.csv' });
    });

    it('when the bytes are random binary, then 400 "not a spreadsheet"', async () => {
      await refused(randomBytes(4096), 400, IMPORT_MESSAGES.notSpreadsheet);
    });

    it('when a zip is not a workbook, then 400 "not a spreadsheet"', async () => {
      const zip = zipFile([{ name: 'word/document.xml', data: Buffer.from('<w:document/>') }]);
      await refused(zip, 400, IMPORT_MESSAGES.notSpreadsheet, { type: XLSX_TYPE });
    });

    it('when the file is empty (or only blank lines), then 400 "empty"', async () => {
      await refused(Buffer.alloc(0), 400, IMPORT_MESSAGES.empty);
      await refused(Buffer.from('\ufeff\r\n \r\n', 'utf8'), 400, IMPORT_MESSAGES.empty);
      await refused(Buffer.from(';;;\r\n;;;\r\n'), 400, IMPORT_MESSAGES.empty);
    });

    it('when the file has only its header row, then 400 "header only"', async () => {
      await refused(windows1252Csv([IMPORT_HEADERS]), 400, IMPORT_MESSAGES.headerOnly);
      await refused(await xlsxFile([IMPORT_HEADERS]), 400, IMPORT_MESSAGES.headerOnly, {
        type: XLSX_TYPE,
      });
    });

    it('when the header has 10,000 columns, then 400 with the count', async () => {
      const header = Array.from({ length: 10_000 }, (_, i) => `C${i}`);
      await refused(
        utf8BomCsv([header, header.map(() => 'x')]),
        400,
        IMPORT_MESSAGES.tooManyColumns(10_000),
      );
    });

    it('when an XLSX has 300 columns, then 400 with the count', async () => {
      const header = Array.from({ length: 300 }, (_, i) => `C${i}`);
      await refused(await xlsxFile([header, ['Ana']]), 400, IMPORT_MESSAGES.tooManyColumns(300), {
        type: XLSX_TYPE,
      });
    });

    it('when a cell holds 5 MB, then 400 naming its row and column', async () => {
      await refused(
        utf8BomCsv([
          ['Nombre', 'Correo', 'Notas'],
          ['Ana', 'ana@example.com', 'x'.repeat(5 * 1024 * 1024)],
        ]),
        400,
        IMPORT_MESSAGES.cellTooLong(2, 3),
      );
    });

    it('when the bad row comes after a chunk was stored, then that chunk is deleted too', async () => {
      const rows = Array.from({ length: IMPORT_LIMITS.chunkRows + 1 }, (_, i) => [
        `Persona ${i}`,
        `p${i}@example.com`,
      ]);
      const last = IMPORT_LIMITS.chunkRows + 3;
      await refused(
        utf8BomCsv([
          ['Nombre', 'Correo'],
          ...rows,
          ['Ana', 'y'.repeat(IMPORT_LIMITS.maxCellChars + 1)],
        ]),
        400,
        IMPORT_MESSAGES.cellTooLong(last, 2),
      );
    });

    it('when the file has more than 100,000 rows, then 400 and the chunks stored so far are deleted', async () => {
      const lines = ['Nombre;Correo'];
      for (let i = 0; i <= IMPORT_LIMITS.maxRows; i++) lines.push(`P${i};p${i}@example.com`);
      await refused(Buffer.from(lines.join('\r\n')), 400, IMPORT_MESSAGES.tooManyRows);
    });

    it('when UTF-8 and Windows-1252 bytes are mixed, then 400 "mixed encodings"', async () => {
      const mixed = Buffer.concat([
        Buffer.from('Nombre;Correo\r\nJosé Gómez;jose@example.com\r\n', 'utf8'),
        Buffer.from('Pérez;perez@example.com\r\n', 'latin1'),
      ]);
      await refused(mixed, 400, IMPORT_MESSAGES.mixedEncodings);
    });

    it('when an XLSX is a zip bomb, then 400 before inflating it', async () => {
      const bomb = xlsxBomb();
      expect(bomb.length).toBeLessThan(200 * 1024);
      await refused(bomb, 400, IMPORT_MESSAGES.zipBomb, { name: 'clientes.xlsx', type: XLSX_TYPE });
    });

    it('when an XLSX lies about its sizes, then 400 once a cell passes the limit, without inflating the rest', async () => {
      // A 300 MB cell whose part declares 1 KB: the directory check can't see it.
      const cell = await deflatedRun(
        '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>',
        'a',
        300 * 1024 * 1024,
        '</t></is></c></row></sheetData></worksheet>',
      );
      const liar = zipFile([
        { name: '[Content_Types].xml', data: Buffer.from('<?xml version="1.0"?><Types/>') },
        {
          name: 'xl/workbook.xml',
          data: Buffer.from(
            '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets><sheet name="A" sheetId="1"/></sheets></workbook>',
          ),
        },
        { name: 'xl/worksheets/sheet1.xml', ...cell, declaredSize: 1024 },
      ]);
      expect(liar.length).toBeLessThan(IMPORT_LIMITS.maxBytes);
      const heapBefore = process.memoryUsage().rss;

      const res = await uploadFile(t, admin.token, liar, { name: 'mentira.xlsx', type: XLSX_TYPE });

      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ message: IMPORT_MESSAGES.zipBomb });
      // Inflated and thrown away, never held: far less than the cell's 300 MB.
      expect(process.memoryUsage().rss - heapBefore).toBeLessThan(100 * 1024 * 1024);
      expect(await stored()).toEqual(before);
    });

    it('when an XLSX hides a part from its directory, then 400 without reading it', async () => {
      const hidden = zipFile([
        { name: 'xl/workbook.xml', data: Buffer.from('<?xml version="1.0"?><workbook/>') },
        {
          name: 'xl/worksheets/sheet1.xml',
          data: Buffer.alloc(50 * 1024 * 1024, 0x20),
          hidden: true,
        },
      ]);
      await refused(hidden, 400, IMPORT_MESSAGES.badXlsx, { type: XLSX_TYPE });
    });

    it('when a zip says it is an XLSX but is damaged, then 400 "damaged XLSX"', async () => {
      const zip = zipFile([
        { name: 'xl/workbook.xml', data: Buffer.from('<?xml version="1.0"?><workbook/>') },
      ]);
      await refused(zip.subarray(0, zip.length - 10), 400, IMPORT_MESSAGES.badXlsx, {
        type: XLSX_TYPE,
      });
    });

    it('when a CSV leaves a quote open, then 400 naming the row', async () => {
      await refused(
        Buffer.from('Nombre;Correo\r\nAna;ana@example.com\r\n"Luis;luis@example.com\r\n'),
        400,
        IMPORT_MESSAGES.badCsv(3),
      );
    });

    it('when the file passes 20 MB, then 413', async () => {
      const big = Buffer.alloc(IMPORT_LIMITS.maxBytes + 1, 'a');
      await refused(big, 413, IMPORT_MESSAGES.tooLarge);
    });

    it('when the name has a folder, then 400', async () => {
      const res = await uploadFile(t, admin.token, utf8BomCsv([IMPORT_HEADERS, ANA]), {
        name: '../etc/clientes.csv',
      });
      expect(res.status).toBe(400);
      expect(await stored()).toEqual(before);
    });
  });
});

describe('GET /api/imports', () => {
  it('when imports were uploaded, then the newest come first', async () => {
    const first = await uploaded(t, admin.token, utf8BomCsv([IMPORT_HEADERS, ANA]), {
      name: 'primero.csv',
    });
    const second = await uploaded(t, admin.token, utf8BomCsv([IMPORT_HEADERS, JOSE]), {
      name: 'segundo.csv',
    });

    const res = await request(t.app).get('/api/imports').set(bearer(admin.token));

    expect(res.status).toBe(200);
    const ids = importListSchema.parse(res.body).items.map((item) => item._id);
    expect(ids.indexOf(second._id)).toBeLessThan(ids.indexOf(first._id));
    expect(ids.indexOf(first._id)).toBeGreaterThanOrEqual(0);
  });

  it('when a vendor asks, then 403', async () => {
    expect((await request(t.app).get('/api/imports').set(bearer(vendor.token))).status).toBe(403);
  });
});
