import { beforeAll, describe, expect, it } from 'vitest';
import {
  IMPORT_FIELD_LABELS,
  IMPORT_MESSAGES,
  IMPORT_ROWS_COLUMNS,
  parseImportDate,
  type ImportSummary,
} from '@crm/shared';
import {
  IMPORT_HEADERS,
  IMPORT_MAPPING,
  checkImport,
  checked,
  csvRecords,
  fullImportRow,
  importRow,
  rowsCsv,
  uploaded,
  windows1252Csv,
} from '../test/import-files.js';
import { UNKNOWN_ID, createRequest, useSignedInRoles, useTestApp } from '../test/test-app.js';

// Issue 24, step 2: POST /api/imports/:id/check reads every row as the request it would be
// (the shared schemas, Spanish messages by row and field), finds the duplicates by email, and
// writes nothing to the requests; GET /api/imports/:id/rows?rows=rejected is the rejected rows.

const t = useTestApp();
const { admin, vendor } = useSignedInRoles(t);

const row = importRow;

let file: ImportSummary;
let rows: string[][];
beforeAll(async () => {
  await createRequest(t, vendor.token, {
    name: 'Ya Existe',
    email: 'existente@example.com',
    requestType: 'otro',
    message: 'Hola',
  });
  rows = [
    // 2: valid, every field.
    fullImportRow(vendor.user.email.toUpperCase()),
    // 3: a bad email and an unknown stage.
    row({ 0: 'José Pérez', 1: 'jose@@example', 6: 'Perdido' }),
    // 4: an existing request's email.
    row({ 0: 'Otra Vez', 1: 'Existente@Example.com' }),
    // 5: row 2's email again.
    row({ 0: 'Ana G.', 1: 'ANA.GOMEZ@example.com', 2: 'Ñandú SpA' }),
    // 6: an executive nobody is.
    row({ 0: 'Luis', 1: 'luis@example.com', 8: 'nadie@example.com' }),
    // 7: a date that does not exist.
    row({ 0: 'Marta', 1: 'marta@example.com', 9: '31/02/2025' }),
  ];
  file = await uploaded(t, admin.token, windows1252Csv([IMPORT_HEADERS, ...rows]));
});

