import { existsSync } from 'node:fs';
import { MongoClient } from 'mongodb';
import {
  api,
  importReportSchema,
  importSummarySchema,
  pathOf,
  REQUEST_TYPES,
  type ImportSummary,
} from '@crm/shared';
import { DEMO_PASSWORD } from '../src/seed/index.js';
import {
  freePort,
  healthWhile,
  resetPeak,
  seedForApi,
  SERVER,
  startApi,
  statusKb,
  stopApi,
} from './api-process.js';
import { benchConfig, benchDatabase } from './bench-setup.js';
import { loginToken } from './login.js';

/**
 * `npm run bench:import` (issue 24): for each of BENCH_IMPORT_SIZES (default 10000) rows, a CSV
 * as Excel in Spanish saves it (UTF-8 with BOM, `;`, CRLF, 11 columns, dates DD/MM/AAAA HH:MM,
 * amounts "1.500.000") goes through the built API in its own process, as the browser sends it:
 * upload, check ("skip" duplicates), start, then GET the import every 250 ms until it is done.
 * The database holds BENCH_IMPORT_EXISTING (default 1000) requests and 50 users first. Per size:
 * each step's time, the job's rows per second, the API's resident memory before and at its
 * peak (VmHWM, reset first), and `/api/health` sampled every 100 ms through all of it. Then the
 * bare driver inserts the same number of request-sized documents in the job's batches (500) into
 * a scratch collection: how much of the job's time is the database's writes.
 */

// eslint-disable-next-line no-restricted-syntax -- benchmark entry point
const env = process.env;
const SIZES = (env.BENCH_IMPORT_SIZES ?? '10000').split(',').map(Number);
const EXISTING = Number(env.BENCH_IMPORT_EXISTING ?? 1000);
const DB_NAME = 'crm_bench_import';
const HEALTH_TARGET_MS = 100;
const POLL_MS = 250;
const BATCH = 500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (kb: number) => kb / 1024;
const f0 = (value: number) => value.toFixed(0);
const f1 = (value: number) => value.toFixed(1);

const HEADERS = [
  'Nombre',
  'Correo',
  'Empresa',
  'Cargo',
  'Teléfono',
  'Tipo',
  'Etapa',
  'Prioridad',
  'Fecha de creación',
  'Monto estimado',
  'Notas',
];
const STAGES = ['Nueva Solicitud', 'Contactado', 'Cotización enviada', 'En espera', 'Cerrado'];
const PRIORITIES = ['Baja', 'Media', 'Alta'];

/** Row i of the generated file: every row valid, each with its own email. */
function row(i: number): string[] {
  const day = String((i % 28) + 1).padStart(2, '0');
  const month = String((i % 12) + 1).padStart(2, '0');
  return [
    `Cliente ${i} Pérez`,
    `cliente${i}@empresa${i % 97}.cl`,
    `Compañía ${i % 500}`,
    'Gerente de operaciones',
    `+56 9 ${String(10_000_000 + i)}`,
    REQUEST_TYPES[i % REQUEST_TYPES.length]!,
    STAGES[i % STAGES.length]!,
    PRIORITIES[i % PRIORITIES.length]!,
    `${day}/${month}/2025 ${String(9 + (i % 9)).padStart(2, '0')}:30`,
    `${(i % 90) + 10}.000`,
    i % 3 === 0 ? `"Llamar el lunes\r\nEnviar la propuesta"` : '',
  ];
}

function csvOf(rows: number): Buffer {
  const lines = [HEADERS.join(';')];
  for (let i = 0; i < rows; i++) lines.push(row(i).join(';'));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

async function call<T>(
  url: string,
  token: string,
  init: { method?: string; body?: Buffer | string; type?: string },
  parse: (json: unknown) => T,
): Promise<T> {
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      Authorization: `Bearer ${token}`,
      ...(init.type ? { 'Content-Type': init.type } : {}),
    },
    body: init.body,
  });
  const text = await res.text();
  if (!res.ok)
    throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return parse(JSON.parse(text));
}

type ImportFigures = {
  rows: number;
  fileMb: number;
  uploadMs: number;
  checkMs: number;
  jobMs: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  created: number;
  health: { p95: number; max: number; samples: number; failed: number };
  bareInsertMs: number;
};

