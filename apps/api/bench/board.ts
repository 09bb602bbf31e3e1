import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { MongoClient, type Db } from 'mongodb';
import { pino } from 'pino';
import { chromium, type Browser } from 'playwright-core';
import { BOARD_COLUMNS, REQUEST_STATUSES, STORAGE_KEYS, api, pathOf } from '@crm/shared';
import { createApp } from '../src/app.js';
import { createContext } from '../src/app-context.js';
import type { AppConfig } from '../src/config/env.js';
import { connectDatabase } from '../src/db/connect.js';
import { DEMO_PASSWORD, seedDemoData } from '../src/seed/index.js';
import { benchConfig, benchDatabase } from './bench-setup.js';
import { close, getText, listen, trackInFlight } from './http-util.js';
import { loginToken } from './login.js';
import { timed, type Timing } from './measure.js';
import { measureBoardInBrowser, type BrowserFigures } from './board-browser.js';

/**
 * `npm run bench:board` (issue 11): for 1,000, 10,000 and 100,000 requests on the database of
 * MONGO_URL (else mongodb-memory-server), the paged board against `GET /api/form-contact/all`:
 * API latency and bytes, the bare driver's time for the same queries, and in Chromium the time
 * until every column shows its first cards, the JS heap, the DOM size and the scrolling frame
 * rate. BENCH_BOARD_SIZES (comma-separated) and BENCH_SAMPLES tune it.
 */

// eslint-disable-next-line no-restricted-syntax -- benchmark entry point
const env = process.env;
const DB_NAME = 'crm_bench_board';
const SIZES = (env.BENCH_BOARD_SIZES ?? '1000,10000,100000').split(',').map(Number);
const SAMPLES = Number(env.BENCH_SAMPLES ?? 15);
const WEB_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'web',
  'dist',
);
const CHROMIUM = env.CHROMIUM_PATH ?? '/usr/bin/chromium';

type SizeFigures = {
  size: number;
  board: Timing & { kb: number; gzipKb: number };
  nextPage: Timing;
  bareBoard: Timing;
  bareNextPage: Timing;
  all: { ms: number; kb: number };
  bareAll: { ms: number };
  browser: BrowserFigures;
};

/** The board's queries with the bare driver: five first pages and one counting aggregate. */
function bareBoard(db: Db) {
  const requests = db.collection('requests');
  return Promise.all([
    ...REQUEST_STATUSES.map((status) =>
      requests.find({ status }).sort({ createdAt: -1, _id: -1 }).limit(51).toArray(),
    ),
    requests
      .aggregate([
        { $match: { status: { $in: [...REQUEST_STATUSES] } } },
        { $group: { _id: '$status', count: { $sum: 1 } } },
      ])
      .toArray(),
  ]);
}

/** The next page of the first column with the bare driver, after its first page's last card. */
async function bareNextPage(db: Db) {
  const requests = db.collection<{ createdAt: Date }>('requests');
  const status = REQUEST_STATUSES[0];
  const first = await requests
    .find({ status })
    .sort({ createdAt: -1, _id: -1 })
    .limit(50)
    .toArray();
  const last = first.at(-1);
  if (!last) return [];
  return requests
    .find({
      status,
      $or: [
        { createdAt: { $lt: last.createdAt } },
        { createdAt: last.createdAt, _id: { $lt: last._id } },
      ],
    })
    .sort({ createdAt: -1, _id: -1 })
    .limit(51)
    .toArray();
}

