import { existsSync } from 'node:fs';
import { get, type IncomingMessage } from 'node:http';
import { createGunzip } from 'node:zlib';
import { MongoClient, type Document } from 'mongodb';
import { EXPORT_FORMATS, api, pathOf, type ExportFormat } from '@crm/shared';
import type { AppConfig } from '../src/config/env.js';
import { EXPORTED_FIELDS } from '../src/requests/export/export-row.js';
import { EXPORT_BATCH_SIZE, exportFilter } from '../src/requests/export/request-export.js';
import { DEMO_PASSWORD } from '../src/seed/index.js';
import { benchConfig, benchDatabase } from './bench-setup.js';
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
import { loginToken } from './login.js';

/**
 * `npm run bench:export` (issue 24): for each of BENCH_EXPORT_SIZES (default 10000) requests,
 * seeded as the other benches do (seedDemoData, 50 users), the built API in its own process
 * (dist/server.js, as bench:abuse) exports them all as CSV (gzip, as a browser asks) and as
 * XLSX (BENCH_EXPORT_FORMATS). Per export: time to first byte, total time, rows per second, the
 * bytes on the wire, the API's resident memory before and at its peak (VmHWM, reset before each
 * export), and `/api/health` sampled every 100 ms meanwhile (p95 and max). Then the bare
 * driver's read of the same rows (same filter, projection, order and batch size) shows how much
 * of the time is the database's.
 */

// eslint-disable-next-line no-restricted-syntax -- benchmark entry point
const env = process.env;
const SIZES = (env.BENCH_EXPORT_SIZES ?? '10000').split(',').map(Number);
const FORMATS = (env.BENCH_EXPORT_FORMATS ?? EXPORT_FORMATS.join(','))
  .split(',')
  .filter((format): format is ExportFormat => EXPORT_FORMATS.some((known) => known === format));
const DB_NAME = 'crm_bench_export';
const HEALTH_TARGET_MS = 100;

