import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findLeaks } from './log-scan-setup.js';

// The whole run's search of the logs for issued secrets (issue 32) finds a planted one.

const SECRET = 'tkGkyzWaaPseHFds0vI3miECJ4ohf2sPV_V10gEzab4';
let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function run(issued: string[], logs: string[]): string {
  dir = mkdtempSync(path.join(tmpdir(), 'log-scan-'));
  writeFileSync(path.join(dir, 'issued-1.txt'), `${issued.join('\n')}\n`);
  writeFileSync(path.join(dir, 'logs-2.txt'), `${logs.join('\n')}\n`);
  return dir;
}

describe('findLeaks', () => {
  it('when a log line holds an issued secret, even inside a longer run, then it is reported with its line', () => {
    const line = `{"msg":"GET /api/calendar/x${SECRET}.ics 200"}`;
    expect(findLeaks(run([SECRET], ['{"msg":"fine"}', line]))).toEqual([
      { secret: SECRET, file: 'logs-2.txt', line },
    ]);
  });

  it('when the logs hold only routes, ids and other long values, then nothing is reported', () => {
    const logs = [
      '{"msg":"GET /api/calendar/:secret.ics 200"}',
      `{"msg":"GET /api/user/data/0123456789abcdef01234567 200","mailKey":"account:reset:${'a'.repeat(64)}"}`,
    ];
    expect(findLeaks(run([SECRET, 'b'.repeat(40)], logs))).toEqual([]);
  });
});
