import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Express } from 'express';
import type { HttpServerConfig } from '../config/env.js';
import { addressKey } from '../http/client-address.js';

type ListenConfig = { port: number; host?: string; http: HttpServerConfig };

/**
 * The API's HTTP server over `app`, listening on `port`, with the limits of HttpServerConfig
 * (config/env.ts): the headers of a request must arrive within `headersTimeoutMs` and the whole
 * request within `requestTimeoutMs`, else Node answers 408 and closes the connection (Node's
 * defaults, 60 s and 300 s, let slow sockets be held for minutes: issue 18); and one client
 * address holds at most `maxConnectionsPerAddress` connections at once. Resolves once listening.
 */
export async function listen(app: Express, config: ListenConfig): Promise<Server> {
  const { headersTimeoutMs, requestTimeoutMs } = config.http;
  const server = createServer(
    {
      headersTimeout: headersTimeoutMs,
      requestTimeout: requestTimeoutMs,
      // How often Node checks those two timeouts (its default, 30 s, would let a slow socket
      // live up to 30 s past its limit): a quarter of the headers timeout, at most 1 s.
      connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(headersTimeoutMs / 4))),
    },
    app,
  );
  capConnectionsPerAddress(server, app, config.http.maxConnectionsPerAddress);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

type TrustProxy = (address: string, hop: number) => boolean;

/**
 * Closes a new connection at once when its address (an IPv6 address by its /64) already holds
 * `max`; 0 turns the cap off. Connections from a proxy the app trusts (Express's `trust proxy`,
 * TRUST_PROXY) are not counted: they carry many clients, and the proxy caps its own (nginx's
 * limit_conn in compose). Counted on the socket itself, so a connection is one whatever it
 * carries, and freed when it closes.
 */
function capConnectionsPerAddress(server: Server, app: Express, max: number): void {
  if (max <= 0) return;
  // Express compiles TRUST_PROXY into this function; the app's setting, read per connection.
  const trusted = (address: string) => {
    const trust: unknown = app.get('trust proxy fn');
    return typeof trust === 'function' && (trust as TrustProxy)(address, 0);
  };
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || trusted(address)) return;
    const key = addressKey(address);
    const count = (open.get(key) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(key, count);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
}
