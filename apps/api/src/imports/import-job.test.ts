import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  IMPORT_MESSAGES,
  IMPORT_ROW_RESULT_LABELS,
  IMPORT_ROWS_COLUMNS,
  parseImportDate,
  requestHistorySchema,
  requestSchema,
  type ImportSummary,
} from '@crm/shared';
import type { AppContext, Clock } from '../context.js';
import {
  IMPORT_HEADERS,
  IMPORT_MAPPING,
  checkImport,
  csvRecords,
  getImport,
  importRow,
  rowsCsv,
  startImport,
  uploaded,
  utf8BomCsv,
  windows1252Csv,
  type Plan,
} from '../test/import-files.js';
import {
  bearer,
  createRequest,
  startTestApp,
  UNKNOWN_ID,
  useSignedInRoles,
  useTestApp,
  type TestApp,
} from '../test/test-app.js';
import { KEYED_LEASE_MS as LEASE_MS, startJobs, type JobsScheduler } from '../jobs/index.js';
import {
  IMPORTS_JOB,
  importsJob,
  importsJobWith,
  MAX_FAILED_RUNS,
  runImport,
  takeImportLease,
} from './import-run.js';
import { uploadImport } from './imports.service.js';

// Issue 24, steps 3 and 4: POST /api/imports/:id/start queues the import and the background
// job (import-run.ts on the app's scheduler, jobs/; driven here run by run, or by each test
// process's own scheduler) writes the rows chunk by chunk: creation dates kept, request numbers given, an "imported" history entry,
// the duplicates policy applied, resumable after a crash without storing a row twice.

const t = useTestApp();

type OutcomesWrite = ReturnType<AppContext['models']['ImportChunk']['updateOne']>;

/**
 * Runs `each` in place of every write of a chunk's outcomes (the job's ImportChunk.updateOne),
 * numbered from 1; `proceed` makes the real write. vi.restoreAllMocks() ends it.
 */
function aroundOutcomesWrites(
  each: (write: number, proceed: () => OutcomesWrite) => OutcomesWrite,
) {
  const { ImportChunk } = t.ctx.models;
  const original = ImportChunk.updateOne.bind(ImportChunk);
  let writes = 0;
  vi.spyOn(ImportChunk, 'updateOne').mockImplementation(((...args: Parameters<typeof original>) =>
    each(++writes, () => original(...args))) as typeof original);
}
const { admin, vendor } = useSignedInRoles(t);

afterEach(async () => {
  vi.restoreAllMocks();
  // The imports' job as a test's scheduler left it (its next run's time), gone for the next test.
  await t.ctx.connection.collection('reminder_jobs').deleteMany({ name: IMPORTS_JOB });
});

/**
 * `app`'s scheduler running the imports' job every 200 ms (looking every 100 ms), as an API
 * process's does; its keyed leases read by `clock`.
 */
async function scheduled(app: TestApp, name: string, clock?: Clock): Promise<JobsScheduler> {
  const jobs = await startJobs(app.ctx, [{ ...importsJobWith({ clock }), every: 200 }], {
    processEvery: 100,
    name,
  });
  expect(jobs).toBeDefined();
  return jobs!;
}

const untilDone = (id: string) =>
  vi.waitFor(async () => expect((await getImport(t, admin.token, id)).status).toBe('done'), {
    timeout: 10_000,
    interval: 100,
  });

const row = importRow;

let counter = 0;
/** An email no other test's rows use (the duplicates are by email, across the database). */
const email = (name: string) => `${name}.${++counter}.${Date.now().toString(36)}@example.com`;

/** One run of the job as a process runs it: take the lease at the import's nextChunk, run. */
async function runWorker(ctx: AppContext, id: string, clock = ctx.clock) {
  const doc = await ctx.models.Import.findById(id).lean();
  const lease = await takeImportLease(ctx, id, doc!.nextChunk, { clock });
  expect(lease, 'the lease is free').toBeDefined();
  await runImport(ctx, id, lease!);
}

