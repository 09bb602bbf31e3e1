import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { MongoClient, ObjectId, type Db, type Document } from 'mongodb';
import { Types, type Aggregate } from 'mongoose';
import { pino } from 'pino';
import {
  BOARD_COLUMNS,
  NEXT_ACTION_FILTERS,
  agendaBounds,
  api,
  decodeAgendaCursor,
  decodeBoardCursor,
  pathOf,
  type AgendaBounds,
  type AgendaBucket,
  type AgendaCursor,
  type BoardCursor,
  type BoardFilters,
  type NextActionFilter,
  type RequestStatus,
} from '@crm/shared';
import { createApp } from '../src/app.js';
import { createContext } from '../src/app-context.js';
import type { AppConfig } from '../src/config/env.js';
import type { AppContext } from '../src/context.js';
import { connectDatabase } from '../src/db/connect.js';
import { supportsElemMatchOnDocuments } from '../src/db/server-features.js';
import { agendaQuery, dueCountQuery } from '../src/requests/agenda/agenda.service.js';
import {
  columnFilter,
  countsQuery,
  filterFor,
  pageQuery,
} from '../src/requests/board/board.service.js';
import { DEMO_PASSWORD, seedDemoData } from '../src/seed/index.js';
import { benchConfig, benchDatabase } from './bench-setup.js';
import { close, getText, listen, trackInFlight } from './http-util.js';
import { loginToken } from './login.js';
import { timed, type Timing } from './measure.js';

/**
 * `npm run bench:agenda` (issue 20): for 10,000 and 100,000 requests (3 activities each) on the
 * database of MONGO_URL (else mongodb-memory-server), signed in as the user owning the most open
 * activities: the agenda (first page per range, one next page), the bell's count, and the board
 * with each "Próxima acción" filter and without, plus a filtered column's next page. Each read is
 * timed through HTTP and as the same queries on the bare driver, built by the services' own
 * builders (agendaQuery, dueCountQuery, filterFor, pageQuery, countsQuery, columnFilter).
 * BENCH_AGENDA_SIZES (comma-separated) and BENCH_SAMPLES tune it.
 */

// eslint-disable-next-line no-restricted-syntax -- benchmark entry point
const env = process.env;
const DB_NAME = 'crm_bench_agenda';
const USERS = 50;
const SIZES = (env.BENCH_AGENDA_SIZES ?? '10000,100000').split(',').map(Number);
const SAMPLES = Number(env.BENCH_SAMPLES ?? 15);
const AGENDA_RANGES = ['overdue', 'today', 'week'] as const satisfies readonly AgendaBucket[];
/** The pages the endpoints send when no `limit` is given (AGENDA_PAGE_SIZE, BOARD_PAGE_SIZE). */
const PAGE = 50;

type Row = {
  size: number;
  read: string;
  api: Timing;
  bare: Timing;
  /** What the answer holds: items, or the count. */
  result: string;
  kb: number;
};

/** A mongoose pipeline as the services build it, run by the bare driver. */
const runPipeline = (db: Db, built: Aggregate<unknown>) =>
  db.collection('requests').aggregate<Document>(built.pipeline()).toArray();

/** A column page as pageQuery builds it (filter, projection, sort, limit), run by the bare driver. */
function runPage(db: Db, built: ReturnType<typeof pageQuery>) {
  const { sort, limit } = built.getOptions() as { sort: Record<string, 1 | -1>; limit: number };
  return db
    .collection('requests')
    .find(built.getFilter() as Document, { projection: built.projection() as Document })
    .sort(sort)
    .limit(limit)
    .toArray();
}

type AgendaRow = { _id: ObjectId; activities: { _id: ObjectId; dueAt: Date } };

/**
 * What the agenda's rows show of their requests, one read by _id: requestSummaries in
 * agenda.service.ts, not exported, so written again here.
 */
function readSummaries(db: Db, rows: Document[]) {
  const ids = [...new Set((rows as AgendaRow[]).map((row) => row._id.toHexString()))];
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .collection('requests')
    .find(
      { _id: { $in: ids.map((id) => new ObjectId(id)) } },
      { projection: { name: 1, company: 1, status: 1, requestNumber: 1 } },
    )
    .toArray();
}

/** The owner of the most open activities among vendors and admins, found with the bare driver. */
async function busiestOwner(db: Db) {
  const [top] = await db
    .collection('requests')
    .aggregate<{ _id: ObjectId; open: number }>([
      { $project: { activities: 1 } },
      { $unwind: '$activities' },
      { $match: { 'activities.done': false } },
      { $group: { _id: '$activities.ownerId', open: { $sum: 1 } } },
      { $sort: { open: -1 } },
      { $limit: 1 },
    ])
    .toArray();
  if (!top) throw new Error('the seed planned no open activity');
  const user = await db
    .collection<{ email: string; role: string }>('users')
    .findOne({ _id: top._id });
  if (!user) throw new Error(`owner ${top._id.toHexString()} is not a user`);
  return { _id: top._id, email: user.email, role: user.role, open: top.open };
}

