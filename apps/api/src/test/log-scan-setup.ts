import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

/*
 * The global side of log-scan.ts (this module runs outside the test processes, so it imports
 * nothing of vitest's runtime).
 */

/**
 * What counts as an issued secret: a run of 32 or more base64url characters (128 random bits
 * or more, as every token of ours has). Ids are shorter (ObjectIds 24, photo and session ids 22).
 */
export const SECRET_RUN = /[\w-]{32,}/g;
/** Where a leak is looked for: every 32-character window of a log's long runs. */
const WINDOW = 32;

export type Leak = { secret: string; file: string; line: string };

const readLines = (file: string) => readFileSync(file, 'utf8').split('\n').filter(Boolean);

/** Every issued secret found in a log line of the run written to `dir`. */
export function findLeaks(dir: string): Leak[] {
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir);
  const byPrefix = new Map<string, Set<string>>();
  for (const file of files.filter((name) => name.startsWith('issued-'))) {
    for (const secret of readLines(path.join(dir, file))) {
      const prefix = secret.slice(0, WINDOW);
      const same = byPrefix.get(prefix) ?? new Set<string>();
      same.add(secret);
      byPrefix.set(prefix, same);
    }
  }
  const leaks: Leak[] = [];
  for (const file of files.filter((name) => name.startsWith('logs-'))) {
    for (const line of readLines(path.join(dir, file))) {
      for (const run of line.match(SECRET_RUN) ?? []) {
        for (let at = 0; at + WINDOW <= run.length; at++) {
          for (const secret of byPrefix.get(run.slice(at, at + WINDOW)) ?? []) {
            if (run.includes(secret)) leaks.push({ secret, file, line });
          }
        }
      }
    }
  }
  return leaks;
}

/**
 * The whole run's check of log-scan.ts: a folder of this run's own (several runs may share the
 * tree) for the test processes' logs and issued secrets, then, once every test file has run,
 * none of those secrets may be in a log line. A clean run leaves nothing behind; a leak fails the
 * run (an error in the global teardown) naming the secret's first characters and the line, and
 * keeps the folder to look into.
 */
export default function setup(project: TestProject) {
  const dir = path.resolve(
    import.meta.dirname,
    `../../test-results/log-scan/run-${process.pid}-${Date.now()}`,
  );
  mkdirSync(dir, { recursive: true });
  project.provide('logScanDir', dir);
  return () => {
    const leaks = findLeaks(dir);
    if (leaks.length === 0) {
      rmSync(dir, { recursive: true, force: true });
      return;
    }
    const shown = leaks
      .slice(0, 10)
      .map(({ secret, file, line }) => `${secret.slice(0, 8)}… in ${file}: ${line.slice(0, 300)}`);
    throw new Error(
      `${leaks.length} issued secret(s) found in the API's logs (${dir}):\n${shown.join('\n')}`,
    );
  };
}
