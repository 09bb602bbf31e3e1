import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 34: the README's "Map of the code" is where a newcomer looks first. Every folder of
// apps/api/src is named there (as `name/`), so a new feature can't land without its line.
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const apiSrc = path.join(repoRoot, 'apps/api/src');

/** The README's text between two of the map's headings (`**\`apps/api/src\`**`, …). */
function readmeSection(from: string, to: string): string {
  const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const start = readme.indexOf(`**\`${from}\`**`);
  const end = readme.indexOf(`**\`${to}\`**`, start);
  expect(start, `README names ${from}`).toBeGreaterThanOrEqual(0);
  expect(end, `README names ${to} after ${from}`).toBeGreaterThan(start);
  return readme.slice(start, end);
}

describe("the README's map of apps/api/src", () => {
  it('when a folder exists in apps/api/src, then the map names it', () => {
    const map = readmeSection('apps/api/src', 'apps/web/src');
    const folders = readdirSync(apiSrc, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.length).toBeGreaterThan(10);
    expect(folders.filter((name) => !map.includes(`\`${name}/`))).toEqual([]);
  });
});
