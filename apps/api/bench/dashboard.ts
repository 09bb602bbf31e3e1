import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MongoClient, type Db, type Document } from 'mongodb';
import { Types, type Aggregate, type PipelineStage } from 'mongoose';
import { pino } from 'pino';
import { chromium, type Browser } from 'playwright-core';
import {
  AGENDA_LABELS,
  DASHBOARD_LABELS,
  STORAGE_KEYS,
  api,
  instantsOf,
  pathOf,
  periodDays,
  plusDays,
  weekStarts,
  type Dashboard,
  type DashboardPeriodName,
  type StaleDays,
} from '@crm/shared';
import { createApp } from '../src/app.js';
import { createContext } from '../src/app-context.js';
import type { AppConfig } from '../src/config/env.js';
import type { AppContext } from '../src/context.js';
import { connectDatabase } from '../src/db/connect.js';
import { totalsPipeline } from '../src/db/group-totals.js';
import {
  groupsSeveralAccumulators,
  supportsElemMatchOnDocuments,
} from '../src/db/server-features.js';
import {
  closedIn,
  funnelQuery,
  openByVendorQuery,
  outcomesQuery,
  pipelineQuery,
  staleByVendorQuery,
  staleFilter,
  staysQuery,
  weekCountFilters,
  type Range,
  type Scope,
} from '../src/requests/figures/figures.js';
import { DEMO_PASSWORD, seedDemoData } from '../src/seed/index.js';
import { getSettings } from '../src/settings/index.js';
import { SETTINGS_ID } from '../src/settings/settings.model.js';
import { benchConfig, benchDatabase } from './bench-setup.js';
import { measureHomeInBrowser } from './dashboard-browser.js';
import { close, getText, listen, trackInFlight } from './http-util.js';
import { loginToken } from './login.js';
import { timed, type Timing } from './measure.js';

/**
 * `npm run bench:dashboard` (issue 22): for 1,000, 10,000 and 100,000 demo requests (each with
 * its status moves: history and stageVisits) on the database of MONGO_URL (else
 * mongodb-memory-server), `GET /api/dashboard` for "Este mes" and "Este trimestre", signed in as a
 * system admin (the whole team, Equipo included) and as one vendor (their own figures), each
 * beside the bare driver's time for the same reads, built by the service's own builders
 * (apps/api/src/dashboard/); and once per size, in Chromium, the time from navigation to
 * /main/home until every panel shows its figures. BENCH_DASHBOARD_SIZES (comma-separated) and
 * BENCH_SAMPLES tune it; WEB_DIR, the built web app served (default apps/web/dist);
 * BENCH_DASHBOARD_BREAKDOWN=1 first times each of the admin's reads alone.
 */

// eslint-disable-next-line no-restricted-syntax -- benchmark entry point
const env = process.env;
const DB_NAME = 'crm_bench_dashboard';
const USERS = 50;
const SIZES = (env.BENCH_DASHBOARD_SIZES ?? '1000,10000,100000').split(',').map(Number);
const SAMPLES = Number(env.BENCH_SAMPLES ?? 15);
const BREAKDOWN = env.BENCH_DASHBOARD_BREAKDOWN === '1';
const PERIODS = ['month', 'quarter'] as const satisfies readonly DashboardPeriodName[];
const WEB_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'web',
  'dist',
);
const CHROMIUM = env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The web app's "Loading..." (LABELS.loading in apps/web/src/lib/labels.ts, not in @crm/shared). */
const LOADING_TEXT = 'Loading...';
/** The field "Cerradas" sums (closedTotals in requests/figures/figures.ts). */
const AMOUNT_PAID = '$amoutPaid';

type Row = {
  size: number;
  who: string;
  period: DashboardPeriodName;
  api: Timing & { samples: number[] };
  bare: Timing & { samples: number[] };
  /** What the answer holds, in a few words. */
  result: string;
  kb: number;
};

type SizeFigures = {
  size: number;
  history: number;
  stageVisits: number;
  rows: Row[];
  /** Navigation to /main/home until every panel shows its figures, signed in as the admin. */
  browserMs: number;
};

/** `timed`, keeping each sample (other helpers' runs share the machine: all are reported). */
async function timedSamples(samples: number, run: () => Promise<unknown>) {
  const all: number[] = [];
  const timing = await timed(samples, async () => {
    const started = performance.now();
    await run();
    all.push(performance.now() - started);
  });
  // The first is the warm-up, not a sample.
  return { ...timing, samples: all.slice(1) };
}