async function countActivities(db: Db): Promise<number> {
  const [counted] = await db
    .collection('requests')
    .aggregate<{ n: number }>([
      { $project: { activities: 1 } },
      { $unwind: '$activities' },
      { $count: 'n' },
    ])
    .toArray();
  return counted?.n ?? 0;
}

type Probe = {
  read: string;
  url: string;
  bare: () => Promise<unknown>;
  /** What a user sees of the answer, for the table. */
  result: (body: unknown) => string;
};

type Session = {
  ctx: AppContext;
  db: Db;
  base: string;
  token: string;
  owner: ObjectId;
  bounds: AgendaBounds;
  elemMatch: boolean;
};

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** The agenda's probes: each range's first page, then the next page of the first that has one. */
async function agendaProbes(s: Session): Promise<Probe[]> {
  const ownerId = new Types.ObjectId(s.owner.toHexString());
  const agendaUrl = s.base + pathOf(api.activities.agenda);
  const bareAgenda = async (due: AgendaBucket, cursor?: AgendaCursor) => {
    const rows = await runPipeline(
      s.db,
      agendaQuery(s.ctx, ownerId, due, s.bounds, PAGE, cursor, s.elemMatch),
    );
    return readSummaries(s.db, rows.slice(0, PAGE));
  };
  const items = (body: unknown) => `${(body as { items: unknown[] }).items.length} items`;
  const probes: Probe[] = AGENDA_RANGES.map((due) => ({
    read: `agenda due=${due}`,
    url: `${agendaUrl}?${query({ due })}`,
    bare: () => bareAgenda(due),
    result: items,
  }));
  for (const due of AGENDA_RANGES) {
    const first = JSON.parse(await getText(`${agendaUrl}?${query({ due })}`, s.token)) as {
      nextCursor: string | null;
    };
    const cursor = first.nextCursor ? decodeAgendaCursor(first.nextCursor) : null;
    if (!first.nextCursor || !cursor) continue;
    probes.push({
      read: `agenda due=${due}, next page`,
      url: `${agendaUrl}?${query({ due, cursor: first.nextCursor })}`,
      bare: () => bareAgenda(due, cursor),
      result: items,
    });
    break;
  }
  probes.push({
    read: 'due-count (bell)',
    url: s.base + pathOf(api.activities.dueCount),
    bare: async () => {
      return runPipeline(s.db, dueCountQuery(s.ctx, ownerId, s.bounds, s.elemMatch));
    },
    result: (body) => `count ${(body as { count: number }).count}`,
  });
  return probes;
}

/** The board's reads on the bare driver: five first pages and the counts, side by side. */
function bareBoard(s: Session, filters: BoardFilters) {
  const callerId = s.owner.toHexString();
  const filter = filterFor(filters, callerId, filters.next ? s.bounds : undefined);
  return Promise.all([
    runPipeline(s.db, countsQuery(s.ctx, filter)),
    ...BOARD_COLUMNS.map(({ status }) => runPage(s.db, pageQuery(s.ctx, status, filter, PAGE))),
  ]);
}

type BoardAnswer = {
  columns: { status: RequestStatus; items: unknown[]; nextCursor: string | null }[];
};

/** The board without `next` and with each filter, then an overdue column's next page. */
async function boardProbes(s: Session): Promise<Probe[]> {
  const boardUrl = s.base + pathOf(api.requests.board);
  const cards = (body: unknown) =>
    `${(body as BoardAnswer).columns.reduce((sum, column) => sum + column.items.length, 0)} cards`;
  const choices: (NextActionFilter | undefined)[] = [undefined, ...NEXT_ACTION_FILTERS];
  const probes: Probe[] = choices.map((next) => ({
    read: next ? `board next=${next}` : 'board (no next)',
    url: next ? `${boardUrl}?${query({ next })}` : boardUrl,
    bare: () => bareBoard(s, next ? { next } : {}),
    result: cards,
  }));

  const overdue = JSON.parse(
    await getText(`${boardUrl}?${query({ next: 'overdue' })}`, s.token),
  ) as BoardAnswer;
  const column = overdue.columns.find((c) => c.nextCursor);
  const position: BoardCursor | null = column?.nextCursor
    ? decodeBoardCursor(column.nextCursor)
    : null;
  if (column?.nextCursor && position) {
    const filters: BoardFilters = { next: 'overdue' };
    probes.push({
      read: `column next=overdue, next page (${column.status})`,
      url: `${s.base}${pathOf(api.requests.column)}?${query({
        status: column.status,
        next: 'overdue',
        cursor: column.nextCursor,
      })}`,
      bare: async () => {
        const filter = filterFor(filters, s.owner.toHexString(), s.bounds);
        return Promise.all([
          runPage(s.db, pageQuery(s.ctx, column.status, filter, PAGE, position)),
          s.db
            .collection('requests')
            .countDocuments(columnFilter(column.status, filter) as Document),
        ]);
      },
      result: (body) => `${(body as { items: unknown[] }).items.length} cards`,
    });
  } else {
    console.log('  no column has a second page under next=overdue: its next page is not timed');
  }
  return probes;
}

