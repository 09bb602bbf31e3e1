import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { freePort } from './free-port.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test IMAP server's sales mailbox, or '' when none could be started (see imap.ts). */
    imapUrl: string;
  }
}

const run = promisify(execFile);
const script = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../scripts/test-imap.sh',
);

/**
 * The test IMAP server (issue 35: a real one): IMAP_URL when set (.ci/run starts one), else a
 * Dovecot of this run's own through scripts/test-imap.sh when Dovecot is installed. Without
 * either, only the tests that read mail fail, saying what to install.
 */
export default async function setup(project: TestProject) {
  if (process.env.IMAP_URL) {
    project.provide('imapUrl', process.env.IMAP_URL);
    return;
  }
  const port = String(await freePort());
  try {
    const { stdout } = await run('bash', [script, 'start', port]);
    project.provide('imapUrl', /IMAP_URL=(\S+)/.exec(stdout)?.[1] ?? '');
  } catch {
    project.provide('imapUrl', '');
    return;
  }
  return async () => {
    await run('bash', [script, 'stop', port]);
  };
}
