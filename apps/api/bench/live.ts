import { spawnSync, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { MongoClient } from 'mongodb';
import {
  api,
  MAX_STREAMS_PER_USER,
  pathOf,
  REQUEST_STATUSES,
  STREAM_MESSAGES,
  type RequestStatus,
} from '@crm/shared';
import { DEMO_PASSWORD } from '../src/seed/index.js';
import { freePort, resetPeak, seedForApi, startApi, statusKb, stopApi } from './api-process.js';
import { benchConfig, benchDatabase } from './bench-setup.js';
import { countsBetween, startCommandCounter, type CommandCounter } from './command-counter.js';
import { loginToken } from './login.js';
import { percentile } from './measure.js';
import { openSseStream, type SseStream } from './sse-client.js';

/**
 * `npm run bench:live` (issue 36): the live board at scale. Over BENCH_LIVE_REQUESTS (10,000)
 * demo requests, the built API runs in BENCH_LIVE_PROCESSES (2) processes of its own on one
 * database; BENCH_LIVE_STREAMS (200) event streams are open on them (round-robin), from
 * MAX_STREAMS_PER_USER-sized groups of users, each user on a loopback address of its own; then
 * BENCH_LIVE_MOVES (1,000) moves at BENCH_LIVE_RATE (10) a second, also round-robin. Each
 * stream notes when each move's `request.moved` arrived: its latency is that instant minus the
 * instant the move's answer arrived (negative when the event beat the answer), over every
 * (stream, move) pair, and a pair without its event is a missing delivery (exit 1).
 *
 * The cost per event must not grow with the streams (one read of the log per process, fanned
 * out): a proxy in front of each process's database counts its commands (command-counter.ts),
 * and a first round with BENCH_LIVE_FEW_STREAMS (20) streams and BENCH_LIVE_FEW_MOVES (100)
 * moves gives the same figures with a tenth of the streams. Also printed: each process's RSS
 * before the streams, with them, and at its peak during the moves, and its CPU per move.
 *
 * FerretDB 1.x admits one API process per database (src/db/process-lease.ts): there the second
 * process is refused and the bench runs with one, saying so.
 */

// eslint-disable-next-line no-restricted-syntax -- benchmark entry point
const env = process.env;
const STREAMS = Number(env.BENCH_LIVE_STREAMS ?? 200);
const PROCESSES = Number(env.BENCH_LIVE_PROCESSES ?? 2);
const MOVES = Number(env.BENCH_LIVE_MOVES ?? 1000);
const RATE = Number(env.BENCH_LIVE_RATE ?? 10);
/**
 * Moves awaiting their answer at most: a database slower than RATE (FerretDB 1.x: about one
 * move a second at 10,000 requests) holds the next ones back rather than pile up connections
 * past the API's per-address cap; the rate achieved is printed.
 */
const IN_FLIGHT = Number(env.BENCH_LIVE_IN_FLIGHT ?? 20);
const REQUESTS = Number(env.BENCH_LIVE_REQUESTS ?? 10_000);
const FEW_STREAMS = Math.min(STREAMS, Number(env.BENCH_LIVE_FEW_STREAMS ?? 20));
const FEW_MOVES = Number(env.BENCH_LIVE_FEW_MOVES ?? 100);
const DB_NAME = 'crm_bench_live';
/**
 * After the last answer, the missing events count as lost once no stream has received one for
 * this long: well past the log's SETTLE_MS and a feed's poll, yet patient with a database that
 * is still working through a backlog of publications (FerretDB at 10 moves a second).
 */
const DELIVERY_IDLE_MS = 60_000;
/**
 * How long a process may take to stop: its graceful shutdown waits for the publications under
 * way, which a database wedged under the load (FerretDB 1.x's SQLite did, here) never finishes.
 */
const STOP_GRACE_MS = 60_000;
/** Users on loopback addresses of their own (127.0.0.10 and up): Linux routes all of 127/8. */
const OWN_ADDRESSES = process.platform === 'linux';

const OPEN_STATUSES: readonly RequestStatus[] = REQUEST_STATUSES.filter(
  (status) => status !== 'closed',
);

type Api = {
  base: string;
  child: ChildProcess;
  pid: number;
  counter: CommandCounter | undefined;
  adminToken: string;
  /** A token per user (index in `users`): each process signs its own (its own JWT secret). */
  tokens: string[];
};

type Client = { api: number; stream: SseStream; moved: Map<string, number>; cut: boolean };

type Move = { id: string; from: RequestStatus; to: RequestStatus };

/** When any stream last received a move's event (performance.now()). */
let lastDeliveryAt = 0;

type Phase = {
  streams: number;
  moves: number;
  failed: string[];
  /** Moves sent per second: RATE, unless IN_FLIGHT held them back. */
  sentRate: number;
  answer: { p50: number; p95: number };
  latency: { p50: number; p95: number; max: number; pairs: number };
  missing: number;
  seconds: number;
  perApi: {
    cpuMs: number;
    commands: Map<string, number> | undefined;
    dbTimes: Map<string, number> | undefined;
  }[];
};

/** A failed fetch's reason: undici puts the socket's error in `cause`. */
const describe = (error: unknown) =>
  error instanceof Error
    ? `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ''}`
    : String(error);

/** stopApi, then a kill once STOP_GRACE_MS have passed. */
async function stopProcess(child: ChildProcess): Promise<void> {
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await stopApi(child);
  clearTimeout(timer);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const mb = (kb: number) => (kb / 1024).toFixed(0);
const ms = (value: number) => `${value.toFixed(0)} ms`;

const clockTicks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/** The process's CPU time so far (user + system), from /proc/<pid>/stat, in ms. */
async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // After "pid (comm) ": state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
}

/**
 * Starts the API processes. Only the first must start: a later one refused on FerretDB 1.x
 * (its process lease) leaves the bench with those started; on MongoDB a refusal is an error.
 */
async function startProcesses(mongoUrl: string, isFerretDb: boolean) {
  const started: Omit<Api, 'adminToken' | 'tokens'>[] = [];
  let refused = false;
  for (let i = 0; i < PROCESSES; i++) {
    const counter = await startCommandCounter(mongoUrl);
    const port = await freePort();
    try {
      const child = await startApi(counter?.url ?? mongoUrl, DB_NAME, port);
      started.push({ base: `http://127.0.0.1:${port}`, child, pid: child.pid ?? 0, counter });
    } catch (error) {
      await counter?.stop();
      if (i === 0 || !isFerretDb) throw error;
      refused = true;
      break;
    }
  }
  return { started, refused };
}

/** Opens streams `from` to `to` (exclusive), round-robin over the processes; waits for `ready`. */
async function openClients(apis: Api[], users: number, from: number, to: number) {
  const clients: Client[] = [];
  for (let k = from; k < to; k++) {
    const user = k % users;
    const apiIndex = k % apis.length;
    const moved = new Map<string, number>();
    const stream = openSseStream(apis[apiIndex]!.base, STREAM_MESSAGES.ready, {
      token: apis[apiIndex]!.tokens[user]!,
      localAddress: OWN_ADDRESSES ? `127.0.0.${10 + user}` : undefined,
      onMessage: (message, receivedAt) => {
        if (message.event !== 'request.moved') return;
        const { requestId } = JSON.parse(message.data) as { requestId: string };
        if (!moved.has(requestId)) moved.set(requestId, receivedAt);
        lastDeliveryAt = receivedAt;
      },
    });
    const client: Client = { api: apiIndex, stream, moved, cut: false };
    void stream.ended.then(() => (client.cut = true));
    clients.push(client);
  }
  await Promise.all(clients.map((client) => client.stream.ready));
  return clients;
}

/** `moves` at RATE a second, round-robin over the processes, each stream watched for each. */
async function runMoves(apis: Api[], clients: readonly Client[], moves: readonly Move[]) {
  const before = await Promise.all(
    apis.map(async (a) => ({
      cpu: await cpuMs(a.pid),
      commands: a.counter?.counts(),
      dbTimes: a.counter?.times(),
    })),
  );
  const answered = new Map<string, number>();
  const answerTimes: number[] = [];
  const failed: string[] = [];
  const started = performance.now();
  const inFlight = new Set<Promise<void>>();
  let lastSent = started;
  for (const [i, move] of moves.entries()) {
    await sleep(started + (i * 1000) / RATE - performance.now());
    while (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight);
    const target = apis[i % apis.length]!;
    const sent = performance.now();
    lastSent = sent;
    if ((i + 1) % 100 === 0) console.info(`  ${i + 1} moves sent…`);
    const done: Promise<void> = fetch(
      `${target.base}${pathOf(api.requests.move, { id: move.id })}`,
      {
        method: 'PATCH',
        headers: {
          Authorization: `Bearer ${target.adminToken}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ from: move.from, to: move.to }),
      },
    )
      .then(
        async (res) => {
          const text = await res.text();
          const at = performance.now();
          if (!res.ok) {
            failed.push(`${res.status} ${text.slice(0, 200)}`);
            return;
          }
          answered.set(move.id, at);
          answerTimes.push(at - sent);
        },
        (error: unknown) => void failed.push(describe(error)),
      )
      .finally(() => inFlight.delete(done));
    inFlight.add(done);
  }
  await Promise.all(inFlight);

  const ids = [...answered.keys()];
  const deliveredEverywhere = () =>
    clients.every((client) => ids.every((id) => client.moved.has(id)));
  const answeredAll = performance.now();
  const idle = () => performance.now() - Math.max(lastDeliveryAt, answeredAll) > DELIVERY_IDLE_MS;
  while (!deliveredEverywhere() && !idle()) await sleep(100);
  const seconds = (performance.now() - started) / 1000;

  const latencies: number[] = [];
  let missing = 0;
  for (const client of clients) {
    for (const [id, at] of answered) {
      const received = client.moved.get(id);
      if (received === undefined) missing += 1;
      else latencies.push(received - at);
    }
  }
  // A move that failed has no answer to time from: none of its deliveries is counted.
  missing += failed.length * clients.length;
  latencies.sort((a, b) => a - b);
  answerTimes.sort((a, b) => a - b);
  const perApi = await Promise.all(
    apis.map(async (a, i) => {
      const { cpu, commands, dbTimes } = before[i]!;
      const between = (
        earlier: Map<string, number> | undefined,
        later: Map<string, number> | undefined,
      ) => (earlier && later ? countsBetween(earlier, later) : undefined);
      return {
        cpuMs: (await cpuMs(a.pid)) - cpu,
        commands: between(commands, a.counter?.counts()),
        dbTimes: between(dbTimes, a.counter?.times()),
      };
    }),
  );
  return {
    streams: clients.length,
    moves: moves.length,
    failed,
    sentRate: moves.length > 1 ? ((moves.length - 1) * 1000) / (lastSent - started) : RATE,
    answer: { p50: percentile(answerTimes, 50), p95: percentile(answerTimes, 95) },
    latency: {
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      max: latencies.at(-1) ?? Number.NaN,
      pairs: latencies.length,
    },
    missing,
    seconds,
    perApi,
  } satisfies Phase;
}

const sum = (counts: Map<string, number>, match: (command: string) => boolean) =>
  [...counts].filter(([command]) => match(command)).reduce((total, [, n]) => total + n, 0);
/**
 * Reads of the event log: the feed's (a page of events; the counter when the page is empty),
 * plus any other reader's (the webhooks' job).
 */
const isLogRead = (command: string) =>
  ['find events', 'find event_counters', 'getMore'].includes(command);
/** The driver's own traffic (its monitor's heartbeats), not the product's work. */
const isHeartbeat = (command: string) => /^(hello|ismaster|isMaster|opCode)/.test(command);

function databaseLine(phase: Phase, i: number): string {
  const commands = phase.perApi[i]!.commands;
  if (!commands) return 'not counted (MONGO_URL does not pass through the counting proxy)';
  const reads = sum(commands, isLogRead);
  const all = sum(commands, (command) => !isHeartbeat(command));
  return (
    `${reads} reads of the event log (${(reads / phase.seconds).toFixed(1)}/s, ` +
    `${(reads / (phase.moves * phase.streams)).toFixed(4)} per event and stream); ` +
    `${all} commands in all, ${(all / phase.moves).toFixed(1)} per move`
  );
}

/** Where the database's time went: its answer time summed by command, the longest first. */
function databaseTimeLine(phase: Phase, i: number): string | undefined {
  const { commands, dbTimes } = phase.perApi[i]!;
  if (!commands || !dbTimes) return undefined;
  const work = [...dbTimes].filter(([command]) => !isHeartbeat(command));
  const total = work.reduce((sum, [, time]) => sum + time, 0);
  const top = work
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([command, time]) => `${command} ×${commands.get(command) ?? 0} ${ms(time)}`);
  return (
    `answer time summed ${(total / 1000).toFixed(1)} s over the ${phase.seconds.toFixed(1)} s; ` +
    `most: ${top.join(', ')}`
  );
}

function printPhase(label: string, phase: Phase, apis: Api[]) {
  const held = phase.sentRate < RATE * 0.95;
  console.info(
    `  ${label}: ${phase.streams} streams, ${phase.moves} moves at ${RATE}/s` +
      (held
        ? ` asked, ${phase.sentRate.toFixed(2)}/s sent (at most ${IN_FLIGHT} awaiting their answer: the API answered slower than that)`
        : ''),
  );
  console.info(
    `    moves answered: ${phase.moves - phase.failed.length} (${phase.failed.length} failed` +
      `${phase.failed.length ? `: ${phase.failed.slice(0, 3).join('; ')}` : ''}); ` +
      `answer p50 ${ms(phase.answer.p50)}, p95 ${ms(phase.answer.p95)}`,
  );
  console.info(
    `    move answered → its event at each stream, over ${phase.latency.pairs} (stream, move) pairs: ` +
      `p50 ${ms(phase.latency.p50)}, p95 ${ms(phase.latency.p95)}, max ${ms(phase.latency.max)}; ` +
      `missing deliveries: ${phase.missing}`,
  );
  for (const [i, a] of apis.entries()) {
    const { cpuMs: cpu } = phase.perApi[i]!;
    console.info(
      `    process ${i + 1} (pid ${a.pid}): CPU ${(cpu / phase.moves).toFixed(1)} ms per move ` +
        `over ${phase.seconds.toFixed(1)} s; database: ${databaseLine(phase, i)}`,
    );
    const time = databaseTimeLine(phase, i);
    if (time) console.info(`      the database's ${time}`);
  }
}

async function main() {
  const config = benchConfig(env);
  const db = await benchDatabase(env.MONGO_URL);
  const client = new MongoClient(db.url);
  const apis: Api[] = [];
  let clients: Client[] = [];
  try {
    await client.connect();
    const store = client.db(DB_NAME);
    const build = await store.admin().command({ buildInfo: 1 });
    const isFerretDb = typeof build.ferretdbVersion === 'string';
    const server = isFerretDb
      ? `FerretDB ${String(build.ferretdbVersion)}`
      : `MongoDB ${String(build.version)}`;
    console.info(`database: ${db.source} (${server}); seeding ${REQUESTS} requests…`);
    const adminEmail = await seedForApi(db.url, DB_NAME, config, REQUESTS);

    const userCount = Math.ceil(STREAMS / MAX_STREAMS_PER_USER);
    const users = (
      await store
        .collection<{ email: string }>('users')
        .find({}, { projection: { email: 1 } })
        .toArray()
    )
      .map((user) => user.email)
      .sort()
      .slice(0, userCount);
    if (users.length < userCount) {
      throw new Error(`${STREAMS} streams need ${userCount} users; ${users.length} seeded`);
    }
    const moves: Move[] = (
      await store
        .collection<{ status: RequestStatus }>('requests')
        .find({ status: { $in: OPEN_STATUSES } }, { projection: { status: 1 } })
        .limit(FEW_MOVES + MOVES)
        .toArray()
    ).map((doc) => ({
      id: doc._id.toHexString(),
      from: doc.status,
      to: OPEN_STATUSES[(OPEN_STATUSES.indexOf(doc.status) + 1) % OPEN_STATUSES.length]!,
    }));
    if (moves.length < FEW_MOVES + MOVES) {
      throw new Error(`${FEW_MOVES + MOVES} moves need as many open requests; ${moves.length}`);
    }

    if (!OWN_ADDRESSES) {
      // One loopback address for every user: the per-address cap would close most streams.
      env.MAX_CONNECTIONS_PER_ADDRESS = '0';
    }
    const { started, refused } = await startProcesses(db.url, isFerretDb);
    for (const one of started) {
      const adminToken = await loginToken(one.base, adminEmail, DEMO_PASSWORD);
      const tokens: string[] = [];
      for (const email of users) tokens.push(await loginToken(one.base, email, DEMO_PASSWORD));
      apis.push({ ...one, adminToken, tokens });
    }
    if (refused) {
      console.info(
        `API processes: ${apis.length} of ${PROCESSES}: the next was refused (its message is ` +
          `above): FerretDB 1.x allows one API process per database (src/db/process-lease.ts). ` +
          `The ${PROCESSES}-process figure needs MongoDB (upstream CI, or MONGO_URL=<a mongod>).`,
      );
    }
    const rssIdle = await Promise.all(apis.map((a) => statusKb(a.pid, 'VmRSS')));

    let few: Phase | undefined;
    const fewMoves = moves.slice(0, FEW_MOVES);
    const manyMoves = moves.slice(FEW_MOVES);
    console.info(`opening ${FEW_STREAMS} streams, then ${FEW_MOVES} moves…`);
    clients = await openClients(apis, users.length, 0, FEW_STREAMS);
    if (FEW_MOVES > 0 && FEW_STREAMS < STREAMS) few = await runMoves(apis, clients, fewMoves);
    console.info(`opening ${STREAMS - FEW_STREAMS} more streams, then ${MOVES} moves…`);
    clients.push(...(await openClients(apis, users.length, FEW_STREAMS, STREAMS)));
    await sleep(1000);
    const rssOpen = await Promise.all(apis.map((a) => statusKb(a.pid, 'VmRSS')));
    await Promise.all(apis.map((a) => resetPeak(a.pid)));
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const many = await runMoves(apis, clients, manyMoves);
    loopDelay.disable();
    const rssPeak = await Promise.all(apis.map((a) => statusKb(a.pid, 'VmHWM')));
    const cut = clients.filter((c) => c.cut).length;

    console.info('');
    console.info(`bench:live (issue 36), database ${db.source} (${server})`);
    console.info(
      `  ${apis.length} API process(es)${refused ? ` (${PROCESSES} asked; FerretDB 1.x allows one)` : ''}; ` +
        `${STREAMS} streams of ${users.length} users (≤ ${MAX_STREAMS_PER_USER} each)` +
        `${OWN_ADDRESSES ? ', each user from a loopback address of its own' : ''}, round-robin over the processes; ` +
        `streams cut during the run: ${cut}`,
    );
    if (few) printPhase('first', few, apis);
    printPhase('then', many, apis);
    for (const i of apis.keys()) {
      console.info(
        `  process ${i + 1} memory (RSS): ${mb(rssIdle[i]!)} MB before the streams, ` +
          `${mb(rssOpen[i]!)} MB with ${clients.filter((c) => c.api === i).length} open, ` +
          `${mb(rssPeak[i]!)} MB at its peak during the ${MOVES} moves`,
      );
    }
    console.info(
      `  the bench's own event loop meanwhile (its clients' clock): delay p99 ` +
        `${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms, max ${(loopDelay.max / 1e6).toFixed(1)} ms`,
    );
    const missing = (few?.missing ?? 0) + many.missing;
    if (missing > 0) {
      console.error(`FAIL: ${missing} deliveries missing (a failed move's count as missing)`);
      process.exitCode = 1;
    }
  } finally {
    for (const c of clients) c.stream.close();
    for (const a of apis) {
      await stopProcess(a.child);
      await a.counter?.stop();
    }
    await client.close();
    await db.stop();
  }
}

await main();
