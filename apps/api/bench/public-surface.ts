import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { LEAD_HONEYPOT_FIELD } from '@crm/shared';
import { getJson } from './http-util.js';

/**
 * The public surface's abuse cases of issue 18, for abuse.ts: a honeypot flood from many
 * addresses, address rotation inside one IPv6 /64, and slow sockets. The API must trust the
 * bench's X-Forwarded-For (TRUST_PROXY=loopback) for the first two to pose as many addresses.
 */

let sent = 0;
const formBody = (honeypot: boolean) => {
  sent += 1;
  return {
    name: `Bench ${sent}`,
    email: `bench.${sent}.${Date.now().toString(36)}@example.com`,
    requestType: 'otro',
    message: 'Mensaje del benchmark.',
    ...(honeypot ? { [LEAD_HONEYPOT_FIELD]: 'https://spam.example' } : {}),
  };
};

/** One submission of the website form from `address`, its captcha solved as a browser would. */
async function submitForm(base: string, address: string, honeypot = false): Promise<number> {
  const { body } = await getJson(`${base}/api/captcha/challenge`);
  const challenge = body as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const res = await fetch(`${base}/api/form-contact/create`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
    body: JSON.stringify({ ...formBody(honeypot), altcha }),
  });
  await res.arrayBuffer();
  return res.status;
}

const tally = (statuses: number[]) => {
  const counts = new Map<number, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts].map(([status, count]) => `${count}× ${status}`).join(', ');
};

/**
 * Bots fill the honeypot from `addresses` addresses, each up to its own limit (5), more in all
 * than the shared limit (100): the shared capacity must stay untouched, so a visitor from a
 * fresh address still gets 201 (issue 18: 19 addresses closed the form for 7 minutes).
 */
export async function honeypotFlood(base: string, addresses = 30, each = 5): Promise<string> {
  const statuses: number[] = [];
  for (let host = 1; host <= addresses; host++) {
    const batch = Array.from({ length: each }, () => submitForm(base, `10.77.0.${host}`, true));
    statuses.push(...(await Promise.all(batch)));
  }
  const visitor = await submitForm(base, '10.78.0.1');
  return `${statuses.length} honeypot submissions from ${addresses} addresses: ${tally(statuses)}; then a visitor → ${visitor} (expected 201)`;
}

/**
 * One machine takes a fresh address of its IPv6 /64 for every submission: they count as one
 * address, so past its limit (5) they are refused; an address of another /64 still passes.
 */
export async function ipv6Rotation(base: string, tries = 12): Promise<string> {
  const statuses: number[] = [];
  for (let i = 1; i <= tries; i++) {
    statuses.push(await submitForm(base, `2001:db8:77:1:${i.toString(16)}::${i.toString(16)}`));
  }
  const other = await submitForm(base, '2001:db8:77:2::1');
  return `${tries} addresses of one /64: ${tally(statuses)} (expected 5× 201 then 429); another /64 → ${other}`;
}

type Cut = { afterMs: number | undefined; status: string };

/**
 * One socket that sends `start` and then `drip` every `everyMs`, never finishing its request;
 * resolves when the server closes it (or at `giveUpMs`, then closed from here).
 */
function slowSocket(
  port: number,
  start: string,
  drip: string,
  everyMs: number,
  giveUpMs: number,
): Promise<Cut> {
  return new Promise((resolve) => {
    const opened = performance.now();
    let received = '';
    let done = false;
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(start);
      void (async () => {
        while (!done && socket.writable) {
          await sleep(everyMs);
          if (!done && socket.writable) socket.write(drip);
        }
      })();
    });
    const giveUp = setTimeout(() => {
      finish(undefined);
      socket.destroy();
    }, giveUpMs);
    const finish = (afterMs: number | undefined) => {
      if (done) return;
      done = true;
      clearTimeout(giveUp);
      resolve({ afterMs, status: /^HTTP\/1\.1 (\d+)/.exec(received)?.[1] ?? 'none' });
    };
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => finish(performance.now() - opened));
  });
}

const describeCuts = (name: string, cuts: Cut[]) => {
  const times = cuts.flatMap((cut) => (cut.afterMs === undefined ? [] : [cut.afterMs / 1000]));
  const held = cuts.length - times.length;
  const statuses = [...new Set(cuts.map((cut) => cut.status))].join('/');
  const range = times.length
    ? `cut after ${Math.min(...times).toFixed(1)}–${Math.max(...times).toFixed(1)} s`
    : 'none cut';
  return `${cuts.length} ${name}: ${range}, answered ${statuses}${held ? `; ${held} still open when given up` : ''}`;
};

/**
 * 20 slowloris sockets (a header line a second, never the blank line that ends them) and 20
 * slow-body sockets (a 10,000-byte body announced, 10 bytes a second), all at once. The server
 * must cut the first at its headers timeout (10 s) and the second at its request timeout (30 s).
 */
export async function slowSockets(base: string, count = 20, giveUpMs = 45_000): Promise<string> {
  const port = Number(new URL(base).port);
  const slowloris = Array.from({ length: count }, (_, i) =>
    slowSocket(
      port,
      'GET /api/health HTTP/1.1\r\nHost: bench\r\n',
      `X-Slow-${i}: 1\r\n`,
      1000,
      giveUpMs,
    ),
  );
  const slowBody = Array.from({ length: count }, () =>
    slowSocket(
      port,
      'POST /api/form-contact/create HTTP/1.1\r\nHost: bench\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n{"name":"',
      'xxxxxxxxxx',
      1000,
      giveUpMs,
    ),
  );
  const [headers, bodies] = await Promise.all([Promise.all(slowloris), Promise.all(slowBody)]);
  return [
    describeCuts('slowloris sockets', headers),
    describeCuts('slow-body sockets', bodies),
  ].join('\n  ');
}
