import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { MongoClient, ObjectId, type Db, type Document } from 'mongodb';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import {
  ACTIVITY_TYPES,
  PRIORITIES,
  REQUEST_STATUSES,
  REQUEST_TYPES,
  agendaBounds,
  zonedDueAt,
} from '@crm/shared';
import { createContext } from '../src/app-context.js';
import type { AppConfig } from '../src/config/env.js';
import type { AppContext } from '../src/context.js';
import { connectDatabase } from '../src/db/connect.js';
import { supportsElemMatchOnDocuments } from '../src/db/server-features.js';
import { processOutbox } from '../src/mail/index.js';
import { REMINDER_LEAD_MS, runRemindersTick } from '../src/reminders/reminders.service.js';
import {
  dueActivitiesQuery,
  openActivitiesDueIn,
  type DueWindow,
} from '../src/requests/activities/due-activities.js';
import { benchConfig, benchDatabase } from './bench-setup.js';
import { timed, type Timing } from './measure.js';

/**
 * `npm run bench:reminders` (issue 32): the reminders' run at 10,000 requests holding 300,000
 * activities of 200 users, on the database of MONGO_URL (else mongodb-memory-server), seeded
 * straight through the driver (bulk inserts). Two runs are timed, each against a real SMTP
 * server in this process: a minute's run (the reminders of the next 15 minutes) and the 08:00
 * run (every user's digest too, in APP_TIME_ZONE). Beside each, the bare driver's time for the
 * same read of the activities (the find dueActivitiesQuery builds, filter and projection, with
 * the windows a run asks for) run by the raw driver, without any processing. BENCH_REMINDERS_REQUESTS, BENCH_REMINDERS_ACTIVITIES (per
 * request), BENCH_REMINDERS_USERS and BENCH_SAMPLES tune it.
 */

// eslint-disable-next-line no-restricted-syntax -- benchmark entry point
const env = process.env;
const DB_NAME = 'crm_bench_reminders';
const REQUESTS = Number(env.BENCH_REMINDERS_REQUESTS ?? 10_000);
const PER_REQUEST = Number(env.BENCH_REMINDERS_ACTIVITIES ?? 30);
const USERS = Number(env.BENCH_REMINDERS_USERS ?? 200);
const SAMPLES = Number(env.BENCH_SAMPLES ?? 5);
/** Requests per insertMany. */
const BATCH = 500;
const DAY_MS = 24 * 60 * 60_000;
/** Activities are due within this many days either side of the runs' day. */
const SPREAD_DAYS = 90;

