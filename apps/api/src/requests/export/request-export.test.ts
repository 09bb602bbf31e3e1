import { get, type IncomingMessage, type Server } from 'node:http';
import type { Stream } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createGunzip } from 'node:zlib';
import ExcelJS from 'exceljs';
import { Query, Types } from 'mongoose';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  API_MESSAGES,
  dayIn,
  EXPORT_LABELS,
  EXPORT_MEDIA_TYPES,
  REQUEST_COLUMNS,
  type RequestColumnKey,
} from '@crm/shared';
import { addUser, bearer, useSignedInRoles, useTestApp } from '../../test/test-app.js';
import type { RequestDoc } from '../request.model.js';

const EXPORT = '/api/form-contact/export';
const HEADERS = REQUEST_COLUMNS.map((column) => column.header);
const column = (key: RequestColumnKey) => REQUEST_COLUMNS.findIndex((c) => c.key === key);
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const ZONE = 'America/Santiago';

const t = useTestApp();
const { admin, vendor, driver } = useSignedInRoles(t);

let zoneBefore = '';
beforeAll(() => {
  zoneBefore = t.ctx.config.timeZone;
  t.ctx.config.timeZone = ZONE;
});
afterAll(() => {
  t.ctx.config.timeZone = zoneBefore;
});
afterEach(() => {
  vi.restoreAllMocks();
});

let counter = 0;
/** A company no other test uses: each test exports `q=<its company>`, whatever else is stored. */
const uniqueCompany = (label: string) => `${label}${++counter}x${Date.now().toString(36)}`;

type Fields = Partial<Omit<RequestDoc, '_id'>>;
let minute = 0;
/** Requests straight into the database, each a minute after the one before unless told. */
async function insert(company: string, many: Fields[]): Promise<void> {
  await t.ctx.models.Request.insertMany(
    many.map((fields) => ({
      name: 'Cliente',
      email: 'cliente@example.com',
      requestType: 'otro',
      company,
      createdAt: new Date(Date.UTC(2026, 0, 1, 12, ++minute)),
      ...fields,
    })),
  );
}