async function started(id: string, plan: Plan): Promise<ImportSummary> {
  const res = await startImport(t, admin.token, id, plan);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as ImportSummary;
}

/** Upload, start and run to the end; the import as it ends. */
async function imported(bytes: Buffer, plan: Plan, name = 'clientes.csv') {
  const file = await uploaded(t, admin.token, bytes, { name });
  await started(file._id, plan);
  await runWorker(t.ctx, file._id);
  return getImport(t, admin.token, file._id);
}

/** The requests holding `address`, oldest first. */
const requestsOf = (address: string) =>
  t.ctx.models.Request.find({ email: new RegExp(`^${address.replace(/[.+]/g, '\\$&')}$`, 'i') })
    .sort({ createdAt: 1, _id: 1 })
    .lean();

async function apiRequest(id: string) {
  const res = await request(t.app).get(`/api/form-contact/${id}`).set(bearer(admin.token));
  expect(res.status).toBe(200);
  return requestSchema.parse(res.body);
}

async function historyOf(id: string) {
  const res = await request(t.app).get(`/api/form-contact/${id}/history`).set(bearer(admin.token));
  expect(res.status).toBe(200);
  return requestHistorySchema.parse(res.body).entries;
}

/** The rows?rows=all CSV: row number → [result, number, errors]. */
async function resultsOf(id: string) {
  const res = await rowsCsv(t, admin.token, id, 'all');
  expect(res.status).toBe(200);
  const [header, ...lines] = csvRecords(res.text);
  expect(header!.slice(-3)).toEqual([
    IMPORT_ROWS_COLUMNS.result,
    IMPORT_ROWS_COLUMNS.requestNumber,
    IMPORT_ROWS_COLUMNS.errors,
  ]);
  return new Map(lines.map((line) => [Number(line[0]), line.slice(-3)]));
}

const plan = (duplicates: Plan['duplicates']): Plan => ({ mapping: IMPORT_MAPPING, duplicates });

