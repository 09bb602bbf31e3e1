import { spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { pino } from 'pino';
import { describe, expect, inject, it, vi } from 'vitest';
import { gracefulShutdown } from './graceful-shutdown.js';

const silent = pino({ level: 'silent' });

function get(port: number, urlPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: urlPath, agent: false }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

type Answer = {
  status: number;
  body: string;
  connection: string | undefined;
  socket: Socket;
};

/** A GET through `agent` (keep-alive), with the connection it went over. */
function getVia(agent: http.Agent, port: number, urlPath: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, agent }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection, socket }),
      );
    });
    // Taken when assigned: by the answer's end the agent has already taken it back.
    let socket: Socket;
    req.on('socket', (assigned) => (socket = assigned));
    req.on('error', reject);
  });
}

/** `app` on a free local port. */
async function listen(app: express.Express): Promise<{ server: http.Server; port: number }> {
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, port: (server.address() as AddressInfo).port };
}

/** A database release that notes in `events` when it ran. */
const noteRelease = (events: string[]) => async () => {
  events.push('database released');
  await Promise.resolve();
};

describe('graceful shutdown', () => {
  it('finishes the call in flight, refuses new connections, then releases the database', async () => {
    const events: string[] = [];
    const app = express();
    app.get('/slow', async (_req, res) => {
      await delay(400);
      events.push('slow call answered');
      res.send('done');
    });
    const { server, port } = await listen(app);

    const inFlight = get(port, '/slow');
    await delay(100); // the call has reached the route
    const stopped = gracefulShutdown({
      server,
      logger: silent,
      release: noteRelease(events),
    })('SIGTERM');

    await expect(get(port, '/slow')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await expect(inFlight).resolves.toEqual({ status: 200, body: 'done' });
    await stopped;
    expect(events).toEqual(['slow call answered', 'database released']);
  });

  it('takes no new calls on kept-alive connections: idle ones close at once, busy ones after their answer', async () => {
    const events: string[] = [];
    const app = express();
    app.get('/fast', (_req, res) => {
      res.send('fast');
    });
    app.get('/slow', async (_req, res) => {
      await delay(400);
      events.push('slow call answered');
      res.send('done');
    });
    // Headers go out before shutdown starts, so `Connection: close` can no longer be added.
    app.get('/stream', async (_req, res) => {
      res.write('part 1, ');
      await delay(400);
      events.push('stream call answered');
      res.end('part 2');
    });
    const { server, port } = await listen(app);
    // Made right after listen, as server.ts does: it follows the calls from then on.
    const shutdown = gracefulShutdown({
      server,
      logger: silent,
      release: noteRelease(events),
    });
    // One agent (one pooled connection) per client, as a browser or a proxy keeps them.
    const keepAliveClient = () => new http.Agent({ keepAlive: true, maxSockets: 1 });
    const idleClient = keepAliveClient();
    const slowClient = keepAliveClient();
    const streamClient = keepAliveClient();

    try {
      const warmUp = await getVia(idleClient, port, '/fast');
      expect(warmUp.connection).toBe('keep-alive');
      const idleClosed = once(warmUp.socket, 'close');
      const slow = getVia(slowClient, port, '/slow');
      const stream = getVia(streamClient, port, '/stream');
      // Awaited below; this only keeps a failed assertion from also reporting them unhandled.
      for (const call of [slow, stream]) call.catch(() => undefined);
      await delay(100); // both calls have reached their routes

      const startedAt = Date.now();
      const stopped = shutdown('SIGTERM');

      await idleClosed;
      expect(Date.now() - startedAt).toBeLessThan(200);

      // The call in flight is answered, telling its client the connection ends with it…
      const slowAnswer = await slow;
      expect(slowAnswer).toMatchObject({ status: 200, body: 'done', connection: 'close' });
      // …so the client's next call cannot ride on it: it needs a new connection, which is refused.
      await expect(getVia(slowClient, port, '/fast')).rejects.toMatchObject({
        code: 'ECONNREFUSED',
      });

      // A streamed answer is finished too; its connection is closed right after it.
      const streamAnswer = await stream;
      expect(streamAnswer).toMatchObject({ status: 200, body: 'part 1, part 2' });
      await vi.waitFor(() => expect(streamAnswer.socket.destroyed).toBe(true), { timeout: 200 });
      await expect(getVia(streamClient, port, '/fast')).rejects.toMatchObject({
        code: 'ECONNREFUSED',
      });

      await stopped;
      expect(Date.now() - startedAt).toBeLessThan(2_000); // not the 10 s grace period
      expect(events).toHaveLength(3);
      expect(events.at(-1)).toBe('database released');
    } finally {
      for (const agent of [idleClient, slowClient, streamClient]) agent.destroy();
      server.closeAllConnections();
    }
  });

  it('cuts calls that outlast the grace period instead of waiting forever', async () => {
    const app = express();
    app.get('/stuck', () => undefined); // never answers
    const { server, port } = await listen(app);
    const stuck = get(port, '/stuck').catch((error: unknown) => error);
    await delay(100);

    let released = false;
    await gracefulShutdown({
      server,
      logger: silent,
      graceMs: 200,
      release: () => {
        released = true;
        return Promise.resolve();
      },
    })('SIGTERM');
    expect(released).toBe(true);
    expect(await stuck).toMatchObject({ code: 'ECONNRESET' });
  });

  it('the API process exits with 0 on SIGTERM, logging its shutdown as JSON', async () => {
    const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiDir,
      env: {
        NODE_ENV: 'test',
        PORT: '0',
        MONGO_URL: inject('mongoUrl'),
        MONGO_DB_NAME: `test_shutdown_${process.pid}`,
        MONGO_MAX_POOL_SIZE: '1',
        JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
        ADMIN_EMAIL: 'shutdown.admin@example.com',
        ADMIN_PASSWORD: 'Secreto.123',
        BCRYPT_ROUNDS: '4',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    await vi.waitFor(
      () => {
        if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
        expect(stdout).toContain('API listening');
      },
      { timeout: 30_000, interval: 100 },
    );

    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    child.kill('SIGTERM');
    const [code] = await exited;
    expect(code).toBe(0);
    const messages = stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages).toContain('shut down cleanly');
  }, 40_000);
});
