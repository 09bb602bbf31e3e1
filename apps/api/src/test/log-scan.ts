import { appendFileSync } from 'node:fs';
import path from 'node:path';
import express from 'express';
import { pino, type DestinationStream, type Logger } from 'pino';
import { inject } from 'vitest';
import { SECRET_RUN } from './log-scan-setup.js';

/*
 * "No secret in any log line" over a whole API test run (issue 32). Every test app's default
 * logger writes every line, at the most verbose level, to a file of its test process; every
 * secret the API hands out in the run (a long random run of characters in a JSON answer or in a
 * mail the test SMTP server receives: sign-in tokens, reset, invitation and email-change links,
 * the calendar feed's address, export tickets, captcha challenges) is written to another. After
 * the run, log-scan-setup.ts looks for each of them in the logs: none may appear.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    logScanDir: string;
  }
}

/** Answers this long are documents (the OpenAPI one, an import's rows), not credentials. */
const LARGEST_ANSWER = 256 * 1024;

/** This process's file of `kind`; undefined in a run without log-scan-setup.ts (no scan). */
function fileOf(kind: 'logs' | 'issued'): string | undefined {
  const dir = inject('logScanDir') as string | undefined;
  return dir ? path.join(dir, `${kind}-${process.pid}.txt`) : undefined;
}

let destination: DestinationStream | undefined;

/**
 * The test apps' default logger: every line to this process's log file (and TEST_LOG_LEVEL's
 * to stdout).
 */
export function testLogger(): Logger {
  const shown = process.env.TEST_LOG_LEVEL;
  const file = fileOf('logs');
  if (!file) return pino({ level: shown ?? 'silent' });
  destination ??= pino.destination({ dest: file, sync: true });
  return shown && shown !== 'silent'
    ? pino(
        { level: 'trace' },
        pino.multistream([
          { level: 'trace', stream: destination },
          { level: shown, stream: process.stdout },
        ]),
      )
    : pino({ level: 'trace' }, destination);
}

/** Notes the secrets in `text` (an answer, a mail) as issued by the API in this run. */
export function registerIssued(text: string): void {
  const secrets = text.match(SECRET_RUN);
  const file = fileOf('issued');
  if (secrets && file) appendFileSync(file, `${secrets.join('\n')}\n`);
}

let watching = false;

/**
 * Reads every JSON answer an Express app of this process sends, at `res.send` (before
 * compression), for the secrets in it. Observes only: the answer goes on unchanged.
 */
export function watchAnswers(): void {
  if (watching) return;
  watching = true;
  const response = express.response as {
    send: (this: express.Response, body?: unknown) => unknown;
  };
  const send = response.send;
  response.send = function (this: express.Response, body?: unknown) {
    const json = /json/.test(String(this.get('Content-Type') ?? ''));
    if (json && typeof body === 'string' && body.length <= LARGEST_ANSWER) registerIssued(body);
    return send.call(this, body);
  };
}
