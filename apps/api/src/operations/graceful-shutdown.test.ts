import { spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
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

describe('graceful shutdown', () => {
  it('finishes the call in flight, refuses new connections, then releases the database', async () => {
    const events: string[] = [];
    const app = express();
    app.get('/slow', async (_req, res) => {
      await delay(400);
      events.push('slow call answered');
      res.send('done');
    });
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;

    const inFlight = get(port, '/slow');
    await delay(100); // the call has reached the route
    const stopped = gracefulShutdown({
      server,
      logger: silent,
      release: async () => {
        events.push('database released');
        await Promise.resolve();
      },
    })('SIGTERM');

    await expect(get(port, '/slow')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await expect(inFlight).resolves.toEqual({ status: 200, body: 'done' });
    await stopped;
    expect(events).toEqual(['slow call answered', 'database released']);
  });

  it('cuts calls that outlast the grace period instead of waiting forever', async () => {
    const app = express();
    app.get('/stuck', () => undefined); // never answers
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
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
