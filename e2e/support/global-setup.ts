import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { api as contract } from '@crm/shared';
import type { FullConfig } from '@playwright/test';
import {
  ADMIN,
  ARTIFACTS_DIR,
  baseUrlOf,
  E2E_DATABASE_NAMES,
  E2E_DATABASE_URL,
  PORTS,
  REPO_ROOT,
} from './stack.js';
import { startMailCapture } from './mail.js';
import { E2E_IMAP_URLS, newStackFolder, startImap } from './mailbox.js';

const API_ENTRY = path.join(REPO_ROOT, 'apps/api/dist/server.js');
const WEB_DIR = path.join(REPO_ROOT, 'apps/web/dist');

async function databaseUrl(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.MONGO_URL) return { url: process.env.MONGO_URL, stop: () => Promise.resolve() };
  const { MongoMemoryServer } = await import('mongodb-memory-server');
  const server = await MongoMemoryServer.create();
  return { url: server.getUri(), stop: () => server.stop().then(() => undefined) };
}

async function waitUntilReady(
  api: ChildProcess,
  baseUrl: string,
  logName: string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (api.exitCode !== null)
      throw new Error(`the API exited with ${api.exitCode}; see e2e/artifacts/${logName}`);
    try {
      if ((await fetch(`${baseUrl}${contract.operations.ready.path}`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the API was not ready at ${baseUrl} within ${timeoutMs} ms`);
}

/** Starts the built API (serving the built web app) on `port` with a database of its own. */
async function startStack(dbUrl: string, imapUrl: string, port: number, index: number) {
  const baseUrl = baseUrlOf(port);
  const dbName = `e2e_${Date.now()}_${index}_${randomBytes(3).toString('hex')}`;
  const logName = `api-${index}.log`;
  const log = createWriteStream(path.join(ARTIFACTS_DIR, logName));
  // Every stack sends mail (reset links, invitations, notices) to a capture of its own (mail.ts).
  const mail = await startMailCapture(port);
  // Issue 35: its sales mailbox, a folder of its own on the run's Dovecot (mailbox.ts).
  const mailbox = await newStackFolder(imapUrl, index);
  const api = spawn(process.execPath, [API_ENTRY], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      // Production mode: the settings and checks an operator's deployment runs with.
      NODE_ENV: 'production',
      PORT: String(port),
      MONGO_URL: dbUrl,
      MONGO_DB_NAME: dbName,
      // FerretDB 1.x (our CI database) needs one connection; see docs/operations.md "Databases".
      MONGO_MAX_POOL_SIZE: process.env.CRM_FERRETDB_BIN ? '1' : '20',
      JWT_SECRET: randomBytes(48).toString('base64'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      WEB_DIR,
      LOG_LEVEL: 'info',
      // The real ALTCHA widget solves real challenges, only made cheaper so each sign-in takes
      // a fraction of a second.
      CAPTCHA_COST: '10',
      CAPTCHA_MAX_COUNTER: '200',
      BCRYPT_ROUNDS: '8',
      CORS_ORIGIN: baseUrl,
      SMTP_URL: mail.url,
      IMAP_URL: mailbox,
      IMAP_POLL_SECONDS: '5',
      MAIL_REPLY_TO: 'ventas@crm.test',
      // The links in its mails point at this stack.
      APP_URL: baseUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  api.stdout.pipe(log);
  api.stderr.pipe(log);
  await waitUntilReady(api, baseUrl, logName);

  const stop = async () => {
    if (api.exitCode === null) {
      const exited = once(api, 'exit');
      api.kill('SIGTERM');
      await exited;
    }
    await mail.stop();
    const client = await MongoClient.connect(dbUrl);
    await client.db(dbName).dropDatabase();
    await client.close();
  };
  return { stop, dbName, mailbox };
}

/** Starts one stack per worker (stack.ts) on one database server; returns the teardown. */
export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  for (const required of [API_ENTRY, path.join(WEB_DIR, 'index.html')]) {
    if (!existsSync(required))
      throw new Error(`${required} is missing: build first (npm test does)`);
  }
  rmSync(ARTIFACTS_DIR, { recursive: true, force: true });
  mkdirSync(ARTIFACTS_DIR, { recursive: true });

  const db = await databaseUrl();
  const imap = await startImap();
  // `--workers=1` starts one; more workers than ports fail in stack.ts.
  const ports = PORTS.slice(0, config.workers);
  const started = await Promise.allSettled(
    ports.map((port, index) => startStack(db.url, imap.url, port, index)),
  );
  const stacks = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stops = stacks.map((stack) => stack.stop);
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(stops.map((stop) => stop()));
    await db.stop();
    await imap.stop();
    throw failed.reason;
  }

  // Workers start after this and inherit the environment: each finds its database (stack.ts).
  process.env[E2E_DATABASE_URL] = db.url;
  process.env[E2E_DATABASE_NAMES] = stacks.map((stack) => stack.dbName).join(',');
  process.env[E2E_IMAP_URLS] = stacks.map((stack) => stack.mailbox).join(',');

  return async () => {
    await Promise.all(stops.map((stop) => stop()));
    await db.stop();
    await imap.stop();
  };
}