/** A mongoose pipeline as the service builds it, run by the bare driver. */
const runPipeline = (db: Db, built: Aggregate<unknown> | PipelineStage[]) =>
  db
    .collection('requests')
    .aggregate<Document>(Array.isArray(built) ? built : built.pipeline())
    .toArray();

type Session = {
  ctx: AppContext;
  db: Db;
  timeZone: string;
  staleDays: StaleDays;
  elemMatch: boolean;
  severalAccumulators: boolean;
};

/**
 * A count and a sum per group as db/group-totals.ts runs them: its one-pass pipeline on
 * MongoDB, else (FerretDB 1.x) one $group per accumulator, in parallel.
 */
function bareTotals(s: Session, match: Record<string, unknown>, id: '$vendor' | null) {
  const pipeline = totalsPipeline(match, id, AMOUNT_PAID);
  if (s.severalAccumulators) return runPipeline(s.db, pipeline);
  const [matchStage, groupStage] = pipeline as [PipelineStage.Match, PipelineStage.Group];
  const { _id: groupId, ...accumulators } = groupStage.$group as Record<string, unknown>;
  return Promise.all(
    Object.entries(accumulators).map(([name, accumulator]) =>
      runPipeline(s.db, [matchStage, { $group: { _id: groupId, [name]: accumulator } }]),
    ),
  );
}

type BareRead = { read: string; run: () => Promise<unknown> };

/**
 * GET /api/dashboard's reads (getDashboard in dashboard.service.ts) on the bare driver: funnel,
 * the 12 weeks' two counts each (weeklyOf), stays, closed now and before, outcomes, pipeline, the
 * settings document and, for the whole team, Equipo's open and stale groups and the users
 * (teamOf). Written again here where the service runs its builders' results itself (weeklyOf's
 * loop, teamOf's users read).
 */
function bareReads(
  s: Session,
  scope: Scope,
  withTeam: boolean,
  period: DashboardPeriodName,
): BareRead[] {
  const now = new Date();
  const days = periodDays({ period }, now, s.timeZone);
  const range: Range = instantsOf(days.from, days.to, s.timeZone);
  const previous: Range = instantsOf(days.previousFrom, days.previousTo, s.timeZone);
  const requests = s.db.collection('requests');
  const stale = staleFilter(s.staleDays, now);
  const reads: BareRead[] = [
    { read: 'funnel', run: () => runPipeline(s.db, funnelQuery(s.ctx, scope, range)) },
    {
      read: 'weekly (24 counts)',
      run: () =>
        Promise.all(
          weekStarts(now, s.timeZone).map((weekStart) => {
            const filters = weekCountFilters(
              scope,
              instantsOf(weekStart, plusDays(weekStart, 6), s.timeZone),
            );
            return Promise.all([
              requests.countDocuments(filters.all),
              requests.countDocuments(filters.website),
            ]);
          }),
        ),
    },
    {
      read: 'stays',
      run: () => runPipeline(s.db, staysQuery(s.ctx, scope, range, s.elemMatch)),
    },
    {
      read: 'closed',
      run: () => bareTotals(s, closedIn(scope, range), withTeam ? '$vendor' : null),
    },
    { read: 'closed before', run: () => bareTotals(s, closedIn(scope, previous), null) },
    { read: 'outcomes', run: () => runPipeline(s.db, outcomesQuery(s.ctx, scope, range)) },
    { read: 'pipeline', run: () => runPipeline(s.db, pipelineQuery(s.ctx, scope, range)) },
    {
      read: 'settings',
      run: () =>
        s.db
          .collection<{ _id: string }>(s.ctx.models.Settings.collection.collectionName)
          .findOne({ _id: SETTINGS_ID }),
    },
  ];
  if (!withTeam) return reads;
  return [
    ...reads,
    { read: 'team open', run: () => runPipeline(s.db, openByVendorQuery(s.ctx)) },
    {
      read: 'team stale',
      run: () =>
        stale ? runPipeline(s.db, staleByVendorQuery(s.ctx, stale)) : Promise.resolve([]),
    },
    {
      read: 'team users',
      run: () =>
        s.db
          .collection(s.ctx.models.User.collection.collectionName)
          .find({}, { projection: { name: 1, lastName: 1, role: 1 } })
          .toArray(),
    },
  ];
}

