import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { MongoClient, type Db } from 'mongodb';
import { pino } from 'pino';
import { createApp } from '../src/app.js';
import { createContext } from '../src/app-context.js';
import type { AppConfig } from '../src/config/env.js';
import { connectDatabase } from '../src/db/connect.js';
import { DEMO_PASSWORD, seedDemoData } from '../src/seed/index.js';
import { createBareServer } from './bare-server.js';
import { benchConfig, benchDatabase } from './bench-setup.js';
import { close, getJson, listen, trackInFlight } from './http-util.js';
import { loginToken } from './login.js';
import { measure, type LoadSettings } from './measure.js';
import { formatResults, type EndpointResult } from './report.js';

/**
 * `pnpm bench`: the real API (Express + mongoose, authenticated) against a bare read of the
 * same documents (node:http + the mongodb driver) on 10,000 requests and 50 users.
 */

const BENCH_DB = 'crm_bench';
const COUNTS = { users: 50, requests: 10_000 };
const ENDPOINTS = ['/api/form-contact/all', '/api/user/all'] as const;

// eslint-disable-next-line no-restricted-syntax -- benchmark settings (BENCH_*) and the API's own config
const readEnv = (): NodeJS.ProcessEnv => process.env;

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

/** Cleanup steps, run last-in first-out whatever happened. */
type Cleanup = { label: string; run: () => Promise<unknown> };

async function runCleanups(cleanups: Cleanup[]): Promise<boolean> {
  let ok = true;
  for (const { label, run } of cleanups.reverse()) {
    try {
      await run();
    } catch (error) {
      ok = false;
      console.error(`cleanup "${label}" failed:`, error);
    }
  }
  return ok;
}

/** FerretDB answers buildInfo like MongoDB, plus a `ferretdbVersion` field. */
async function serverKind(db: Db): Promise<string> {
  const info = await db.admin().command({ buildInfo: 1 });
  const version = String(info.version);
  return typeof info.ferretdbVersion === 'string'
    ? `FerretDB ${info.ferretdbVersion} (reports MongoDB ${version})`
    : `MongoDB ${version}`;
}

const redact = (url: string) => url.replace(/\/\/[^@/]+@/, '//***@');

/** A server under test: its base URL, the headers it needs, and a way to wait for it to drain. */
type Target = { url: string; headers: Record<string, string>; idle: () => Promise<void> };
type Targets = { api: Target; bare: Target };

/** One request per server and endpoint, so caches and pools are warm; also checks both agree. */
async function warmUp({
  api,
  bare,
}: Targets): Promise<Map<string, { apiKB: number; bareKB: number }>> {
  const sizes = new Map<string, { apiKB: number; bareKB: number }>();
  for (const endpoint of ENDPOINTS) {
    const fromApi = await getJson(api.url + endpoint, api.headers);
    const fromBare = await getJson(bare.url + endpoint, bare.headers);
    const [apiItems, bareItems] = [fromApi.body, fromBare.body].map((body) =>
      Array.isArray(body) ? body.length : -1,
    );
    if (apiItems !== bareItems || apiItems === -1) {
      throw new Error(
        `${endpoint}: the API and the bare read disagree (${apiItems} vs ${bareItems} items)`,
      );
    }
    sizes.set(endpoint, { apiKB: fromApi.bytes / 1024, bareKB: fromBare.bytes / 1024 });
  }
  return sizes;
}

/** Loads one target, then waits until it has finished the requests autocannon left behind. */
async function measureTarget(target: Target, endpoint: string, settings: LoadSettings) {
  const result = await measure(target.url + endpoint, target.headers, settings);
  await target.idle();
  return result;
}

/** API then bare, endpoint by endpoint, so both see the same database conditions. */
async function measureAll(targets: Targets, settings: LoadSettings): Promise<EndpointResult[]> {
  const sizes = await warmUp(targets);
  const results: EndpointResult[] = [];
  for (const endpoint of ENDPOINTS) {
    console.log(`measuring GET ${endpoint}: API...`);
    const api = await measureTarget(targets.api, endpoint, settings);
    console.log(`measuring GET ${endpoint}: bare...`);
    const bare = await measureTarget(targets.bare, endpoint, settings);
    results.push({ endpoint, api, bare, ...sizes.get(endpoint)! });
  }
  return results;
}

