import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A stand-in for a built web app (WEB_DIR): index.html, one hashed asset, and `files` (paths
 * relative to it). `remove` deletes it.
 */
export function fakeWebDir(files: Record<string, string> = {}): {
  dir: string;
  remove: () => void;
} {
  const dir = mkdtempSync(path.join(tmpdir(), 'crm-web-'));
  const all = {
    'index.html': '<!doctype html><div id="root"></div>',
    'assets/index-abc123.js': 'console.log(1)',
    ...files,
  };
  for (const [name, content] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