async function measureSize(size: number, mongoUrl: string, config: AppConfig): Promise<Row[]> {
  const connection = await connectDatabase(mongoUrl, DB_NAME, config.mongoMaxPoolSize);
  const client = await MongoClient.connect(mongoUrl, { maxPoolSize: config.mongoMaxPoolSize });
  let server: Server | undefined;
  let idle: () => Promise<void> = () => Promise.resolve();
  try {
    await connection.dropDatabase();
    const ctx = await createContext(
      connection,
      { ...config, jwtSecret: randomBytes(32).toString('hex') },
      pino({ level: 'silent' }),
    );
    const seeding = performance.now();
    await seedDemoData(ctx, { users: USERS, requests: size });
    const db = client.db(DB_NAME);
    console.log(
      `  seeded ${size} requests, ${await countActivities(db)} activities, ${USERS} users in ${(
        (performance.now() - seeding) /
        1000
      ).toFixed(1)} s`,
    );
    const owner = await busiestOwner(db);
    server = createServer(createApp(ctx));
    ({ idle } = trackInFlight(server));
    const base = await listen(server);
    const token = await loginToken(base, owner.email, DEMO_PASSWORD);
    // The seeded users have no zone of their own: their days are APP_TIME_ZONE's, as the API's.
    const bounds = agendaBounds(new Date(), config.timeZone);
    const elemMatch = await supportsElemMatchOnDocuments(connection);
    console.log(
      `  signed in as ${owner.email} (${owner.role}), owner of ${owner.open} open activities; ` +
        `days in ${config.timeZone}; $elemMatch on activities: ${elemMatch ? 'yes' : 'no (FerretDB)'}`,
    );

    const session: Session = { ctx, db, base, token, owner: owner._id, bounds, elemMatch };
    const probes = [...(await agendaProbes(session)), ...(await boardProbes(session))];

    // Fewer samples where one call takes seconds (FerretDB at 100,000 requests), as bench:board.
    const samples = size >= 100_000 ? Math.min(SAMPLES, 3) : SAMPLES;
    const rows: Row[] = [];
    for (const probe of probes) {
      const text = await getText(probe.url, token);
      const apiTiming = await timed(samples, () => getText(probe.url, token));
      const bareTiming = await timed(samples, probe.bare);
      const row: Row = {
        size,
        read: probe.read,
        api: apiTiming,
        bare: bareTiming,
        result: probe.result(JSON.parse(text)),
        kb: Buffer.byteLength(text) / 1024,
      };
      console.log(`  ${row.read}: ${fmt(row.api.p50)} ms (bare ${fmt(row.bare.p50)} ms)`);
      rows.push(row);
    }
    return rows;
  } finally {
    // Calls still running must end before the database is dropped under them (FerretDB 1.x
    // crashes when its SQLite file goes away mid-read).
    await idle();
    if (server) await close(server);
    await connection.dropDatabase().catch(() => undefined);
    await connection.close();
    await client.close();
  }
}

/** Whole milliseconds, with a decimal under 10 (the bare driver's index reads). */
const fmt = (ms: number) => (ms < 10 ? ms.toFixed(1) : ms.toFixed(0));

function printTable(rows: Row[]): void {
  const header = [
    'requests',
    'read',
    'API p50 / p95 ms',
    'bare p50 / p95 ms',
    'API / bare (p50)',
    'answer (KB)',
  ];
  const body = rows.map((r) => [
    String(r.size),
    r.read,
    `${fmt(r.api.p50)} / ${fmt(r.api.p95)}`,
    `${fmt(r.bare.p50)} / ${fmt(r.bare.p95)}`,
    `${(r.api.p50 / r.bare.p50).toFixed(1)}x`,
    `${r.result} (${r.kb.toFixed(1)})`,
  ]);
  const table = [header, ...body];
  const widths = header.map((_, col) => Math.max(...table.map((row) => row[col]!.length)));
  for (const row of table)
    console.log(
      row
        .map((cell, col) => (col === 1 ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!)))
        .join(' | '),
    );
}

async function main(): Promise<void> {
  const config = benchConfig(env);
  const database = await benchDatabase(config.mongoUrl);
  try {
    console.log(
      `command: npm run bench:agenda (BENCH_AGENDA_SIZES=${SIZES.join(',')} BENCH_SAMPLES=${SAMPLES})`,
    );
    console.log(`database: ${database.source}`);
    const rows: Row[] = [];
    for (const size of SIZES) {
      console.log(`${size} requests:`);
      const started = performance.now();
      rows.push(...(await measureSize(size, database.url, config)));
      console.log(`  (${((performance.now() - started) / 1000).toFixed(0)} s for this size)`);
    }
    console.log('');
    printTable(rows);
  } finally {
    await database.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('bench:agenda failed:', error);
    process.exit(1);
  },
);
