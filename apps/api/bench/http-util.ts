import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Listens on an ephemeral port of 127.0.0.1 and resolves to the server's base URL. */
export function listen(server: Server): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      resolve(`http://127.0.0.1:${port}`);
    });
  });
}

/** Closes a server, dropping idle keep-alive sockets left by the load generator. */
export function close(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}

/** One GET through real HTTP; fails unless 2xx. Returns the body size and the parsed JSON. */
export async function getJson(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ bytes: number; body: unknown }> {
  const res = await fetch(url, { headers });
  const text = await res.text();
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}: ${text.slice(0, 200)}`);
  return { bytes: Buffer.byteLength(text), body: JSON.parse(text) as unknown };
}

/** One signed-in GET through real HTTP; fails unless 2xx. Returns the body as text. */
export async function getText(url: string, token: string): Promise<string> {
  const res = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  const text = await res.text();
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${text.slice(0, 200)}`);
  return text;
}

/**
 * Counts requests a server is still working on. autocannon stops at its deadline and drops
 * its sockets without waiting, but the handlers go on reading the database and would overlap
 * the next run; so a request counts until its handler calls res.end, socket or no socket.
 * Except a live event stream (issue 36; the board opens one): it never ends by itself, and once
 * its client has gone its handler has nothing left to do, so it counts until its socket closes.
 */
export function trackInFlight(server: Server): { idle: () => Promise<void> } {
  let inFlight = 0;
  let waiters: (() => void)[] = [];
  const done = () => {
    inFlight -= 1;
    if (inFlight > 0) return;
    waiters.forEach((wake) => wake());
    waiters = [];
  };
  // Prepended so that the hook is in place before the handler can answer synchronously.
  server.prependListener('request', (_req, res: ServerResponse) => {
    inFlight += 1;
    let ended = false;
    const finish = () => {
      if (ended) return;
      ended = true;
      done();
    };
    res.end = new Proxy(res.end.bind(res), {
      apply(target, thisArg, args) {
        finish();
        return Reflect.apply(target, thisArg, args) as ServerResponse;
      },
    });
    res.once('close', () => {
      if (String(res.getHeader('Content-Type')).startsWith('text/event-stream')) finish();
    });
  });
  return {
    idle: () =>
      inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve)),
  };
}