/** The whole call's reads in parallel, as the service runs them. */
const bareDashboard = (...args: Parameters<typeof bareReads>) =>
  Promise.all(bareReads(...args).map((read) => read.run()));

/**
 * BENCH_DASHBOARD_BREAKDOWN=1: the admin's "Este mes" reads one at a time, each once, to see
 * where a call's time goes.
 */
async function printBreakdown(s: Session): Promise<void> {
  const parts: string[] = [];
  for (const { read, run } of bareReads(s, {}, true, 'month')) {
    const started = performance.now();
    await run();
    parts.push(`${read} ${fmt(performance.now() - started)}`);
  }
  console.log(`  bare reads alone, system admin, month (ms): ${parts.join('; ')}`);
}

/** The average number of `field`'s entries per request, counted by the database. */
async function averageEntries(db: Db, field: string, requests: number): Promise<number> {
  const [counted] = await db
    .collection('requests')
    .aggregate<{ n: number }>([
      { $project: { [field]: 1 } },
      { $unwind: `$${field}` },
      { $count: 'n' },
    ])
    .toArray();
  return (counted?.n ?? 0) / requests;
}

/** What a user sees of the answer, for the table. */
function resultOf(body: Dashboard): string {
  const created = body.funnel[0]?.reached ?? 0;
  const left = body.stageTimes.reduce((sum, stage) => sum + stage.count, 0);
  const team = body.team ? `, team ${body.team.length}` : '';
  return `created ${created}, stays ${left}, closed ${body.closed.count}${team}`;
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
      {
        ...config,
        jwtSecret: randomBytes(32).toString('hex'),
        webDir: config.webDir ?? WEB_DIR,
      },
      pino({ level: 'silent' }),
    );
    const seeding = performance.now();
    const { users } = await seedDemoData(ctx, { users: USERS, requests: size });
    const db = client.db(DB_NAME);
    const history = await averageEntries(db, 'history', size);
    const stageVisits = await averageEntries(db, 'stageVisits', size);
    console.log(
      `  seeded ${size} requests, ${USERS} users in ${(
        (performance.now() - seeding) /
        1000
      ).toFixed(
        1,
      )} s; per request on average ${history.toFixed(2)} history entries, ${stageVisits.toFixed(
        2,
      )} stageVisits`,
    );

    server = createServer(createApp(ctx));
    ({ idle } = trackInFlight(server));
    const base = await listen(server);
    const admin = users.find((user) => user.role === 'system admin');
    const vendor = users.find((user) => user.role === 'vendor');
    if (!admin || !vendor) throw new Error('the seed made no system admin or no vendor');
    const adminToken = await loginToken(base, admin.email, DEMO_PASSWORD);
    const vendorToken = await loginToken(base, vendor.email, DEMO_PASSWORD);
    const [elemMatch, severalAccumulators, settings] = await Promise.all([
      supportsElemMatchOnDocuments(connection),
      groupsSeveralAccumulators(connection),
      getSettings(ctx),
    ]);
    // The seeded users have no zone of their own: their days are APP_TIME_ZONE's, as the API's.
    const session: Session = {
      ctx,
      db,
      timeZone: config.timeZone,
      staleDays: settings.staleDays,
      elemMatch,
      severalAccumulators,
    };
    console.log(
      `  admin ${admin.email}, vendor ${vendor.email}; days in ${config.timeZone}; ` +
        `$elemMatch: ${elemMatch ? 'yes' : 'no'}, several accumulators: ${
          severalAccumulators ? 'yes' : 'no (FerretDB)'
        }`,
    );

    if (BREAKDOWN) await printBreakdown(session);

    const callers = [
      { who: 'system admin (team)', token: adminToken, scope: {}, withTeam: true },
      {
        who: `vendor (${vendor.email.split('@')[0]})`,
        token: vendorToken,
        scope: { vendor: new Types.ObjectId(vendor._id.toHexString()) },
        withTeam: false,
      },
    ];
    // Fewer samples where one call takes seconds (FerretDB from 10,000 requests, any database at
    // 100,000), as bench:board.
    const samples = size >= 100_000 ? Math.min(SAMPLES, 3) : SAMPLES;
    const rows: Row[] = [];
    for (const caller of callers) {
      for (const period of PERIODS) {
        const url = `${base}${pathOf(api.dashboard.get)}?${new URLSearchParams({ period }).toString()}`;
        const text = await getText(url, caller.token);
        const apiTiming = await timedSamples(samples, () => getText(url, caller.token));
        const bareTiming = await timedSamples(samples, () =>
          bareDashboard(session, caller.scope, caller.withTeam, period),
        );
        const row: Row = {
          size,
          who: caller.who,
          period,
          api: apiTiming,
          bare: bareTiming,
          result: resultOf(JSON.parse(text) as Dashboard),
          kb: Buffer.byteLength(text) / 1024,
        };
        console.log(
          `  ${row.who}, ${period}: API ${fmt(row.api.p50)} ms (bare ${fmt(row.bare.p50)} ms); ` +
            `samples API [${row.api.samples.map(fmt).join(', ')}], bare [${row.bare.samples
              .map(fmt)
              .join(', ')}]`,
        );
        rows.push(row);
      }
    }

    const browserMs = await measureHomeInBrowser(browser, base, {
      token: adminToken,
      userId: admin._id.toHexString(),
      storageKeys: STORAGE_KEYS,
      panels: [
        DASHBOARD_LABELS.today,
        DASHBOARD_LABELS.funnel,
        DASHBOARD_LABELS.weekly,
        DASHBOARD_LABELS.stageTimes,
        DASHBOARD_LABELS.closed,
        DASHBOARD_LABELS.outcomes,
        DASHBOARD_LABELS.team,
      ],
      emptyTexts: [DASHBOARD_LABELS.noData, DASHBOARD_LABELS.todayEmpty, AGENDA_LABELS.emptyBucket],
      loadingText: LOADING_TEXT,
    });
    console.log(
      `  Inicio in Chromium (admin, Este mes): every panel's figures in ${fmt(browserMs)} ms`,
    );
    return { size, history, stageVisits, rows, browserMs };
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