async function measureSize(
  size: number,
  mongoUrl: string,
  config: AppConfig,
  browser: Browser,
): Promise<SizeFigures> {
  const connection = await connectDatabase(mongoUrl, DB_NAME, config.mongoMaxPoolSize);
  const client = await MongoClient.connect(mongoUrl, { maxPoolSize: config.mongoMaxPoolSize });
  let server: Server | undefined;
  let idle: () => Promise<void> = () => Promise.resolve();
  try {
    await connection.dropDatabase();
    const ctx = await createContext(
      connection,
      { ...config, jwtSecret: randomBytes(32).toString('hex'), webDir: WEB_DIR },
      pino({ level: 'silent' }),
    );
    const seeding = performance.now();
    const { users } = await seedDemoData(ctx, { users: 50, requests: size });
    console.log(
      `  seeded ${size} requests in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );
    server = createServer(createApp(ctx));
    ({ idle } = trackInFlight(server));
    const base = await listen(server);
    const token = await loginToken(base, users[0]!.email, DEMO_PASSWORD);
    const db = client.db(DB_NAME);

    const boardUrl = base + pathOf(api.requests.board);
    const boardText = await getText(boardUrl, token);
    const firstColumn = (JSON.parse(boardText) as { columns: { nextCursor: string | null }[] })
      .columns[0]!;
    const nextUrl = `${base}${pathOf(api.requests.column)}?${new URLSearchParams({
      status: REQUEST_STATUSES[0],
      ...(firstColumn.nextCursor ? { cursor: firstColumn.nextCursor } : {}),
    }).toString()}`;

    // Fewer samples where one call takes seconds (FerretDB at 100,000 requests).
    const samples = size >= 100_000 ? Math.min(SAMPLES, 3) : SAMPLES;
    const board = await timed(samples, () => getText(boardUrl, token));
    const nextPage = await timed(samples, () => getText(nextUrl, token));
    const bareBoardTiming = await timed(samples, () => bareBoard(db));
    const bareNextPageTiming = await timed(samples, () => bareNextPage(db));

    // The old way, once: at 100,000 requests it takes tens of seconds.
    let started = performance.now();
    const allText = await getText(base + pathOf(api.requests.list), token);
    const all = { ms: performance.now() - started, kb: Buffer.byteLength(allText) / 1024 };
    started = performance.now();
    await db.collection('requests').find().toArray();
    const bareAll = { ms: performance.now() - started };

    const browserFigures = await measureBoardInBrowser(browser, base, {
      token,
      userId: users[0]!._id.toHexString(),
      storageKeys: STORAGE_KEYS,
      columnTitles: BOARD_COLUMNS.map((column) => column.title),
    });
    return {
      size,
      board: {
        ...board,
        kb: Buffer.byteLength(boardText) / 1024,
        gzipKb: gzipSync(boardText).length / 1024,
      },
      nextPage,
      bareBoard: bareBoardTiming,
      bareNextPage: bareNextPageTiming,
      all,
      bareAll,
      browser: browserFigures,
    };
  } finally {
    // Calls the browser left running must end before the database is dropped under them
    // (FerretDB 1.x crashes when its SQLite file goes away mid-read).
    await idle();
    if (server) await close(server);
    await connection.dropDatabase().catch(() => undefined);
    await connection.close();
    await client.close();
  }
}

const f0 = (value: number) => value.toFixed(0);
const f1 = (value: number) => value.toFixed(1);

function printTable(rows: SizeFigures[]): void {
  const header = [
    'requests',
    'board p50/p95 ms',
    'bare board p50',
    'board KB (gzip)',
    'next page p50/p95 ms',
    'bare next p50',
    '/all ms (KB)',
    'bare /all ms',
    'first cards, all columns ms',
    'JS heap MB',
    'DOM nodes first (after scroll)',
    'scroll fps',
  ];
  const body = rows.map((r) => [
    String(r.size),
    `${f0(r.board.p50)} / ${f0(r.board.p95)}`,
    f0(r.bareBoard.p50),
    `${f1(r.board.kb)} (${f1(r.board.gzipKb)})`,
    `${f0(r.nextPage.p50)} / ${f0(r.nextPage.p95)}`,
    f0(r.bareNextPage.p50),
    `${f0(r.all.ms)} (${f0(r.all.kb)})`,
    f0(r.bareAll.ms),
    f0(r.browser.firstCardsMs),
    f1(r.browser.heapMb),
    `${r.browser.firstDomNodes} (${r.browser.domNodes})`,
    f0(r.browser.fps),
  ]);
  const table = [header, ...body];
  const widths = header.map((_, col) => Math.max(...table.map((row) => row[col]!.length)));
  for (const row of table)
    console.log(row.map((cell, col) => cell.padStart(widths[col]!)).join(' | '));
}

function printVerdicts(rows: SizeFigures[]): void {
  const bySize = new Map(rows.map((row) => [row.size, row]));
  const small = bySize.get(1000);
  const medium = bySize.get(10_000);
  const large = bySize.get(100_000);
  if (small && large) {
    const ratio = large.browser.firstCardsMs / small.browser.firstCardsMs;
    console.log(
      `first paint of all five columns, 100,000 vs 1,000: ${ratio.toFixed(2)}x (target 1.5x or less)`,
    );
  }
  if (medium) {
    console.log(
      `first paint at 10,000: ${f0(medium.browser.firstCardsMs)} ms (target under 1,000 ms)`,
    );
  }
  const slowest = Math.min(...rows.map((row) => row.browser.fps));
  console.log(`slowest scrolling: ${f0(slowest)} fps (target 55 or more)`);
}

async function main(): Promise<void> {
  const config = benchConfig(env);
  const database = await benchDatabase(config.mongoUrl);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  try {
    console.log(
      `command: npm run bench:board (BENCH_BOARD_SIZES=${SIZES.join(',')} BENCH_SAMPLES=${SAMPLES})`,
    );
    console.log(`database: ${database.source}; browser: ${CHROMIUM}`);
    const rows: SizeFigures[] = [];
    for (const size of SIZES) {
      console.log(`${size} requests:`);
      rows.push(await measureSize(size, database.url, config, browser));
      // Each size's figures as soon as they are in: a long run stopped later keeps them.
      printTable(rows.slice(-1));
    }
    console.log('');
    printTable(rows);
    console.log('');
    printVerdicts(rows);
  } finally {
    await browser.close();
    await database.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('bench:board failed:', error);
    process.exit(1);
  },
);