/** The whole answer as bytes, whatever its type. */
const asBytes = (res: Stream, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

function exportCall(query: Record<string, string>, token = vendor.token) {
  return request(t.app).get(EXPORT).query(query).set(bearer(token)).buffer(true).parse(asBytes);
}

/** RFC 4180 with `;` and CRLF: a bare LF only inside quotes, as the export writes it. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ';') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += char;
  }
  if (field !== '' || row.length > 0) throw new Error('the file does not end with CRLF');
  return rows;
}

/** The CSV's rows after its header row, checking the BOM and the header row on the way. */
async function csvRows(query: Record<string, string>, token?: string): Promise<string[][]> {
  const res = await exportCall(query, token);
  expect(res.status, res.body.toString()).toBe(200);
  const body = res.body as Buffer;
  expect(body.subarray(0, 3)).toEqual(BOM);
  const [head, ...rows] = parseCsv(body.subarray(3).toString('utf8'));
  expect(head).toEqual(HEADERS);
  return rows;
}

const cellOf = (rows: string[][], key: RequestColumnKey) => rows.map((row) => row[column(key)]);

async function xlsxSheet(query: Record<string, string>): Promise<ExcelJS.Worksheet> {
  const res = await exportCall({ ...query, format: 'xlsx' });
  expect(res.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.body as ExcelJS.Buffer);
  const sheet = workbook.getWorksheet(EXPORT_LABELS.sheet);
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

describe('GET /api/form-contact/export: who may', () => {
  it('answers 401 when signed out', async () => {
    const res = await request(t.app).get(EXPORT);
    expect(res.status).toBe(401);
  });

  it('answers the file to every role, as the board shows them all the same requests', async () => {
    const company = uniqueCompany('Roles');
    await insert(company, [{ name: 'Para todos' }]);
    for (const role of [admin, vendor, driver]) {
      expect(cellOf(await csvRows({ q: company }, role.token), 'name')).toEqual(['Para todos']);
    }
  });
});

describe('GET /api/form-contact/export: bad input', () => {
  it.each([
    ['format', { format: 'pdf' }],
    ['priority', { priority: 'urgente' }],
    ['vendor', { vendor: 'nadie' }],
    ['next', { next: 'ayer' }],
  ])('answers 400 naming %s when it is not one of its values', async (field, query) => {
    const res = await request(t.app).get(EXPORT).query(query).set(bearer(vendor.token));
    expect(res.status).toBe(400);
    expect((res.body as { errors: { path: string }[] }).errors.map((e) => e.path)).toEqual([field]);
  });

  it('answers 400 naming a parameter it does not know (no paging here)', async () => {
    const res = await request(t.app).get(EXPORT).query({ limit: '10' }).set(bearer(vendor.token));
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).toBe(
      `${API_MESSAGES.unknownParameter}: limit`,
    );
  });
});

describe('GET /api/form-contact/export: the CSV', () => {
  it('sends UTF-8 with a BOM, `;`, CRLF and the Spanish headers in order, as an attachment', async () => {
    const company = uniqueCompany('Bytes');
    await insert(company, [{ name: 'José Ñúñez', jobPosition: 'Gerente de Operación' }]);
    const res = await exportCall({ q: company });

    expect(res.headers['content-type']).toBe(EXPORT_MEDIA_TYPES.csv);
    const today = dayIn(new Date(), ZONE);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="solicitudes-${today}.csv"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.body as Buffer;
    const head = Buffer.from(`${HEADERS.join(';')}\r\n`, 'utf8');
    expect(body.subarray(0, 3 + head.length)).toEqual(Buffer.concat([BOM, head]));
    // The accents as UTF-8 bytes: "ú" is C3 BA, "ñ" C3 B1.
    expect(body.includes(Buffer.from([0xc3, 0xba, 0xc3, 0xb1]))).toBe(true);
    expect(body.includes(Buffer.from(';José Ñúñez;', 'utf8'))).toBe(true);
    expect(head.toString()).toContain('Número;Nombre;Correo;Empresa;Cargo;Teléfono;Tipo;Etapa');
  });

  it('writes each column as the board reads it', async () => {
    const company = uniqueCompany('Valores');
    const ana = await addUser(t.ctx, 'vendor', {
      name: 'Ana',
      lastName: 'Pérez',
      email: `ana.${company.toLowerCase()}@example.com`,
    });
    const dueAt = new Date('2026-12-12T18:00:00Z');
    await insert(company, [
      {
        requestNumber: 900_000 + counter,
        name: 'Lucía',
        email: 'lucia@example.com',
        jobPosition: 'Gerente',
        contactNumber: '22 123 4567',
        requestType: 'obtener una demo',
        status: 'closed',
        priority: 'high',
        vendor: new Types.ObjectId(ana._id),
        sourceOfContact: 'website',
        createdAt: new Date('2026-01-15T13:05:00Z'),
        expectedValue: 1_500_000,
        outcome: { result: 'lost', reason: 'Precio', comment: null, at: new Date(), by: null },
        nextActivity: {
          _id: new Types.ObjectId(),
          type: 'call',
          title: 'Confirmar fecha',
          dueDate: '2026-12-12',
          dueTime: '15:00',
          dueAt,
        },
        message: 'Quiero una demo',
        notes: ['La más nueva', 'La primera'],
      },
      {
        name: 'Sin nada',
        status: 'new request',
        priority: 'low',
        vendor: null,
        sourceOfContact: 'unknown',
        createdAt: new Date('2026-01-01T00:00:00Z'),
      },
    ]);

    const [bare, full] = await csvRows({ q: company });

    expect(full).toEqual([
      String(900_000 + counter),
      'Lucía',
      'lucia@example.com',
      company,
      'Gerente',
      '22 123 4567',
      'obtener una demo',
      'CERRADO',
      'Alta',
      'Ana Pérez',
      ana.email,
      'Formulario landing',
      // 13:05 UTC is 10:05 in Santiago's summer (UTC−3).
      '2026-01-15 10:05',
      '1500000',
      'Perdida',
      'Precio',
      'Llamada Confirmar fecha 2026-12-12 15:00',
      'Quiero una demo',
      'La más nueva\nLa primera',
    ]);
    expect(bare?.slice(column('requestNumber'), column('sourceOfContact') + 1)).toEqual([
      '',
      'Sin nada',
      'cliente@example.com',
      company,
      '',
      '',
      'otro',
      'NUEVA SOLICITUD',
      'Baja',
      '',
      '',
      'Desconocida',
    ]);
    expect(bare?.slice(column('expectedValue'))).toEqual(['', '', '', '', '', '']);
  });

  it('quotes fields holding ; " or line breaks, doubling the quotes', async () => {
    const company = uniqueCompany('Comillas');
    await insert(company, [
      { name: 'Pérez; Hijos', message: 'Dijo "hola"\r\ny se fue', notes: ['uno', 'dos'] },
    ]);
    const res = await exportCall({ q: company });
    const text = (res.body as Buffer).toString('utf8');
    expect(text).toContain(';"Pérez; Hijos";');
    expect(text).toContain(';"Dijo ""hola""\r\ny se fue";"uno\ndos"\r\n');
    const [row] = await csvRows({ q: company });
    expect(row?.[column('name')]).toBe('Pérez; Hijos');
    expect(row?.[column('message')]).toBe('Dijo "hola"\r\ny se fue');
    expect(row?.[column('notes')]).toBe('uno\ndos');
  });
});

describe('GET /api/form-contact/export: against CSV injection', () => {
  const hostile: Fields = {
    name: '=SUM(A1:A9)',
    contactNumber: '+56 9 1234 5678 =1',
    jobPosition: "-2+3+cmd|' /C calc'!A0",
    message: '@x',
    notes: ['\tcon tab'],
  };
  const neutralised = {
    name: "'=SUM(A1:A9)",
    contactNumber: "'+56 9 1234 5678 =1",
    jobPosition: "'-2+3+cmd|' /C calc'!A0",
    message: "'@x",
    notes: "'\tcon tab",
  } as const;

  it('starts each text cell that opens with = + - @ or a tab with an apostrophe, in the CSV', async () => {
    const company = uniqueCompany('Formulas');
    await insert(company, [hostile]);
    const [row] = await csvRows({ q: company });
    for (const [key, value] of Object.entries(neutralised)) {
      expect(row?.[column(key as RequestColumnKey)], key).toBe(value);
    }
  });

  it('does the same in the XLSX, where each is a text cell, never a formula', async () => {
    const company = uniqueCompany('FormulasX');
    await insert(company, [hostile]);
    const sheet = await xlsxSheet({ q: company });
    for (const [key, value] of Object.entries(neutralised)) {
      const cell = sheet.getRow(2).getCell(column(key as RequestColumnKey) + 1);
      expect(cell.type, key).toBe(ExcelJS.ValueType.String);
      expect(cell.value, key).toBe(value);
    }
  });
});

describe('GET /api/form-contact/export: phones and amounts as they are (issue 33)', () => {
  // Only +, digits, spaces, dots, dashes and parentheses: nothing a spreadsheet could run.
  const phones = ['+56 9 1234 5678', '+34 600.123.456', '(2) 2123-4567', '-56 9'];
  const fields = (phone: string): Fields => ({ contactNumber: phone, expectedValue: 4_500_000 });

  it('writes phones without the apostrophe and the amount as plain digits, in the CSV', async () => {
    const company = uniqueCompany('Telefonos');
    await insert(company, phones.map(fields));
    const rows = await csvRows({ q: company });
    expect(rows.map((row) => row[column('contactNumber')]).sort()).toEqual([...phones].sort());
    expect(rows.map((row) => row[column('expectedValue')])).toEqual(phones.map(() => '4500000'));
  });

  it('writes them as text cells without the apostrophe and the amount as a number, in the XLSX', async () => {
    const company = uniqueCompany('TelefonosX');
    await insert(company, phones.map(fields));
    const sheet = await xlsxSheet({ q: company });
    const written = phones.map((_, at) => sheet.getRow(at + 2));
    for (const row of written) {
      expect(row.getCell(column('contactNumber') + 1).type).toBe(ExcelJS.ValueType.String);
      const amount = row.getCell(column('expectedValue') + 1);
      expect(amount.type).toBe(ExcelJS.ValueType.Number);
      expect(amount.value).toBe(4_500_000);
    }
    expect(written.map((row) => row.getCell(column('contactNumber') + 1).value).sort()).toEqual(
      [...phones].sort(),
    );
  });
});

describe('GET /api/form-contact/export: the XLSX', () => {
  it('is a workbook with a bold, frozen header row, a date cell, a number and the notes', async () => {
    const company = uniqueCompany('Libro');
    await insert(company, [
      {
        name: 'Núñez',
        createdAt: new Date('2026-07-01T16:30:00Z'),
        expectedValue: 250_000,
        notes: ['b', 'a'],
      },
    ]);
    const res = await exportCall({ q: company, format: 'xlsx' });
    expect(res.headers['content-type']).toBe(EXPORT_MEDIA_TYPES.xlsx);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="solicitudes-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const sheet = await xlsxSheet({ q: company });

    const head = sheet.getRow(1);
    expect(HEADERS.map((_, i) => head.getCell(i + 1).value)).toEqual(HEADERS);
    expect(head.getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });

    const row = sheet.getRow(2);
    expect(row.getCell(column('name') + 1).value).toBe('Núñez');
    const created = row.getCell(column('createdAt') + 1);
    expect(created.type).toBe(ExcelJS.ValueType.Date);
    // 16:30 UTC is 12:30 in Santiago's winter (UTC−4): the sheet shows the zone's wall clock.
    const wall = created.value as Date;
    expect(new Date(Math.round(wall.getTime() / 60_000) * 60_000).toISOString()).toBe(
      '2026-07-01T12:30:00.000Z',
    );
    expect(created.numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(row.getCell(column('expectedValue') + 1).value).toBe(250_000);
    expect(row.getCell(column('notes') + 1).value).toBe('b\na');
    expect(sheet.rowCount).toBe(2);
  });
});

describe('GET /api/form-contact/export: the board’s filters', () => {
  const filters = uniqueCompany('Filtros');
  let ana = '';
  const dayMs = 24 * 60 * 60 * 1000;
  const next = (days: number) => {
    const dueAt = new Date(Date.now() + days * dayMs);
    return {
      _id: new Types.ObjectId(),
      type: 'task' as const,
      title: 'Algo',
      dueDate: dueAt.toISOString().slice(0, 10),
      dueTime: '10:00',
      dueAt,
    };
  };
  const closed = (result: 'won' | 'lost') => ({
    status: 'closed' as const,
    outcome: { result, reason: result === 'lost' ? 'Precio' : null, at: new Date() },
  });

  beforeAll(async () => {
    ana = (await addUser(t.ctx, 'vendor'))._id;
    await insert(filters, [
      { name: 'Nueva', status: 'new request', priority: 'high', nextActivity: next(-2) },
      { name: 'Contactada', status: 'contacted', vendor: new Types.ObjectId(ana) },
      {
        name: 'Cotizada',
        status: 'quote sent',
        requestType: 'agendar reunión',
        nextActivity: next(3),
      },
      { name: 'En espera', status: 'follow up', priority: 'low', email: 'buscada@example.com' },
      { name: 'Ganada', ...closed('won'), vendor: new Types.ObjectId(ana) },
      { name: 'Perdida', ...closed('lost'), priority: 'high' },
    ]);
  });

  const names = async (query: Record<string, string>) =>
    cellOf(await csvRows({ q: filters, ...query }), 'name');

  it('exports every stage, oldest first, without filters', async () => {
    expect(await names({})).toEqual([
      'Nueva',
      'Contactada',
      'Cotizada',
      'En espera',
      'Ganada',
      'Perdida',
    ]);
  });

  it.each([
    ['vendor', { vendor: 'ANA' }, ['Contactada', 'Ganada']],
    ['vendor=none', { vendor: 'none' }, ['Nueva', 'Cotizada', 'En espera', 'Perdida']],
    ['priority', { priority: 'high' }, ['Nueva', 'Perdida']],
    ['requestType', { requestType: 'agendar reunión' }, ['Cotizada']],
    ['next=overdue', { next: 'overdue' }, ['Nueva']],
    ['next=week', { next: 'week' }, ['Cotizada']],
    [
      'outcome=won (open stages stay)',
      { outcome: 'won' },
      ['Nueva', 'Contactada', 'Cotizada', 'En espera', 'Ganada'],
    ],
    ['priority and outcome together', { priority: 'high', outcome: 'lost' }, ['Nueva', 'Perdida']],
  ])('keeps what the board keeps with %s', async (_label, query, expected) => {
    const sent = { ...query } as Record<string, string>;
    if (sent.vendor === 'ANA') sent.vendor = ana;
    expect(await names(sent)).toEqual(expected);
  });

  it('searches as the board does (here in the email)', async () => {
    const rows = cellOf(await csvRows({ q: 'buscada@' }), 'name');
    expect(rows).toContain('En espera');
    expect(rows).not.toContain('Nueva');
  });

  it('answers the same requests as the board for the same filters', async () => {
    const query = { q: filters, priority: 'high', outcome: 'lost' };
    const board = await request(t.app)
      .get('/api/form-contact/board')
      .query(query)
      .set(bearer(vendor.token));
    const onBoard = (board.body as { columns: { items: { name: string }[] }[] }).columns
      .flatMap((col) => col.items.map((item) => item.name))
      .sort();
    expect((await names(query)).sort()).toEqual(onBoard);
  });
});

/** The app on a real port, read with node:http so the test keeps nothing but counts. */
function listening(): Promise<{ url: string; close: () => Promise<void> }> {
  return new Promise((resolve) => {
    const server: Server = t.app.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

const openExport = (url: string, headers: Record<string, string>) =>
  new Promise<IncomingMessage>((resolve, reject) => {
    get(url, { headers }, resolve).on('error', reject);
  });

describe('GET /api/form-contact/export: streaming', () => {
  const big = uniqueCompany('Grande');
  const ROWS = 3000;
  const MESSAGE = 'Necesito una cotización para el evento de fin de año. '.repeat(50);

  beforeAll(async () => {
    for (let from = 0; from < ROWS; from += 500) {
      await insert(
        big,
        Array.from({ length: 500 }, (_, i) => ({
          name: `Fila ${from + i}`,
          message: MESSAGE,
          notes: ['Llamar en la mañana'],
          createdAt: new Date(Date.UTC(2025, 0, 1) + (from + i) * 60_000),
        })),
      );
    }
  }, 120_000);

  it('sends the header row first, then the rows in several chunks, in constant memory', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const server = await listening();
    try {
      gc();
      const heapBefore = process.memoryUsage().heapUsed;
      let heapPeak = heapBefore;
      const res = await openExport(`${server.url}${EXPORT}?q=${big}`, {
        Authorization: `Bearer ${vendor.token}`,
      });
      expect(res.statusCode).toBe(200);
      const chunks: number[] = [];
      let first = '';
      let lines = 0;
      for await (const chunk of res as AsyncIterable<Buffer>) {
        if (chunks.length === 0) first = chunk.toString('utf8');
        chunks.push(chunk.length);
        lines += chunk.toString('latin1').split('\r\n').length - 1;
        if (chunks.length % 25 === 0) {
          gc();
          heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
        }
      }
      const bytes = chunks.reduce((sum, size) => sum + size, 0);

      // The header row alone, sent before the first request was read.
      expect(first).toBe(`\uFEFF${HEADERS.join(';')}\r\n`);
      expect(lines).toBe(ROWS + 1);
      expect(bytes).toBeGreaterThan(ROWS * MESSAGE.length);
      expect(chunks.length).toBeGreaterThan(ROWS / 500);
      // Loosely: what the server and this client held at once is far below the file.
      expect(heapPeak - heapBefore).toBeLessThan(bytes / 2);
    } finally {
      await server.close();
    }
  });

  it('flushes through gzip too: the header row arrives before the rows are read', async () => {
    const server = await listening();
    try {
      const res = await openExport(`${server.url}${EXPORT}?q=${big}`, {
        Authorization: `Bearer ${vendor.token}`,
        'Accept-Encoding': 'gzip',
      });
      expect(res.headers['content-encoding']).toBe('gzip');
      const gunzip = createGunzip();
      res.pipe(gunzip);
      let text = '';
      let firstText = '';
      for await (const chunk of gunzip as AsyncIterable<Buffer>) {
        if (firstText === '') firstText = chunk.toString('utf8');
        text += chunk.toString('utf8');
      }
      expect(firstText).toBe(`\uFEFF${HEADERS.join(';')}\r\n`);
      expect(parseCsv(text.slice(1))).toHaveLength(ROWS + 1);
    } finally {
      await server.close();
    }
  });

  it('streams the XLSX as well, every row in it', async () => {
    const server = await listening();
    try {
      const open = () =>
        openExport(`${server.url}${EXPORT}?q=${big}&format=xlsx`, {
          Authorization: `Bearer ${vendor.token}`,
        });
      let res = await open();
      // FerretDB on a loaded CI machine can miss a heartbeat: the gate then answers 503 with
      // Retry-After for a moment (require-database.ts), and a client tries again, as the web app
      // does. Any other answer than the file fails below, with its body.
      if (res.statusCode === 503 && res.headers['retry-after']) {
        res.resume();
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        res = await open();
      }
      if (res.statusCode !== 200) {
        let body = '';
        for await (const chunk of res as AsyncIterable<Buffer>) body += chunk.toString('utf8');
        expect.fail(`the export answered ${res.statusCode}: ${body}`);
      }
      expect(res.headers['content-type']).toBe(EXPORT_MEDIA_TYPES.xlsx);
      const chunks: Buffer[] = [];
      // How the zip's bytes arrive in reads depends on the socket's timing (the CSV case above
      // asserts the streaming); here: the whole file, every row.
      for await (const chunk of res as AsyncIterable<Buffer>) chunks.push(chunk);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ExcelJS.Buffer);
      const sheet = workbook.worksheets[0];
      expect(sheet?.rowCount).toBe(ROWS + 1);
      expect(sheet?.getRow(ROWS + 1).getCell(column('name') + 1).value).toBe(`Fila ${ROWS - 1}`);
    } finally {
      await server.close();
    }
  });

  it('closes the cursor when the client leaves half-way, and goes on answering', async () => {
    const cursors = vi.spyOn(Query.prototype, 'cursor');
    const server = await listening();
    try {
      const res = await openExport(`${server.url}${EXPORT}?q=${big}`, {
        Authorization: `Bearer ${vendor.token}`,
      });
      await new Promise((resolve) => res.once('data', resolve));
      res.destroy();

      // Killed (not run to its end): killCursors went to the database. The cursor may be
      // opened after the client left (the users' read comes first).
      await vi.waitFor(
        () => {
          const opened = cursors.mock.results.at(-1)?.value as unknown as
            { cursor: { killed: boolean } | null } | undefined;
          expect(opened?.cursor?.killed).toBe(true);
        },
        { timeout: 10_000 },
      );
      const health = await request(t.app).get('/api/health');
      expect(health.status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