/** Whole milliseconds, with a decimal under 10. */
const fmt = (ms: number) => (ms < 10 ? ms.toFixed(1) : ms.toFixed(0));

/** A Markdown table, its columns padded (numbers to the right). */
function printTable(header: string[], body: string[][], textColumns: number[]): void {
  const table = [header, ...body];
  const widths = header.map((_, col) => Math.max(3, ...table.map((row) => row[col]!.length)));
  const line = (row: string[]) =>
    `| ${row
      .map((cell, col) =>
        textColumns.includes(col) ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!),
      )
      .join(' | ')} |`;
  console.log(line(header));
  console.log(
    `| ${widths
      .map((width, col) =>
        textColumns.includes(col) ? '-'.repeat(width) : `${'-'.repeat(width - 1)}:`,
      )
      .join(' | ')} |`,
  );
  for (const row of body) console.log(line(row));
}

function printResults(sizes: SizeFigures[]): void {
  printTable(
    [
      'requests',
      'caller',
      'period',
      'API p50 / p95 ms',
      'bare p50 / p95 ms',
      'API / bare (p50)',
      'answer (KB)',
    ],
    sizes.flatMap(({ rows }) =>
      rows.map((r) => [
        String(r.size),
        r.who,
        r.period,
        `${fmt(r.api.p50)} / ${fmt(r.api.p95)}`,
        `${fmt(r.bare.p50)} / ${fmt(r.bare.p95)}`,
        `${(r.api.p50 / r.bare.p50).toFixed(2)}x`,
        `${r.result} (${r.kb.toFixed(1)})`,
      ]),
    ),
    [1, 2, 6],
  );
  console.log('');
  printTable(
    ['requests', 'history / request', 'stageVisits / request', 'Inicio, every panel (Chromium) ms'],
    sizes.map((s) => [
      String(s.size),
      s.history.toFixed(2),
      s.stageVisits.toFixed(2),
      fmt(s.browserMs),
    ]),
    [],
  );
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
      `command: npm run bench:dashboard (BENCH_DASHBOARD_SIZES=${SIZES.join(',')} BENCH_SAMPLES=${SAMPLES})`,
    );
    console.log(`database: ${database.source}; browser: ${CHROMIUM}`);
    const sizes: SizeFigures[] = [];
    for (const size of SIZES) {
      console.log(`${size} requests:`);
      const started = performance.now();
      sizes.push(await measureSize(size, database.url, config, browser));
      console.log(`  (${((performance.now() - started) / 1000).toFixed(0)} s for this size)`);
      // Each size's figures as soon as they are in: a long run stopped later keeps them.
      printResults(sizes.slice(-1));
    }
    console.log('');
    printResults(sizes);
  } finally {
    await browser.close();
    await database.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('bench:dashboard failed:', error);
    process.exit(1);
  },
);
