import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { activityListSchema, requestSchema } from '@crm/shared';
import { connectDatabase } from '../db/connect.js';
import { isolatesConcurrentUpdates } from '../db/server-features.js';
import { bearer, startTestApp, tokenFor, type TestApp } from '../test/test-app.js';

/*
 * Issue 32: two API processes on one database. On MongoDB every compare-and-set write is one
 * atomic conditional update, so two app instances sharing a database are hammered together and
 * nothing acknowledged may be lost. FerretDB 1.x can't do that (its conditional updates are not
 * atomic across connections): there a second API process must refuse to start, and one process
 * must lose nothing.
 */

const CLIENTS = 3;
const NOTES_PER_CLIENT = 30;
const ACTIVITIES_PER_CLIENT = 20;
const MOVES = 15;

/** Each client's calls one after another, the clients at once, alternating the app instances. */
function hammer<T>(
  apps: Express[],
  perClient: number,
  call: (app: Express, label: string) => Promise<T>,
): Promise<T[]> {
  return Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      const answers: T[] = [];
      for (let i = 0; i < perClient; i++) {
        const app = apps[(client + i) % apps.length]!;
        answers.push(await call(app, `cliente ${client} nº ${i}`));
      }
      return answers;
    }),
  ).then((all) => all.flat());
}

/** What each call acknowledged (201) is stored, and every call was acknowledged. */
async function assertNothingLost(apps: Express[], token: string) {
  const [first] = apps;
  const created = await request(first!)
    .post('/api/form-contact/crm-create')
    .set(bearer(token))
    .send({ name: 'Lucía', email: 'lucia@example.com', requestType: 'otro', message: 'Hola' })
    .expect(201);
  const id = requestSchema.parse(created.body)._id;

  const notes = await hammer(apps, NOTES_PER_CLIENT, async (app, text) => {
    const res = await request(app)
      .post(`/api/form-contact/${id}/notes`)
      .set(bearer(token))
      .send({ text });
    return { status: res.status, text };
  });
  const activities = await hammer(apps, ACTIVITIES_PER_CLIENT, async (app, title) => {
    const res = await request(app)
      .post(`/api/form-contact/${id}/activities`)
      .set(bearer(token))
      .send({ type: 'call', title, dueDate: '2026-12-12' });
    return { status: res.status, title };
  });

  const stored = requestSchema.parse(
    (await request(first!).get(`/api/form-contact/${id}`).set(bearer(token)).expect(200)).body,
  );
  const { items } = activityListSchema.parse(
    (await request(first!).get(`/api/form-contact/${id}/activities`).set(bearer(token)).expect(200))
      .body,
  );
  const acknowledged = <T extends { status: number }>(answers: T[]) =>
    answers.filter((answer) => answer.status === 201);
  // Every call is acknowledged or refused as a conflict (its retries all lost to the others:
  // the client is told, nothing is silently dropped); what was acknowledged is what is stored.
  const refused = [...notes, ...activities].filter((answer) => answer.status !== 201);
  expect(refused.map((answer) => answer.status)).toEqual(refused.map(() => 409));
  // Refusals stay the exception: the writes really ran side by side.
  expect(refused.length).toBeLessThan((notes.length + activities.length) / 10);
  expect({
    notesStored: stored.notes.length,
    activitiesStored: items.length,
  }).toEqual({
    notesStored: acknowledged(notes).length,
    activitiesStored: acknowledged(activities).length,
  });
  expect(new Set(stored.notes)).toEqual(new Set(acknowledged(notes).map((note) => note.text)));
  expect(new Set(items.map((item) => item.title))).toEqual(
    new Set(acknowledged(activities).map((activity) => activity.title)),
  );

  // Two identical moves at once, one through each instance: one moves it, the other is told
  // it moved meanwhile. Back and forth, so each try starts where the last one left it.
  const stages = ['new request', 'contacted'] as const;
  for (let attempt = 0; attempt < MOVES; attempt++) {
    const move = { from: stages[attempt % 2], to: stages[(attempt + 1) % 2] };
    const statuses = await Promise.all(
      [0, 1].map(async (which) => {
        const app = apps[which % apps.length]!;
        const res = await request(app)
          .patch(`/api/form-contact/${id}/status`)
          .set(bearer(token))
          .send(move);
        return res.status;
      }),
    );
    expect({ attempt, statuses: statuses.sort() }).toEqual({ attempt, statuses: [200, 409] });
  }
  const moved = requestSchema.parse(
    (await request(first!).get(`/api/form-contact/${id}`).set(bearer(token)).expect(200)).body,
  );
  expect(moved.status).toBe(stages[MOVES % 2]);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

type ApiProcess = {
  child: ChildProcess;
  port: number;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
};

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** `src/server.ts` in a process of its own, as an operator starts it, on `dbName`. */
async function spawnApi(dbName: string, poolSize = 1): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: {
      NODE_ENV: 'test',
      PORT: String(port),
      MONGO_URL: inject('mongoUrl'),
      MONGO_DB_NAME: dbName,
      MONGO_MAX_POOL_SIZE: String(poolSize),
      JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
      ADMIN_EMAIL: 'lease.admin@example.com',
      ADMIN_PASSWORD: 'Secreto.123',
      BCRYPT_ROUNDS: '4',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, port, stdout: () => stdout, stderr: () => stderr, exited };
}

