import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { close, listen } from './http-util.js';
import { pino } from 'pino';
import { createContext } from '../src/app-context.js';
import type { AppConfig } from '../src/config/env.js';
import { connectDatabase } from '../src/db/connect.js';
import { seedDemoData } from '../src/seed/index.js';
import { percentile } from './measure.js';

/*
 * The built API in a process of its own (dist/server.js), as the export and import benches run
 * it: started on a free port, its memory read from /proc, and /api/health sampled meanwhile.
 */

// eslint-disable-next-line no-restricted-syntax -- benchmark helper
const env = process.env;
export const SERVER = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'dist',
  'server.js',
);
const HEALTH_EVERY_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A line of /proc/<pid>/status in kB (VmRSS, VmHWM). */
export async function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  return match ? Number(match[1]) : Number.NaN;
}

/** Resets the process' peak RSS (VmHWM) to its current RSS: `echo 5 > clear_refs` (Linux). */
export const resetPeak = (pid: number) => writeFile(`/proc/${pid}/clear_refs`, '5');

/** Polls /api/health every 100 ms until `done` settles: each answer's latency in ms. */
export async function healthWhile(base: string, done: Promise<unknown>) {
  let finished = false;
  void done.finally(() => (finished = true));
  const latencies: number[] = [];
  let failed = 0;
  while (!finished) {
    const started = performance.now();
    await fetch(`${base}/api/health`).then(
      (res) => res.arrayBuffer(),
      () => (failed += 1),
    );
    const took = performance.now() - started;
    latencies.push(took);
    await sleep(Math.max(0, HEALTH_EVERY_MS - took));
  }
  latencies.sort((a, b) => a - b);
  return {
    p95: percentile(latencies, 95),
    max: latencies.at(-1) ?? Number.NaN,
    samples: latencies.length,
    failed,
  };
}

export function freePort(): Promise<number> {
  const probe = createServer();
  return listen(probe).then(async (url) => {
    await close(probe);
    return Number(new URL(url).port);
  });
}

export async function startApi(
  mongoUrl: string,
  dbName: string,
  port: number,
): Promise<ChildProcess> {
  const { WEB_DIR: _webDir, ...apiEnv } = env;
  const child = spawn(process.execPath, [SERVER], {
    env: {
      ...apiEnv,
      NODE_ENV: 'test',
      PORT: String(port),
      MONGO_URL: mongoUrl,
      MONGO_DB_NAME: dbName,
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      BCRYPT_ROUNDS: '4',
      CAPTCHA_COST: '1',
      CAPTCHA_MAX_COUNTER: '40',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
    if (
      await fetch(`${base}/api/health`).then(
        (res) => res.ok,
        () => false,
      )
    )
      return child;
    await sleep(100);
  }
  child.kill('SIGTERM');
  throw new Error('the API did not start');
}

export async function stopApi(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * A fresh `dbName` with 50 users and `requests` demo requests (seedDemoData), for the API
 * process to start on; answers a seeded user's email (they all have DEMO_PASSWORD).
 */
export async function seedForApi(
  mongoUrl: string,
  dbName: string,
  config: AppConfig,
  requests: number,
): Promise<string> {
  const connection = await connectDatabase(mongoUrl, dbName, config.mongoMaxPoolSize);
  try {
    await connection.dropDatabase();
    const ctx = await createContext(
      connection,
      { ...config, jwtSecret: randomBytes(32).toString('hex') },
      pino({ level: 'silent' }),
    );
    const { users } = await seedDemoData(ctx, { users: 50, requests });
    const [first] = users;
    if (!first) throw new Error('no user seeded');
    return first.email;
  } finally {
    await connection.close();
  }
}
