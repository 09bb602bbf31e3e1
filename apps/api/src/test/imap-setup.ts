import type { TestProject } from 'vitest/node';
import { startTestImap } from './imap-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test IMAP server's sales mailbox, or '' when none could be started (see imap.ts). */
    imapUrl: string;
  }
}

/**
 * The test IMAP server (issue 35: a real one), imap-server.ts's. Without Dovecot only the tests
 * that read mail fail, saying what to install.
 */
export default async function setup(project: TestProject) {
  try {
    const server = await startTestImap();
    project.provide('imapUrl', server.url);
    return server.stop;
  } catch {
    project.provide('imapUrl', '');
    return undefined;
  }
}