/** Until the process answers `/api/ready` (it serves, with its database). */
async function untilServing(api: ApiProcess) {
  await vi.waitFor(
    async () => {
      if (api.child.exitCode !== null) {
        throw new Error(`the API exited with ${api.child.exitCode}: ${api.stderr()}`);
      }
      const res = await fetch(`http://127.0.0.1:${api.port}/api/ready`);
      expect(res.status).toBe(200);
    },
    { timeout: 40_000, interval: 200 },
  );
}

async function stop(api: ApiProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (api.child.exitCode === null) api.child.kill(signal);
  return api.exited;
}

describe('two API processes on one database', () => {
  let t: TestApp;
  let other: TestApp | undefined;
  let token: string;
  let atomic: boolean;
  const spawned: ApiProcess[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    atomic = await isolatesConcurrentUpdates(t.ctx.connection);
    ({ token } = await tokenFor(t, 'system admin'));
  });

  afterAll(async () => {
    await Promise.all(spawned.map((api) => stop(api, 'SIGKILL')));
    await other?.close();
    await t.close();
  });

  it('lose no acknowledged note, activity or move on MongoDB; on FerretDB 1.x one process loses none', async () => {
    const apps = [t.app];
    if (atomic) {
      // A second instance on the same database: its own connection, as a second process has.
      other = await startTestApp({ dbName: t.dbName });
      apps.push(other.app);
    }
    await assertNothingLost(apps, token);
  }, 120_000);

  it('on FerretDB 1.x a second process refuses to start while the first serves; on MongoDB both serve', async () => {
    const dbName = `test_lease_${process.pid}_${Date.now()}`;
    const start = async (poolSize?: number) => {
      const api = await spawnApi(dbName, poolSize);
      spawned.push(api);
      return api;
    };
    try {
      // MONGO_MAX_POOL_SIZE's default: several connections of one process would lose writes on
      // FerretDB as two processes do, so it keeps one there.
      const first = await start(20);
      await untilServing(first);
      const onePool = 'one database connection instead of MONGO_MAX_POOL_SIZE';
      if (atomic) expect(first.stdout()).not.toContain(onePool);
      else expect(first.stdout()).toContain(onePool);
      const second = await start();
      if (atomic) {
        await untilServing(second);
        expect(await stop(second)).toBe(0);
      } else {
        await vi.waitFor(() => expect(second.child.exitCode).not.toBeNull(), {
          timeout: 40_000,
          interval: 200,
        });
        expect(second.child.exitCode).toBe(1);
        expect(second.stderr()).toContain(`Another API process (pid ${first.child.pid} on `);
        expect(second.stderr()).toContain(
          `is using the database "${dbName}" on this FerretDB server.`,
        );
        expect(second.stdout()).not.toContain('API listening');
      }
      // The first one never noticed.
      expect((await fetch(`http://127.0.0.1:${first.port}/api/ready`)).status).toBe(200);

      // Stopped gracefully, it hands the database over at once.
      expect(await stop(first)).toBe(0);
      const third = await start();
      await untilServing(third);

      // Killed, it leaves its lease to lapse: a process started right after takes over then.
      expect(await stop(third, 'SIGKILL')).toBe(null);
      const fourth = await start();
      await untilServing(fourth);
      expect(await stop(fourth)).toBe(0);
    } finally {
      const connection = await connectDatabase(inject('mongoUrl'), dbName, 1);
      await connection.dropDatabase();
      await connection.close();
    }
  }, 150_000);
});
