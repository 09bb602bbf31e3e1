import type { Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import express, { type Express } from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import type { HttpServerConfig } from '../config/env.js';
import { listen } from './http-server.js';

/** Small limits, so that what production does in 10 or 30 s takes a fraction of a second here. */
const SMALL: HttpServerConfig = {
  headersTimeoutMs: 400,
  requestTimeoutMs: 800,
  maxConnectionsPerAddress: 0,
};

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

function appEchoingBodies(): Express {
  const app = express();
  app.post('/echo', express.text(), (req, res) => {
    res.send(`got ${String(req.body).length}`);
  });
  app.get('/ok', (_req, res) => {
    res.send('ok');
  });
  return app;
}

async function start(http: HttpServerConfig, app = appEchoingBodies()): Promise<number> {
  const server = await listen(app, { port: 0, host: '127.0.0.1', http });
  servers.push(server);
  return (server.address() as AddressInfo).port;
}

type Watched = { socket: Socket; received: () => string; closedAfterMs: Promise<number> };

/** A raw TCP connection, with what the server sent and when it closed (ms after opening). */
async function open(port: number): Promise<Watched> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const opened = performance.now();
  let data = '';
  socket.on('data', (chunk: Buffer) => (data += chunk.toString()));
  socket.on('error', () => undefined);
  const closedAfterMs = new Promise<number>((resolve) =>
    socket.once('close', () => resolve(performance.now() - opened)),
  );
  return { socket, received: () => data, closedAfterMs };
}

/** Writes `parts` one by one, `everyMs` apart, while the socket stays writable. */
async function trickle(socket: Socket, parts: string[], everyMs: number): Promise<void> {
  for (const part of parts) {
    if (socket.destroyed || !socket.writable) return;
    socket.write(part);
    await sleep(everyMs);
  }
}

describe('the HTTP server (operations/http-server.ts)', () => {
  it('when a client sends its headers a line at a time (slowloris), then it is answered 408 and cut at the headers timeout', async () => {
    const port = await start(SMALL);
    const client = await open(port);
    const lines = ['GET /ok HTTP/1.1\r\n', 'Host: x\r\n'];
    for (let i = 0; i < 100; i++) lines.push(`X-Slow-${i}: ${i}\r\n`);
    void trickle(client.socket, lines, 50);
    const closedAfter = await client.closedAfterMs;
    // The headers timeout plus Node's check interval (a quarter of it, at most 1 s here).
    expect(closedAfter).toBeGreaterThanOrEqual(SMALL.headersTimeoutMs - 50);
    expect(closedAfter).toBeLessThan(SMALL.headersTimeoutMs * 2 + 300);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('when a client sends its body a few bytes at a time, then it is answered 408 and cut at the request timeout', async () => {
    const port = await start(SMALL);
    const client = await open(port);
    client.socket.write(
      'POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n',
    );
    void trickle(client.socket, Array<string>(200).fill('xxxxx'), 50);
    const closedAfter = await client.closedAfterMs;
    expect(closedAfter).toBeGreaterThanOrEqual(SMALL.requestTimeoutMs - 50);
    expect(closedAfter).toBeLessThan(SMALL.requestTimeoutMs * 2 + 300);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408/);
    expect(client.received()).not.toContain('got ');
  });

  it('when a client sends a whole request in time, then it is answered as usual', async () => {
    const port = await start(SMALL);
    const client = await open(port);
    client.socket.end(
      'POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello',
    );
    await client.closedAfterMs;
    expect(client.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(client.received()).toContain('got 5');
  });

  it('when one address opens more connections than MAX_CONNECTIONS_PER_ADDRESS, then the extra ones are closed at once, and a freed place can be taken', async () => {
    const port = await start({
      ...SMALL,
      headersTimeoutMs: 5000,
      requestTimeoutMs: 5000,
      maxConnectionsPerAddress: 3,
    });
    const held = await Promise.all([open(port), open(port), open(port)]);
    const extra = await open(port);
    expect(await extra.closedAfterMs).toBeLessThan(500);
    expect(extra.received()).toBe('');

    held[0]?.socket.destroy();
    await held[0]?.closedAfterMs;
    await sleep(50);
    const next = await open(port);
    next.socket.end('GET /ok HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    await next.closedAfterMs;
    expect(next.received()).toMatch(/^HTTP\/1\.1 200/);
    for (const client of held) client.socket.destroy();
  });

  it('when the connections come from a trusted proxy (TRUST_PROXY), then they are not capped: the proxy limits its clients', async () => {
    const app = appEchoingBodies();
    app.set('trust proxy', 'loopback');
    const port = await start(
      { ...SMALL, headersTimeoutMs: 5000, requestTimeoutMs: 5000, maxConnectionsPerAddress: 2 },
      app,
    );
    const clients = await Promise.all([open(port), open(port), open(port), open(port)]);
    const last = clients.at(-1);
    last?.socket.end('GET /ok HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    await last?.closedAfterMs;
    expect(last?.received()).toMatch(/^HTTP\/1\.1 200/);
    for (const client of clients) client.socket.destroy();
  });
});