describe('POST /api/imports/:id/start', () => {
  it('when started, then the rows go in with their dates, consecutive numbers, executive and an "imported" history entry', async () => {
    const existing = await createRequest(t, vendor.token, {
      name: 'Ya Existe',
      email: email('existente'),
      requestType: 'otro',
      message: 'Hola',
    });
    const ana = email('ana');
    const bruno = email('bruno');
    const rows = [
      [
        'Ana Gómez',
        ana,
        'Constructora Ñandú',
        'Gerenta',
        '+56 9 1234 5678',
        'obtener una demo',
        'Cotización enviada',
        'Alta',
        vendor.user.email,
        '15/03/2025 09:30',
        'Llamar el lunes',
        '$ 1.500.000',
      ],
      row({ 0: 'Otra Vez', 1: existing.email }),
      row({ 0: 'Malo', 1: 'malo@@example' }),
      row({ 0: 'Bruno Díaz', 1: bruno, 9: '2024-01-02T10:00:00Z' }),
      row({ 0: 'Ana Repetida', 1: ana.toUpperCase() }),
    ];
    const file = await uploaded(t, admin.token, windows1252Csv([IMPORT_HEADERS, ...rows]), {
      name: 'clientes año.csv',
    });

    const queued = await started(file._id, plan('skip'));
    expect(queued).toMatchObject({ status: 'queued', duplicates: 'skip', mapping: IMPORT_MAPPING });
    expect(queued.startedAt).not.toBeNull();
    await runWorker(t.ctx, file._id);

    const done = await getImport(t, admin.token, file._id);
    expect(done.status).toBe('done');
    expect(done.finishedAt).not.toBeNull();
    expect(done.progress).toEqual({
      processed: 5,
      created: 2,
      updated: 0,
      skipped: 2,
      rejected: 1,
    });

    const [anaDoc, ...moreAna] = await requestsOf(ana);
    const [brunoDoc, ...moreBruno] = await requestsOf(bruno);
    expect(moreAna).toEqual([]);
    expect(moreBruno).toEqual([]);
    expect((await requestsOf(existing.email)).length).toBe(1);

    const anaRequest = await apiRequest(anaDoc!._id.toHexString());
    expect(anaRequest).toMatchObject({
      name: 'Ana Gómez',
      company: 'Constructora Ñandú',
      jobPosition: 'Gerenta',
      contactNumber: '+56 9 1234 5678',
      requestType: 'obtener una demo',
      status: 'quote sent',
      priority: 'high',
      expectedValue: 1_500_000,
      notes: ['Llamar el lunes'],
      createdAt: parseImportDate('15/03/2025 09:30', t.ctx.config.timeZone)!.toISOString(),
    });
    expect(JSON.stringify(anaRequest.vendor)).toContain(vendor.user._id);
    const brunoRequest = await apiRequest(brunoDoc!._id.toHexString());
    expect(brunoRequest.createdAt).toBe('2024-01-02T10:00:00.000Z');
    expect(brunoRequest.status).toBe('new request');

    // Numbers after the existing request's, one after the other in the file's order.
    expect(anaRequest.requestNumber).toBeGreaterThan(existing.requestNumber!);
    expect(brunoRequest.requestNumber).toBe(anaRequest.requestNumber! + 1);

    const history = await historyOf(anaRequest._id);
    expect(history.filter((entry) => entry.field === 'imported')).toEqual([
      expect.objectContaining({ from: null, to: 'clientes año.csv', by: admin.user._id }),
    ]);

    // Which rows went in, and as what.
    const results = await resultsOf(file._id);
    expect([...results.entries()]).toEqual([
      [2, [IMPORT_ROW_RESULT_LABELS.created, String(anaRequest.requestNumber), '']],
      [3, [IMPORT_ROW_RESULT_LABELS.skipped, '', '']],
      [4, [IMPORT_ROW_RESULT_LABELS.rejected, '', `Correo: ${IMPORT_MESSAGES.invalidEmail}`]],
      [5, [IMPORT_ROW_RESULT_LABELS.created, String(brunoRequest.requestNumber), '']],
      [6, [IMPORT_ROW_RESULT_LABELS.skipped, '', '']],
    ]);
    // After the start, the rejected rows come from the job's outcomes.
    const rejected = csvRecords((await rowsCsv(t, admin.token, file._id, 'rejected')).text);
    expect(rejected.slice(1).map((line) => line[0])).toEqual(['4']);

    // The same file again with "skip" adds nothing.
    const requestsBefore = await t.ctx.models.Request.countDocuments();
    const again = await imported(windows1252Csv([IMPORT_HEADERS, ...rows]), plan('skip'));
    expect(again.progress).toEqual({
      processed: 5,
      created: 0,
      updated: 0,
      skipped: 4,
      rejected: 1,
    });
    expect(await t.ctx.models.Request.countDocuments()).toBe(requestsBefore);
  });

  it('when the policy is "update", then the existing request takes the row\'s non-empty cells, recorded in its history', async () => {
    const existing = await createRequest(t, vendor.token, {
      name: 'Carla Ruiz',
      email: email('carla'),
      requestType: 'otro',
      message: 'Hola',
    });
    // Fields the create form doesn't take, as an edit would have left them.
    await t.ctx.models.Request.updateOne(
      { _id: existing._id },
      { $set: { company: 'Antigua SA', jobPosition: 'Jefa' } },
    );

    const done = await imported(
      utf8BomCsv([
        IMPORT_HEADERS,
        row({
          0: 'Carla Ruiz',
          1: existing.email,
          2: 'Nueva SA',
          6: 'Contactado',
          10: 'Nota importada',
        }),
      ]),
      plan('update'),
      'actualiza.csv',
    );

    expect(done.progress).toMatchObject({ processed: 1, created: 0, updated: 1 });
    const after = await apiRequest(existing._id);
    expect(after).toMatchObject({
      name: 'Carla Ruiz',
      company: 'Nueva SA',
      // An empty cell leaves the field as it was.
      jobPosition: 'Jefa',
      status: 'contacted',
      notes: ['Nota importada'],
      requestNumber: existing.requestNumber,
      createdAt: existing.createdAt,
    });
    const fields = (await historyOf(existing._id)).map((entry) => [entry.field, entry.to]);
    expect(fields).toEqual(
      expect.arrayContaining([
        ['imported', 'actualiza.csv'],
        ['status', 'contacted'],
      ]),
    );
    expect(fields.filter(([field]) => field === 'imported')).toHaveLength(1);
    expect(fields.some(([field]) => field === 'jobPosition')).toBe(false);
    expect((await resultsOf(done._id)).get(2)).toEqual([
      IMPORT_ROW_RESULT_LABELS.updated,
      String(existing.requestNumber),
      '',
    ]);
  });

  it('when the policy is "update" and the file repeats an email, then the later row updates what the earlier one created', async () => {
    const dani = email('dani');

    const done = await imported(
      utf8BomCsv([
        IMPORT_HEADERS,
        row({ 0: 'Dani', 1: dani, 2: 'Primera' }),
        row({ 0: 'Dani', 1: dani, 2: 'Segunda', 7: 'Baja' }),
      ]),
      plan('update'),
    );

    expect(done.progress).toEqual({
      processed: 2,
      created: 1,
      updated: 1,
      skipped: 0,
      rejected: 0,
    });
    const docs = await requestsOf(dani);
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ company: 'Segunda', priority: 'low' });
  });

  it('when the policy is "create", then duplicates (existing and in the file) are created anyway', async () => {
    const existing = await createRequest(t, vendor.token, {
      name: 'Eva',
      email: email('eva'),
      requestType: 'otro',
      message: 'Hola',
    });

    const done = await imported(
      utf8BomCsv([
        IMPORT_HEADERS,
        row({ 0: 'Eva', 1: existing.email }),
        row({ 0: 'Eva otra vez', 1: existing.email }),
      ]),
      plan('create'),
    );

    expect(done.progress).toEqual({
      processed: 2,
      created: 2,
      updated: 0,
      skipped: 0,
      rejected: 0,
    });
    expect(await requestsOf(existing.email)).toHaveLength(3);
  });

  it('when no row is valid, then 400 and nothing is queued', async () => {
    const file = await uploaded(
      t,
      admin.token,
      utf8BomCsv([IMPORT_HEADERS, row({ 0: 'Malo', 1: 'no-es-correo' })]),
    );

    const res = await startImport(t, admin.token, file._id, plan('skip'));

    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(IMPORT_MESSAGES.nothingToImport);
    expect((await getImport(t, admin.token, file._id)).status).toBe('uploaded');
  });

  it('when started twice, then 409, and the check after the start is 409 too', async () => {
    const file = await uploaded(
      t,
      admin.token,
      utf8BomCsv([IMPORT_HEADERS, row({ 0: 'F', 1: email('f') })]),
    );
    await started(file._id, plan('skip'));

    const twice = await startImport(t, admin.token, file._id, plan('skip'));
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ message: IMPORT_MESSAGES.alreadyStarted });
    expect((await checkImport(t, admin.token, file._id, plan('skip'))).status).toBe(409);
    await runWorker(t.ctx, file._id);
  });

  it('when a vendor starts, then 403; an unknown import, 404', async () => {
    const file = await uploaded(
      t,
      admin.token,
      utf8BomCsv([IMPORT_HEADERS, row({ 0: 'G', 1: email('g') })]),
    );
    const asVendor = await request(t.app)
      .post(`/api/imports/${file._id}/start`)
      .set(bearer(vendor.token))
      .send(plan('skip'));
    expect(asVendor.status).toBe(403);
    expect((await startImport(t, admin.token, UNKNOWN_ID, plan('skip'))).status).toBe(404);
  });

  it("when the app's scheduler runs, then a start runs the imports' job at once and it finishes the import", async () => {
    // Its own look and schedule an hour apart: only the run the start asks for can do it in time.
    const worker = await startJobs(t.ctx, [{ ...importsJob, every: '1 hour' }], {
      processEvery: '1 hour',
    });
    expect(worker).toBeDefined();
    try {
      const file = await uploaded(
        t,
        admin.token,
        utf8BomCsv([IMPORT_HEADERS, row({ 0: 'H', 1: email('h') })]),
      );
      await started(file._id, plan('skip'));
      await vi.waitFor(
        async () => expect((await getImport(t, admin.token, file._id)).status).toBe('done'),
        { timeout: 10_000, interval: 100 },
      );
      expect((await getImport(t, admin.token, file._id)).progress.created).toBe(1);
    } finally {
      await worker!.stop();
    }
  });
});