async function startApi(
  config: AppConfig,
  mongoUrl: string,
  cleanups: Cleanup[],
): Promise<{ api: Target }> {
  const connection = await connectDatabase(mongoUrl, BENCH_DB, config.mongoMaxPoolSize);
  cleanups.push({ label: 'mongoose connection', run: () => connection.close() });
  // An interrupted run may have left the database behind.
  await connection.dropDatabase();
  cleanups.push({ label: `drop ${BENCH_DB}`, run: () => connection.dropDatabase() });

  const jwtSecret = randomBytes(32).toString('hex');
  const ctx = await createContext(connection, { ...config, jwtSecret }, pino({ level: 'silent' }));
  console.log(`seeding ${COUNTS.users} users and ${COUNTS.requests} requests...`);
  const { users } = await seedDemoData(ctx, COUNTS);

  const server: Server = createServer(createApp(ctx));
  const { idle } = trackInFlight(server);
  const url = await listen(server);
  cleanups.push({ label: 'API server', run: () => close(server) });
  const token = await loginToken(url, users[0]!.email, DEMO_PASSWORD);
  return { api: { url, headers: { Authorization: `Bearer ${token}` }, idle } };
}

async function startBare(
  mongoUrl: string,
  poolSize: number,
  cleanups: Cleanup[],
): Promise<{ bare: Target; db: Db }> {
  const client = new MongoClient(mongoUrl, {
    maxPoolSize: poolSize,
    serverSelectionTimeoutMS: 10_000,
  });
  await client.connect();
  cleanups.push({ label: 'mongodb client', run: () => client.close() });
  const db = client.db(BENCH_DB);
  const server = createBareServer(db);
  const { idle } = trackInFlight(server);
  const bareUrl = await listen(server);
  cleanups.push({ label: 'bare server', run: () => close(server) });
  return { bare: { url: bareUrl, headers: {}, idle }, db };
}

async function printEnvironment(
  db: Db,
  source: string,
  url: string,
  poolSize: number,
  settings: LoadSettings,
): Promise<void> {
  const [kind, requests, users] = await Promise.all([
    serverKind(db),
    db.collection('requests').countDocuments(),
    db.collection('users').countDocuments(),
  ]);
  const script = path.relative(process.cwd(), process.argv[1] ?? 'bench/bench.ts');
  console.log(
    `\ncommand:     tsx ${script}  (BENCH_DURATION=${settings.durationSec} BENCH_CONNECTIONS=${settings.connections})`,
  );
  console.log(`node:        ${process.version} (${process.platform}/${process.arch})`);
  console.log(`database:    ${kind} via ${source} ${redact(url)}, db "${BENCH_DB}"`);
  console.log(`documents:   ${requests} requests, ${users} users`);
  console.log(
    `pool size:   ${poolSize} (config.mongoMaxPoolSize) for both the API and the bare read`,
  );
  console.log(
    `load:        ${settings.connections} connections x ${settings.durationSec} s per measurement, after one warm-up request each`,
  );
}

async function main(): Promise<void> {
  const started = performance.now();
  const env = readEnv();
  const settings: LoadSettings = {
    durationSec: positiveInt(env, 'BENCH_DURATION', 20),
    connections: positiveInt(env, 'BENCH_CONNECTIONS', 2),
  };
  const cleanups: Cleanup[] = [];
  try {
    const config = benchConfig(env);
    const database = await benchDatabase(config.mongoUrl);
    cleanups.push({ label: 'benchmark database', run: database.stop });
    const { url, source } = database;
    const { api } = await startApi(config, url, cleanups);
    const { bare, db } = await startBare(url, config.mongoMaxPoolSize, cleanups);
    const results = await measureAll({ api, bare }, settings);
    await printEnvironment(db, source, url, config.mongoMaxPoolSize, settings);
    for (const r of results)
      console.log(
        `body size:   GET ${r.endpoint}: API ${r.apiKB.toFixed(1)} KB, bare ${r.bareKB.toFixed(1)} KB`,
      );
    console.log(`\n${formatResults(results)}`);
    console.log(`\ntotal time ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    if (!(await runCleanups(cleanups))) process.exitCode = 1;
  }
}

main().then(
  // Exit explicitly: a stray keep-alive socket must not keep the bench hanging.
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    console.error('bench failed:', error);
    process.exit(1);
  },
);