type ExportFigures = {
  format: ExportFormat;
  rows: number;
  firstByteMs: number;
  totalMs: number;
  wireMb: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  health: { p95: number; max: number; samples: number; failed: number };
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (kb: number) => kb / 1024;

/** One download, as a browser makes it (gzip accepted); counts the CSV's lines on the way. */
function download(url: string, token: string, format: ExportFormat) {
  return new Promise<{ firstByteMs: number; totalMs: number; bytes: number; lines: number }>(
    (resolve, reject) => {
      const started = performance.now();
      let firstByteMs = Number.NaN;
      let bytes = 0;
      let lines = 0;
      const request = get(
        url,
        { headers: { Authorization: `Bearer ${token}`, 'Accept-Encoding': 'gzip' } },
        (res: IncomingMessage) => {
          if (res.statusCode !== 200) {
            reject(new Error(`GET ${url}: ${res.statusCode}`));
            res.resume();
            return;
          }
          res.on('data', (chunk: Buffer) => {
            if (Number.isNaN(firstByteMs)) firstByteMs = performance.now() - started;
            bytes += chunk.length;
          });
          const body = res.headers['content-encoding'] === 'gzip' ? res.pipe(createGunzip()) : res;
          // A CRLF may straddle two chunks: count on the text with the previous chunk's last byte.
          let carry = '';
          body.on('data', (chunk: Buffer) => {
            if (format !== 'csv') return;
            const text = carry + chunk.toString('latin1');
            lines += text.split('\r\n').length - 1;
            carry = text.endsWith('\r') ? '\r' : '';
          });
          body.on('end', () =>
            resolve({ firstByteMs, totalMs: performance.now() - started, bytes, lines }),
          );
          body.on('error', reject);
        },
      );
      request.on('error', reject);
    },
  );
}

async function exportOnce(
  base: string,
  token: string,
  pid: number,
  format: ExportFormat,
  size: number,
): Promise<ExportFigures> {
  await resetPeak(pid);
  const rssBefore = await statusKb(pid, 'VmRSS');
  const downloading = download(
    `${base}${pathOf(api.requests.export)}?format=${format}`,
    token,
    format,
  );
  const health = await healthWhile(base, downloading);
  const got = await downloading;
  if (format === 'csv' && got.lines !== size + 1) {
    throw new Error(`the CSV has ${got.lines} lines, expected ${size + 1}`);
  }
  return {
    format,
    rows: size,
    firstByteMs: got.firstByteMs,
    totalMs: got.totalMs,
    wireMb: got.bytes / 1024 / 1024,
    rssBeforeMb: mb(rssBefore),
    rssPeakMb: mb(await statusKb(pid, 'VmHWM')),
    health,
  };
}

/** The same rows with the bare driver: the export's filter, projection, order and batch size. */
async function bareRead(mongoUrl: string): Promise<{ ms: number; rows: number }> {
  const client = await MongoClient.connect(mongoUrl);
  try {
    const projection = Object.fromEntries(EXPORTED_FIELDS.split(' ').map((field) => [field, 1]));
    const started = performance.now();
    let rows = 0;
    const cursor = client
      .db(DB_NAME)
      .collection('requests')
      .find(
        exportFilter({ format: 'csv' }, { userId: '', timeZone: 'UTC' }, new Date()) as Document,
        {
          projection,
        },
      )
      .sort({ createdAt: 1, _id: 1 })
      .batchSize(EXPORT_BATCH_SIZE);
    for await (const _doc of cursor) rows += 1;
    return { ms: performance.now() - started, rows };
  } finally {
    await client.close();
  }
}

/** Seeds `size` requests and 50 users; answers the first user's email (a system admin). */
/** The demo data of `size` requests, timed (seeding 100,000 is minutes on FerretDB). */
async function seed(mongoUrl: string, config: AppConfig, size: number): Promise<string> {
  const started = performance.now();
  const email = await seedForApi(mongoUrl, DB_NAME, config, size);
  console.log(
    `  seeded ${size} requests in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return email;
}

const f0 = (value: number) => value.toFixed(0);
const f1 = (value: number) => value.toFixed(1);

type Row = ExportFigures & { bareMs: readonly [number, number] };

function printTable(rows: Row[]): void {
  const header = [
    'rows',
    'format',
    'first byte ms',
    'total s',
    'rows/s',
    'MB sent',
    'API RSS before → peak MB',
    `health p95 / max ms (n)`,
    'bare cursor read s (before / after)',
  ];
  const body = rows.map((r) => [
    String(r.rows),
    r.format,
    f0(r.firstByteMs),
    f1(r.totalMs / 1000),
    f0(r.rows / (r.totalMs / 1000)),
    f1(r.wireMb),
    `${f0(r.rssBeforeMb)} → ${f0(r.rssPeakMb)}`,
    `${f0(r.health.p95)} / ${f0(r.health.max)} (${r.health.samples}${r.health.failed ? `, ${r.health.failed} failed` : ''})`,
    `${f1(r.bareMs[0] / 1000)} / ${f1(r.bareMs[1] / 1000)}`,
  ]);
  const table = [header, ...body];
  const widths = header.map((_, col) => Math.max(...table.map((row) => row[col]!.length)));
  for (const row of table)
    console.log(row.map((cell, col) => cell.padStart(widths[col]!)).join(' | '));
}

async function main(): Promise<void> {
  if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: build the API first`);
  const config = benchConfig(env);
  const database = await benchDatabase(config.mongoUrl);
  const results: Row[] = [];
  try {
    console.log(
      `command: npm run bench:export (BENCH_EXPORT_SIZES=${SIZES.join(',')} BENCH_EXPORT_FORMATS=${FORMATS.join(',')})`,
    );
    console.log(`database: ${database.source}; node ${process.version}`);
    for (const size of SIZES) {
      console.log(`${size} requests:`);
      const email = await seed(database.url, config, size);
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const api = await startApi(database.url, DB_NAME, port);
      try {
        const token = await loginToken(base, email, DEMO_PASSWORD);
        const idle = await healthWhile(base, sleep(2000));
        console.log(
          `  /api/health with nothing else running: p95 ${f0(idle.p95)} ms, max ${f0(idle.max)} ms`,
        );
        // Before and after the exports: the machine's load varies, the database is as warm.
        const bareBefore = await bareRead(database.url);
        const figures: ExportFigures[] = [];
        for (const format of FORMATS) {
          figures.push(await exportOnce(base, token, api.pid ?? 0, format, size));
        }
        const bareAfter = await bareRead(database.url);
        for (const bare of [bareBefore, bareAfter]) {
          if (bare.rows !== size) throw new Error(`bare read: ${bare.rows} rows, expected ${size}`);
        }
        const bareMs = [bareBefore.ms, bareAfter.ms] as const;
        results.push(...figures.map((each) => ({ ...each, bareMs })));
        printTable(results.slice(-figures.length));
      } finally {
        await stopApi(api);
      }
    }
    console.log('');
    printTable(results);
    const worst = Math.max(...results.map((r) => r.health.max));
    console.log(
      `\nworst /api/health latency during an export: ${f0(worst)} ms (${worst < HEALTH_TARGET_MS ? 'within' : 'OVER'} the ${HEALTH_TARGET_MS} ms target)`,
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
    console.error('bench:export failed:', error);
    process.exit(1);
  },
);