/** An SMTP server in this process that accepts every mail and counts them. */
async function smtpSink() {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A fixed pseudo-random sequence, so every seed is the same (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * One activity around `day` (the runs' day, in `zone`): due within SPREAD_DAYS either side, at a
 * quarter hour between 08:00 and 19:45, one in five date-only; four in five of the past ones done.
 */
function activity(next: () => number, day: number, zone: string, owner: ObjectId, at: Date) {
  const dueDay = new Date(day + Math.floor((next() * 2 - 1) * SPREAD_DAYS) * DAY_MS)
    .toISOString()
    .slice(0, 10);
  const dateOnly = next() < 0.2;
  const minutes = 8 * 60 + Math.floor(next() * 48) * 15;
  const dueTime = dateOnly ? null : `${twoDigits(minutes / 60)}:${twoDigits(minutes % 60)}`;
  const dueAt = zonedDueAt(dueDay, dueTime, zone);
  const done = dueAt.getTime() < day && next() < 0.8;
  return {
    _id: new ObjectId(),
    type: ACTIVITY_TYPES[Math.floor(next() * ACTIVITY_TYPES.length)]!,
    title: `Seguimiento ${dueDay}`,
    dueDate: dueDay,
    dueTime,
    dueAt,
    ownerId: owner,
    done,
    doneAt: done ? dueAt : null,
    doneBy: done ? owner : null,
    createdAt: at,
    createdBy: owner,
    version: 0,
  };
}

/** USERS users and REQUESTS requests of PER_REQUEST activities each, by bulk inserts. */
async function seed(db: Db, day: number, zone: string): Promise<ObjectId[]> {
  const at = new Date(day - SPREAD_DAYS * DAY_MS);
  const users = Array.from({ length: USERS }, (_, i) => ({
    _id: new ObjectId(),
    name: `Usuario ${i}`,
    lastName: 'Bench',
    email: `usuario${i}@bench.example.com`,
    role: 'vendor',
    photo: '',
    // Not a usable hash: nobody signs in here.
    passwordHash: 'x',
    timeZone: null,
    emailDigest: true,
    emailReminders: true,
    createdAt: at,
    updatedAt: at,
  }));
  await db.collection('users').insertMany(users);
  const owners = users.map((user) => user._id);
  const next = random(32);
  for (let start = 0; start < REQUESTS; start += BATCH) {
    const requests = Array.from({ length: Math.min(BATCH, REQUESTS - start) }, (_, k) => {
      const i = start + k;
      const vendor = owners[i % owners.length]!;
      const activities = Array.from({ length: PER_REQUEST }, (_, j) =>
        activity(next, day, zone, j % 3 === 0 ? owners[(i + j) % owners.length]! : vendor, at),
      );
      const open = activities.filter((a) => !a.done).sort((a, b) => +a.dueAt - +b.dueAt)[0];
      return {
        requestNumber: i + 1,
        name: `Cliente ${i}`,
        email: `cliente${i}@example.com`,
        jobPosition: '',
        company: `Empresa ${i}`,
        contactNumber: '',
        message: '',
        requestType: REQUEST_TYPES[i % REQUEST_TYPES.length],
        status: REQUEST_STATUSES[i % REQUEST_STATUSES.length],
        priority: PRIORITIES[i % PRIORITIES.length],
        vendor,
        sourceOfContact: 'vendor',
        notes: [],
        createdAt: at,
        version: 0,
        statusVersion: 0,
        history: [],
        activities,
        activitiesVersion: 0,
        nextActivity: open
          ? {
              _id: open._id,
              type: open.type,
              title: open.title,
              dueDate: open.dueDate,
              dueTime: open.dueTime,
              dueAt: open.dueAt,
            }
          : null,
        stageChangedAt: at,
        expectedValue: 0,
        outcome: null,
        furthestStage: i % REQUEST_STATUSES.length,
        stageVisits: [],
      };
    });
    await db.collection('requests').insertMany(requests, { ordered: false });
  }
  return owners;
}

type Row = {
  run: string;
  /** The run's median and slowest of SAMPLES. */
  tick: { p50: number; max: number };
  bare: Timing;
  /** The same read through the app (openActivitiesDueIn: the matching activities picked out). */
  read: Timing;
  /** Requests the read answers, and the activities of theirs in the windows. */
  requests: number;
  activities: number;
  /** Mails a run plans (claims) and sends (at most a batch per run). */
  planned: number;
  sent: number;
};

/** The outbox emptied, so that each sample plans and sends the same mails. */
async function clearOutbox(db: Db) {
  await db.collection('reminder_mails').deleteMany({});
  await db.collection('reminder_attempts').deleteMany({});
}

/** Times a run at `now` (the outbox emptied before each, untimed) and the bare read. */
async function measureRun(
  ctx: AppContext,
  db: Db,
  now: Date,
  windows: DueWindow[],
  sent: () => number,
): Promise<Omit<Row, 'run'>> {
  const elemMatch = await supportsElemMatchOnDocuments(ctx.connection);
  const query = dueActivitiesQuery(ctx, windows, elemMatch);
  let requests = 0;
  const bareRead = async () => {
    const found = await db
      .collection('requests')
      .find(query.getFilter() as Document, { projection: query.projection() as Document })
      .toArray();
    requests = found.length;
  };
  let activities = 0;
  const appRead = async () => {
    activities = (await openActivitiesDueIn(ctx, windows)).length;
  };
  const times: number[] = [];
  let planned = 0;
  let mails = 0;
  // The first run warms up (caches, pools, the SMTP transport), as `timed` does.
  for (let i = 0; i <= SAMPLES; i++) {
    await clearOutbox(db);
    const before = sent();
    const started = performance.now();
    // The tick plans; the outbox's run (mail/, issue 34) sends: a minute's work of both jobs.
    await runRemindersTick(ctx, now);
    await processOutbox(ctx, now);
    if (i > 0) times.push(performance.now() - started);
    mails = sent() - before;
    planned = await db.collection('reminder_mails').countDocuments({ status: { $ne: 'empty' } });
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor((times.length - 1) / 2)]!;
  const tick = { p50: median, max: times.at(-1)! };
  const bare = await timed(SAMPLES, bareRead);
  const read = await timed(SAMPLES, appRead);
  return { tick, bare, read, requests, activities, planned, sent: mails };
}

const fmt = (ms: number) => (ms < 10 ? ms.toFixed(1) : ms.toFixed(0));

function printTable(rows: Row[]): void {
  const header = [
    'run',
    'run p50 / max ms',
    'bare read p50 / p95 ms',
    'run / bare (p50)',
    'app read p50 / p95 ms',
    'requests / activities read',
    'mails planned / sent',
  ];
  const body = rows.map((r) => [
    r.run,
    `${fmt(r.tick.p50)} / ${fmt(r.tick.max)}`,
    `${fmt(r.bare.p50)} / ${fmt(r.bare.p95)}`,
    `${(r.tick.p50 / r.bare.p50).toFixed(2)}x`,
    `${fmt(r.read.p50)} / ${fmt(r.read.p95)}`,
    `${r.requests} / ${r.activities}`,
    `${r.planned} / ${r.sent}`,
  ]);
  const table = [header, ...body];
  const widths = header.map((_, col) => Math.max(...table.map((row) => row[col]!.length)));
  for (const row of table)
    console.log(
      row
        .map((cell, col) => (col === 0 ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!)))
        .join(' | '),
    );
}

async function measure(mongoUrl: string, config: AppConfig): Promise<Row[]> {
  const smtp = await smtpSink();
  const connection = await connectDatabase(mongoUrl, DB_NAME, config.mongoMaxPoolSize);
  const client = await MongoClient.connect(mongoUrl, { maxPoolSize: config.mongoMaxPoolSize });
  try {
    await connection.dropDatabase();
    const ctx = await createContext(
      connection,
      {
        ...config,
        jwtSecret: randomBytes(32).toString('hex'),
        appUrl: 'https://crm.example.com',
        mail: { ...config.mail, smtpUrl: smtp.url },
      },
      pino({ level: 'silent' }),
    );
    const db = client.db(DB_NAME);
    const zone = config.timeZone;
    // The runs' day: today in APP_TIME_ZONE, so the seed looks like a live database.
    const day = agendaBounds(new Date(), zone).todayStart.getTime();
    const seeding = performance.now();
    const owners = await seed(db, day, zone);
    const today = new Date(day).toISOString().slice(0, 10);
    console.log(
      `  seeded ${REQUESTS} requests, ${REQUESTS * PER_REQUEST} activities, ${USERS} users in ` +
        `${((performance.now() - seeding) / 1000).toFixed(1)} s (days in ${zone})`,
    );

    const soonOf = (now: Date): DueWindow => ({
      from: now,
      before: new Date(now.getTime() + REMINDER_LEAD_MS + 1),
    });
    const rows: Row[] = [];
    // 15:00: no digest is due; the reminders of 15:00 to 15:15.
    const afternoon = zonedDueAt(today, '15:00', zone);
    console.log(`  a minute's run at ${afternoon.toISOString()}...`);
    rows.push({
      run: "a minute's run (reminders)",
      ...(await measureRun(ctx, db, afternoon, [soonOf(afternoon)], smtp.received)),
    });
    // 08:00: every user's digest (overdue and today) and the reminders of 08:00 to 08:15; the
    // digests' window as the run asks for it (a day past the end of the users' day).
    const morning = zonedDueAt(today, '08:00', zone);
    const digestWindow: DueWindow = {
      owners: owners.map((owner) => owner.toHexString()),
      before: new Date(agendaBounds(morning, zone).tomorrowStart.getTime() + DAY_MS),
    };
    console.log(`  the 08:00 run at ${morning.toISOString()}...`);
    rows.push({
      run: `the 08:00 run (${USERS} digests and reminders)`,
      ...(await measureRun(ctx, db, morning, [soonOf(morning), digestWindow], smtp.received)),
    });
    return rows;
  } finally {
    await connection.dropDatabase().catch(() => undefined);
    await connection.close();
    await client.close();
    await smtp.close();
  }
}

async function main(): Promise<void> {
  const config = benchConfig(env);
  const database = await benchDatabase(config.mongoUrl);
  try {
    console.log(
      `command: npm run bench:reminders (BENCH_REMINDERS_REQUESTS=${REQUESTS} ` +
        `BENCH_REMINDERS_ACTIVITIES=${PER_REQUEST} BENCH_REMINDERS_USERS=${USERS} ` +
        `BENCH_SAMPLES=${SAMPLES})`,
    );
    console.log(`database: ${database.source}`);
    const rows = await measure(database.url, config);
    console.log('');
    printTable(rows);
  } finally {
    await database.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('bench:reminders failed:', error);
    process.exit(1);
  },
);