describe('POST /api/imports/:id/check', () => {
  it('when the plan skips duplicates, then the report counts, previews and lists errors by row and field', async () => {
    const requestsBefore = await t.ctx.models.Request.countDocuments();

    const report = await checked(t, admin.token, file._id, {
      mapping: IMPORT_MAPPING,
      duplicates: 'skip',
    });

    expect(report).toMatchObject({
      rows: 6,
      valid: 3,
      rejected: 3,
      duplicatesExisting: 1,
      duplicatesInFile: 1,
      willCreate: 1,
      willUpdate: 0,
      willSkip: 2,
      errorsTotal: 4,
    });
    expect(report.preview.map((p) => [p.row, p.result])).toEqual([
      [2, 'created'],
      [4, 'skipped'],
      [5, 'skipped'],
    ]);
    expect(report.preview[0]!.request).toEqual({
      name: 'Ana Gómez',
      email: 'ana.gomez@example.com',
      company: 'Constructora Ñandú',
      jobPosition: 'Gerenta',
      contactNumber: '+56 9 1234 5678',
      requestType: 'obtener una demo',
      status: 'contacted',
      priority: 'high',
      vendorEmail: vendor.user.email.toUpperCase(),
      vendorName: `${vendor.user.name} ${vendor.user.lastName}`,
      createdAt: parseImportDate('15/03/2025 09:30', t.ctx.config.timeZone)!.toISOString(),
      expectedValue: 1_500_000,
      message: '',
      notes: ['Llamar el lunes'],
    });
    // Empty cells take a new request's defaults.
    expect(report.preview[1]!.request).toMatchObject({
      status: 'new request',
      requestType: 'otro',
      vendorName: null,
      createdAt: null,
      expectedValue: null,
      notes: [],
    });
    expect(report.errors).toEqual([
      {
        row: 3,
        field: 'email',
        column: 'Correo',
        value: 'jose@@example',
        message: IMPORT_MESSAGES.invalidEmail,
      },
      {
        row: 3,
        field: 'status',
        column: 'Etapa',
        value: 'Perdido',
        message: IMPORT_MESSAGES.unknownStage,
      },
      {
        row: 6,
        field: 'vendor',
        column: 'Ejecutivo',
        value: 'nadie@example.com',
        message: IMPORT_MESSAGES.unknownVendor,
      },
      {
        row: 7,
        field: 'createdAt',
        column: 'Fecha de creación',
        value: '31/02/2025',
        message: IMPORT_MESSAGES.invalidDate,
      },
    ]);
    expect(await t.ctx.models.Request.countDocuments()).toBe(requestsBefore);
  });

  it('when the plan updates or creates duplicates, then the counts say so', async () => {
    const update = await checked(t, admin.token, file._id, {
      mapping: IMPORT_MAPPING,
      duplicates: 'update',
    });
    expect([update.willCreate, update.willUpdate, update.willSkip]).toEqual([1, 2, 0]);
    expect(update.preview.map((p) => p.result)).toEqual(['created', 'updated', 'updated']);

    const create = await checked(t, admin.token, file._id, {
      mapping: IMPORT_MAPPING,
      duplicates: 'create',
    });
    expect([create.willCreate, create.willUpdate, create.willSkip]).toEqual([3, 0, 0]);
  });

  it('when a column is left out, then its field takes no cell', async () => {
    const mapping = IMPORT_MAPPING.map((field) => (field === 'status' ? null : field));

    const report = await checked(t, admin.token, file._id, { mapping, duplicates: 'skip' });

    // Row 3's stage is no longer read: only its email is wrong.
    expect(report.errors.filter((error) => error.row === 3).map((error) => error.field)).toEqual([
      'email',
    ]);
    expect(report.preview[0]!.request.status).toBe('new request');
  });

  it('when the mapping is not one entry per column, maps a field twice, or leaves the email out, then 400', async () => {
    const short = await checkImport(t, admin.token, file._id, {
      mapping: [...IMPORT_MAPPING, null],
      duplicates: 'skip',
    });
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain(IMPORT_MESSAGES.mappingLength);

    const twice = await checkImport(t, admin.token, file._id, {
      mapping: IMPORT_MAPPING.map((field) => (field === 'company' ? 'name' : field)),
      duplicates: 'skip',
    });
    expect(twice.status).toBe(400);
    expect(JSON.stringify(twice.body)).toContain(
      IMPORT_MESSAGES.fieldTwice(IMPORT_FIELD_LABELS.name),
    );

    const noEmail = await checkImport(t, admin.token, file._id, {
      mapping: IMPORT_MAPPING.map((field) => (field === 'email' ? null : field)),
      duplicates: 'skip',
    });
    expect(noEmail.status).toBe(400);
    expect(JSON.stringify(noEmail.body)).toContain(
      IMPORT_MESSAGES.requiredUnmapped(IMPORT_FIELD_LABELS.email),
    );
  });

  it('when the import does not exist, then 404; when a vendor asks, then 403', async () => {
    const plan = { mapping: IMPORT_MAPPING, duplicates: 'skip' as const };
    const missing = await checkImport(t, admin.token, UNKNOWN_ID, plan);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ message: IMPORT_MESSAGES.notFound });
    expect((await checkImport(t, vendor.token, file._id, plan)).status).toBe(403);
  });
});

describe('GET /api/imports/:id/rows?rows=rejected', () => {
  it('when the file was not checked, then 409', async () => {
    const fresh = await uploaded(t, admin.token, windows1252Csv([IMPORT_HEADERS, ...rows]));

    const res = await rowsCsv(t, admin.token, fresh._id, 'rejected');

    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: IMPORT_MESSAGES.notChecked });
  });

  it('when it was checked, then the rejected rows come as they were, with their errors', async () => {
    await checked(t, admin.token, file._id, { mapping: IMPORT_MAPPING, duplicates: 'skip' });

    const res = await rowsCsv(t, admin.token, file._id, 'rejected');

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('clientes-rechazadas.csv');
    const [header, ...lines] = csvRecords(res.text);
    expect(header).toEqual(['Fila', ...IMPORT_HEADERS, IMPORT_ROWS_COLUMNS.errors]);
    expect(lines).toEqual([
      [
        '3',
        ...rows[1]!,
        `Correo: ${IMPORT_MESSAGES.invalidEmail}; Etapa: ${IMPORT_MESSAGES.unknownStage}`,
      ],
      ['6', ...rows[4]!, `Ejecutivo (correo): ${IMPORT_MESSAGES.unknownVendor}`],
      ['7', ...rows[5]!, `Fecha de creación: ${IMPORT_MESSAGES.invalidDate}`],
    ]);
  });

  it('when a vendor asks, then 403; before the start, "all" is 409', async () => {
    expect((await rowsCsv(t, vendor.token, file._id, 'rejected')).status).toBe(403);
    expect((await rowsCsv(t, admin.token, file._id, 'all')).status).toBe(409);
  });
});
