import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import path from 'node:path';
import { ImapFlow } from 'imapflow';
import { REPO_ROOT } from './stack.js';

/*
 * The stacks' sales mailbox (issue 35): a real Dovecot (IMAP_URL from .ci/run, else one started
 * here through scripts/test-imap.sh), a folder per stack, which its API reads every 5 s. A
 * scenario delivers the customer's answer into its stack's folder as a mail server would.
 */

const run = promisify(execFile);
const SCRIPT = path.join(REPO_ROOT, 'scripts/test-imap.sh');
/** Where global-setup.ts tells the workers their folders are (one IMAP_URL a worker). */
export const E2E_IMAP_URLS = 'E2E_IMAP_URLS';

/** A port no one listens on now. */
async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  return port;
}

/** The IMAP server for the run: its URL and its stop. */
export async function startImap(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.IMAP_URL) return { url: process.env.IMAP_URL, stop: () => Promise.resolve() };
  const port = await freePort();
  const { stdout } = await run('bash', [SCRIPT, 'start', String(port)]);
  const url = /IMAP_URL=(\S+)/.exec(stdout)?.[1];
  if (!url) throw new Error('Dovecot did not start: install dovecot-imapd (see .ci/run)');
  return { url, stop: () => run('bash', [SCRIPT, 'stop', String(port)]).then(() => undefined) };
}

async function connected(folderUrl: string) {
  const url = new URL(folderUrl);
  const client = new ImapFlow({
    host: url.hostname,
    port: Number(url.port),
    secure: false,
    auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
    logger: false,
  });
  client.on('error', () => undefined);
  await client.connect();
  return { client, folder: decodeURIComponent(url.pathname.slice(1)) };
}

/** A new folder of its own for one stack: its IMAP_URL. */
export async function newStackFolder(imapUrl: string, index: number): Promise<string> {
  const url = new URL(imapUrl);
  url.pathname = `/e2e-${index}-${randomBytes(4).toString('hex')}`;
  const { client, folder } = await connected(url.toString());
  await client.mailboxCreate(folder);
  await client.logout();
  return url.toString();
}

/** This worker's folder, as global-setup.ts made it. */
export function workerMailbox(): string {
  const url = process.env[E2E_IMAP_URLS]?.split(',')[Number(process.env.TEST_PARALLEL_INDEX ?? 0)];
  if (!url) throw new Error('no mailbox for this worker: run through global-setup.ts');
  return url;
}

/** Leaves a message in this worker's sales mailbox, as the customer's mail server would. */
export async function deliverToSalesMailbox(message: string): Promise<void> {
  const { client, folder } = await connected(workerMailbox());
  await client.append(folder, message);
  await client.logout();
}
