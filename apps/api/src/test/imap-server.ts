import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from './free-port.js';

const run = promisify(execFile);
const SCRIPT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../scripts/test-imap.sh',
);

/**
 * A real IMAP server for tests and benchmarks (issue 35): IMAP_URL when set (.ci/run starts
 * one), else a Dovecot of this run's own through scripts/test-imap.sh. Rejects when Dovecot
 * isn't installed.
 */
export async function startTestImap(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.IMAP_URL) return { url: process.env.IMAP_URL, stop: () => Promise.resolve() };
  const port = String(await freePort());
  const { stdout } = await run('bash', [SCRIPT, 'start', port]);
  const url = /IMAP_URL=(\S+)/.exec(stdout)?.[1];
  if (!url) throw new Error('Dovecot did not start: install dovecot-imapd (Debian)');
  return { url, stop: () => run('bash', [SCRIPT, 'stop', port]).then(() => undefined) };
}
