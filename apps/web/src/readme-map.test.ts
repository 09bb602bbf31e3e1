import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 34: the README's "Map of the code" is where a newcomer looks first. Every folder of
// apps/web/src and every room under features/ is named there (as `name/`, a room under its
// feature's line), so a new feature or room can't land without its line. Folders named after a
// kind of file inside a room (components/, api/) are the room's own business.
// From the file's path, not `new URL(…)`: under jsdom, URL is jsdom's, which node:url refuses.
const webSrc = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(webSrc, '../../..');
const KIND_FOLDERS = new Set(['components', 'api']);

/** The README's text between two of the map's headings (`**\`apps/web/src\`**`, …). */
function readmeSection(from: string, to: string): string {
  const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const start = readme.indexOf(`**\`${from}\`**`);
  const end = readme.indexOf(`**\`${to}\`**`, start);
  expect(start, `README names ${from}`).toBeGreaterThanOrEqual(0);
  expect(end, `README names ${to} after ${from}`).toBeGreaterThan(start);
  return readme.slice(start, end);
}

/** The folders under `dir` (relative to apps/web/src), at every depth, kind folders aside. */
function roomsUnder(dir: string): string[] {
  return readdirSync(path.join(webSrc, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !KIND_FOLDERS.has(entry.name))
    .flatMap((entry) => {
      const room = `${dir}/${entry.name}`;
      return [room, ...roomsUnder(room)];
    });
}

describe("the README's map of apps/web/src", () => {
  const map = readmeSection('apps/web/src', 'packages/shared/src');

  it('when a folder exists in apps/web/src, then the map names it', () => {
    const folders = readdirSync(webSrc, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.filter((name) => !map.includes(`\`${name}/`))).toEqual([]);
  });

  it('when a feature or a room inside one exists, then the map names it', () => {
    const rooms = roomsUnder('features');
    expect(rooms).toContain('features/requests/board');
    // A feature by its path (`features/home/`); a room inside one by its own name (`board/`).
    const named = (room: string) =>
      room.split('/').length === 2
        ? map.includes(`\`${room}/\``)
        : map.includes(`\`${path.basename(room)}/\``);
    expect(rooms.filter((room) => !named(room))).toEqual([]);
  });
});