async function importOnce(base: string, token: string, pid: number, rows: number) {
  const file = csvOf(rows);
  await resetPeak(pid);
  const rssBefore = await statusKb(pid, 'VmRSS');
  const times = { uploadMs: 0, checkMs: 0, jobMs: 0 };
  let done: ImportSummary | undefined;
  const work = (async () => {
    let started = performance.now();
    const uploaded = await call(
      `${base}${pathOf(api.imports.upload)}?name=bench-${rows}.csv`,
      token,
      { method: 'POST', body: file, type: 'text/csv' },
      (json) => importSummarySchema.parse(json),
    );
    times.uploadMs = performance.now() - started;
    const plan = JSON.stringify({ mapping: uploaded.mapping, duplicates: 'skip' });
    const params = { id: uploaded._id };
    started = performance.now();
    const report = await call(
      `${base}${pathOf(api.imports.check, params)}`,
      token,
      { method: 'POST', body: plan, type: 'application/json' },
      (json) => importReportSchema.parse(json),
    );
    times.checkMs = performance.now() - started;
    if (report.valid !== rows) throw new Error(`check: ${report.valid} valid of ${rows}`);
    started = performance.now();
    await call(
      `${base}${pathOf(api.imports.start, params)}`,
      token,
      { method: 'POST', body: plan, type: 'application/json' },
      (json) => importSummarySchema.parse(json),
    );
    for (;;) {
      const now = await call(`${base}${pathOf(api.imports.get, params)}`, token, {}, (json) =>
        importSummarySchema.parse(json),
      );
      if (now.status === 'done' || now.status === 'failed' || now.status === 'cancelled') {
        done = now;
        break;
      }
      await sleep(POLL_MS);
    }
    times.jobMs = performance.now() - started;
  })();
  const health = await healthWhile(base, work);
  await work;
  if (done?.status !== 'done' || done.progress.created !== rows) {
    throw new Error(`the import ended ${done?.status} with ${done?.progress.created} created`);
  }
  return {
    rows,
    fileMb: file.length / 1024 / 1024,
    ...times,
    rssBeforeMb: mb(rssBefore),
    rssPeakMb: mb(await statusKb(pid, 'VmHWM')),
    created: done.progress.created,
    health,
  };
}

/** The bare driver: `rows` request-sized documents in batches of 500 into a scratch collection. */
async function bareInsert(mongoUrl: string, rows: number): Promise<number> {
  const client = await MongoClient.connect(mongoUrl);
  try {
    const collection = client.db(DB_NAME).collection('bare_inserts');
    await collection.drop().catch(() => undefined);
    const started = performance.now();
    for (let first = 0; first < rows; first += BATCH) {
      const batch = [];
      for (let i = first; i < Math.min(rows, first + BATCH); i++) {
        const [name, email, company, jobPosition, contactNumber] = row(i);
        batch.push({
          name,
          email,
          company,
          jobPosition,
          contactNumber,
          requestNumber: 1_000_000 + i,
          importKey: `bare:${i}`,
          createdAt: new Date(),
          history: [{ at: new Date(), field: 'imported', from: null, to: 'bare.csv' }],
        });
      }
      await collection.insertMany(batch, { ordered: false });
    }
    const ms = performance.now() - started;
    await collection.drop();
    return ms;
  } finally {
    await client.close();
  }
}

function printTable(rows: ImportFigures[]): void {
  const header = [
    'rows',
    'file MB',
    'upload s',
    'check s',
    'job s',
    'job rows/s',
    'API RSS before → peak MB',
    'health p95 / max ms (n)',
    'bare insert s',
  ];
  const body = rows.map((r) => [
    String(r.rows),
    f1(r.fileMb),
    f1(r.uploadMs / 1000),
    f1(r.checkMs / 1000),
    f1(r.jobMs / 1000),
    f0(r.rows / (r.jobMs / 1000)),
    `${f0(r.rssBeforeMb)} → ${f0(r.rssPeakMb)}`,
    `${f0(r.health.p95)} / ${f0(r.health.max)} (${r.health.samples}${r.health.failed ? `, ${r.health.failed} failed` : ''})`,
    f1(r.bareInsertMs / 1000),
  ]);
  const table = [header, ...body];
  const widths = header.map((_, col) => Math.max(...table.map((line) => line[col]!.length)));
  for (const line of table)
    console.log(line.map((cell, col) => cell.padStart(widths[col]!)).join(' | '));
}

async function main(): Promise<void> {
  if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: build the API first`);
  const config = benchConfig(env);
  const database = await benchDatabase(config.mongoUrl);
  const results: ImportFigures[] = [];
  try {
    console.log(
      `command: npm run bench:import (BENCH_IMPORT_SIZES=${SIZES.join(',')} BENCH_IMPORT_EXISTING=${EXISTING})`,
    );
    console.log(`database: ${database.source}; node ${process.version}`);
    for (const size of SIZES) {
      console.log(`${size} rows:`);
      const email = await seedForApi(database.url, DB_NAME, config, EXISTING);
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const apiProcess = await startApi(database.url, DB_NAME, port);
      try {
        const token = await loginToken(base, email, DEMO_PASSWORD);
        const idle = await healthWhile(base, sleep(2000));
        console.log(
          `  /api/health with nothing else running: p95 ${f0(idle.p95)} ms, max ${f0(idle.max)} ms`,
        );
        const figures = await importOnce(base, token, apiProcess.pid ?? 0, size);
        const bareInsertMs = await bareInsert(database.url, size);
        results.push({ ...figures, bareInsertMs });
        printTable(results.slice(-1));
      } finally {
        await stopApi(apiProcess);
      }
    }
    console.log('');
    printTable(results);
    const worst = Math.max(...results.map((r) => r.health.max));
    console.log(
      `\nworst /api/health latency during an import: ${f0(worst)} ms (${worst < HEALTH_TARGET_MS ? 'within' : 'OVER'} the ${HEALTH_TARGET_MS} ms target)`,
    );
  } finally {
    const client = await MongoClient.connect(database.url);
    await client.db(DB_NAME).dropDatabase();
    await client.close();
    await database.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('bench:import failed:', error);
    process.exit(1);
  },
);