describe('resuming an import', () => {
  /** A file of `rows` in chunks of two rows, uploaded through the service (the API's chunks are 500). */
  async function smallChunks(rows: string[][], name = 'por-partes.csv') {
    return uploadImport(t.ctx, name, utf8BomCsv([IMPORT_HEADERS, ...rows]), admin.user._id, {
      chunkRows: 2,
    });
  }

  it('when the process dies half-way through a chunk, then another one finishes it without storing a row twice', async () => {
    const existing = await createRequest(t, vendor.token, {
      name: 'Iris',
      email: email('iris'),
      requestType: 'otro',
      message: 'Hola',
    });
    const emails = [email('r2'), email('r3'), existing.email, email('r5'), email('r6')];
    const rows = emails.map((address, i) =>
      row({ 0: `Fila ${i + 2}`, 1: address, 2: `Empresa ${i + 2}`, 10: `Nota ${i + 2}` }),
    );
    const file = await smallChunks(rows);
    await started(file._id, plan('update'));

    // The first process writes chunk 0, then chunk 1's requests (a creation and an update),
    // and dies before it can write chunk 1's outcomes: it never gives its lease back.
    aroundOutcomesWrites((write, proceed) => {
      if (write === 2) throw new Error('the process died');
      return proceed();
    });
    await runWorker(t.ctx, file._id);
    vi.restoreAllMocks();

    const halfway = await getImport(t, admin.token, file._id);
    expect(halfway.status).toBe('running');
    expect(halfway.progress).toEqual({
      processed: 2,
      created: 2,
      updated: 0,
      skipped: 0,
      rejected: 0,
    });
    // Chunk 1's rows are in, the report says only chunk 0's.
    expect(await requestsOf(emails[3]!)).toHaveLength(1);
    const partial = await resultsOf(file._id);
    expect([...partial.values()].map(([result]) => result)).toEqual([
      IMPORT_ROW_RESULT_LABELS.created,
      IMPORT_ROW_RESULT_LABELS.created,
      '',
      '',
      '',
    ]);

    // A second API process on the same database: the dead one's lease holds it off until it
    // expires; then its scheduler's imports job takes the import over.
    const other: TestApp = await startTestApp({ dbName: t.dbName });
    try {
      expect(await takeImportLease(other.ctx, file._id, 1)).toBeUndefined();
      const later = { now: () => new Date(Date.now() + LEASE_MS + 1_000) };
      const jobs = await scheduled(other, 'other', later);
      try {
        await untilDone(file._id);
      } finally {
        await jobs.stop();
      }
    } finally {
      await other.close();
    }

    const done = await getImport(t, admin.token, file._id);
    expect(done.status).toBe('done');
    expect(done.progress).toEqual({
      processed: 5,
      created: 4,
      updated: 1,
      skipped: 0,
      rejected: 0,
    });
    for (const address of emails) {
      expect(await requestsOf(address), address).toHaveLength(address === existing.email ? 1 : 1);
    }
    // The update went in once: one "imported" entry, the note once.
    const updated = await apiRequest(existing._id);
    expect(updated.notes).toEqual(['Nota 4']);
    expect(updated.company).toBe('Empresa 4');
    const history = await historyOf(existing._id);
    expect(history.filter((entry) => entry.field === 'imported')).toHaveLength(1);

    // Every row's result and number, as stored.
    const results = await resultsOf(file._id);
    for (const [i, address] of emails.entries()) {
      const [doc] = await requestsOf(address);
      const expected =
        address === existing.email
          ? IMPORT_ROW_RESULT_LABELS.updated
          : IMPORT_ROW_RESULT_LABELS.created;
      expect(results.get(i + 2)).toEqual([expected, String(doc!.requestNumber), '']);
    }
    const numbers = (await Promise.all(emails.map(requestsOf))).map(([doc]) => doc!.requestNumber);
    expect(new Set(numbers).size).toBe(emails.length);
  });

  it("when the process stops between chunks, then it gives its lease back and another process's scheduler goes on at once", async () => {
    const emails = [email('s2'), email('s3'), email('s4'), email('s5'), email('s6')];
    const file = await smallChunks(emails.map((address) => row({ 0: 'S', 1: address })));
    const worker = await scheduled(t, 'first');
    let stopped: Promise<void> | undefined;
    // The process is told to stop (SIGTERM) once the first chunk's outcomes are written.
    aroundOutcomesWrites((_write, proceed) => {
      const written = proceed();
      stopped ??= worker.stop();
      return written;
    });
    await started(file._id, plan('skip'));
    await vi.waitFor(() => expect(stopped).toBeDefined());
    await stopped;
    vi.restoreAllMocks();

    const halfway = await getImport(t, admin.token, file._id);
    expect(halfway.status).toBe('running');
    expect(halfway.progress.processed).toBe(2);
    // Given back, not left to expire: taken now.
    const lease = await takeImportLease(t.ctx, file._id, 1);
    expect(lease).toBeDefined();
    await lease!.release();

    const other = await startTestApp({ dbName: t.dbName });
    const otherWorker = await scheduled(other, 'other');
    try {
      await untilDone(file._id);
    } finally {
      await otherWorker.stop();
      await other.close();
    }
    const done = await getImport(t, admin.token, file._id);
    expect(done.progress).toEqual({
      processed: 5,
      created: 5,
      updated: 0,
      skipped: 0,
      rejected: 0,
    });
    expect((await Promise.all(emails.map(requestsOf))).map((docs) => docs.length)).toEqual([
      1, 1, 1, 1, 1,
    ]);
  });

  it('when the same chunk fails run after run, then the import is given up, saying which rows', async () => {
    const rows = [
      row({ 0: 'J', 1: email('j') }),
      row({ 0: 'K', 1: email('k') }),
      row({ 0: 'L', 1: email('l') }),
    ];
    const file = await smallChunks(rows);
    await started(file._id, plan('skip'));
    aroundOutcomesWrites((write, proceed) => {
      // Chunk 0 goes through; chunk 1's outcomes never do.
      if (write > 1) throw new Error('the database refuses');
      return proceed();
    });

    let now = Date.now();
    for (let run = 0; run <= MAX_FAILED_RUNS; run++) {
      now += LEASE_MS + 1_000;
      const at = now;
      await runWorker(t.ctx, file._id, { now: () => new Date(at) });
    }

    const failed = await getImport(t, admin.token, file._id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe(IMPORT_MESSAGES.stoppedAt(4, 4));
    expect(failed.progress).toMatchObject({ processed: 2, created: 2 });
    // Its lease is free: nothing holds the import any more.
    expect(await takeImportLease(t.ctx, file._id, 1)).toBeDefined();
  });
});

describe('two API processes on one database', () => {
  it("when both run the imports' job, then every import is done once and each row is written once", async () => {
    // Three imports of three chunks each, started at once, for two processes' schedulers.
    const files = await Promise.all(
      ['uno', 'dos', 'tres'].map(async (name) => {
        const emails = Array.from({ length: 6 }, (_, i) => email(`${name}${i}`));
        const file = await uploadImport(
          t.ctx,
          `${name}.csv`,
          utf8BomCsv([IMPORT_HEADERS, ...emails.map((address) => row({ 0: name, 1: address }))]),
          admin.user._id,
          { chunkRows: 2 },
        );
        return { id: file._id, emails };
      }),
    );
    const other = await startTestApp({ dbName: t.dbName });
    const schedulers = [await scheduled(t, 'first'), await scheduled(other, 'second')];
    try {
      for (const file of files) await started(file.id, plan('skip'));
      for (const file of files) await untilDone(file.id);
    } finally {
      for (const scheduler of schedulers) await scheduler.stop();
      await other.close();
    }

    for (const file of files) {
      const done = await getImport(t, admin.token, file.id);
      // Each chunk counted once.
      expect(done.progress).toEqual({
        processed: 6,
        created: 6,
        updated: 0,
        skipped: 0,
        rejected: 0,
      });
      // Each row's request stored once, with one "imported" entry.
      const docs = await Promise.all(file.emails.map(requestsOf));
      expect(docs.map((found) => found.length)).toEqual([1, 1, 1, 1, 1, 1]);
      for (const [doc] of docs) {
        const history = await historyOf(doc!._id.toHexString());
        expect(history.filter((entry) => entry.field === 'imported')).toHaveLength(1);
      }
      const results = await resultsOf(file.id);
      expect([...results.values()].map(([result]) => result)).toEqual(
        Array.from({ length: 6 }, () => IMPORT_ROW_RESULT_LABELS.created),
      );
    }
  });
});

describe('POST /api/imports/:id/cancel', () => {
  const cancel = (id: string, token = admin.token) =>
    request(t.app).post(`/api/imports/${id}/cancel`).set(bearer(token));

  it('when cancelled before the worker takes it, then nothing is written', async () => {
    const address = email('m');
    const file = await uploaded(
      t,
      admin.token,
      utf8BomCsv([IMPORT_HEADERS, row({ 0: 'M', 1: address })]),
    );
    await started(file._id, plan('skip'));

    const res = await cancel(file._id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled' });
    await runWorker(t.ctx, file._id);

    expect(await requestsOf(address)).toEqual([]);
    expect((await getImport(t, admin.token, file._id)).progress.processed).toBe(0);
    const again = await cancel(file._id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: IMPORT_MESSAGES.notRunning });
  });

  it('when cancelled between chunks, then the worker stops there and gives its lease back', async () => {
    const emails = [email('n1'), email('n2'), email('n3'), email('n4')];
    const file = await uploadImport(
      t.ctx,
      'cancelada.csv',
      utf8BomCsv([IMPORT_HEADERS, ...emails.map((address) => row({ 0: 'N', 1: address }))]),
      admin.user._id,
      { chunkRows: 2 },
    );
    await started(file._id, plan('skip'));
    const lease = await takeImportLease(t.ctx, file._id, 0);
    // The user cancels while the first chunk is being written.
    const cancelling = {
      ...lease!,
      renew: async (chunk: number) => {
        expect((await cancel(file._id)).status).toBe(200);
        return lease!.renew(chunk);
      },
    };
    await runImport(t.ctx, file._id, cancelling);

    const stopped = await getImport(t, admin.token, file._id);
    expect(stopped.status).toBe('cancelled');
    expect(stopped.progress).toMatchObject({ processed: 2, created: 2 });
    expect((await Promise.all(emails.map(requestsOf))).map((docs) => docs.length)).toEqual([
      1, 1, 0, 0,
    ]);
    expect(await takeImportLease(t.ctx, file._id, 1)).toBeDefined();
  });

  it('when a vendor cancels, then 403; an import not started, 409', async () => {
    const file = await uploaded(
      t,
      admin.token,
      utf8BomCsv([IMPORT_HEADERS, row({ 0: 'O', 1: email('o') })]),
    );
    expect((await cancel(file._id, vendor.token)).status).toBe(403);
    expect((await cancel(file._id)).status).toBe(409);
  });
});
