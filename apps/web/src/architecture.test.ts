import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The web app's rooms are fenced by eslint.config.js (import-x/no-restricted-paths). These plant
// an import in a real file's place and lint it with the repository's own config, so a zone that
// stops firing (a renamed folder, a typo in a path) fails here instead of letting rooms leak.
// From the file's path, not `new URL(…)`: under jsdom, URL is jsdom's, which node:url refuses.
const webSrc = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(webSrc, '../../..');
const ZONE_RULE = 'import-x/no-restricted-paths';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

async function zoneErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(webSrc, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === ZONE_RULE)
    .map((message) => message.message);
}

// Linting with type information loads the web project once (a few seconds on a busy machine).
describe('the web lint rule: one door per room', { timeout: 120_000 }, () => {
  it('when app/ imports a feature through its index.ts, then it passes', async () => {
    const errors = await zoneErrors(
      'app/authenticated-app.tsx',
      "export { RequestsBoard } from '../features/requests';\n",
    );
    expect(errors).toEqual([]);
  });

  it('when app/ imports a file inside a feature, then it fails', async () => {
    const errors = await zoneErrors(
      'app/authenticated-app.tsx',
      "export { RequestsBoard } from '../features/requests/board/requests-board';\n",
    );
    expect(errors).toEqual([expect.stringContaining('through their index.ts only')]);
  });

  it("when layout/ imports a requests sub-feature's door, not the feature's, then it fails", async () => {
    const errors = await zoneErrors(
      'layout/main-layout.tsx',
      "export { BOARD_PATH } from '../features/requests/shared';\n",
    );
    expect(errors).toEqual([expect.stringContaining('through their index.ts only')]);
  });

  it('when a feature imports a file inside another feature, then it fails', async () => {
    const errors = await zoneErrors(
      'features/users/components/users-page.tsx',
      "export { RequestsBoard } from '../../requests/board/requests-board';\n",
    );
    expect(errors).toEqual([expect.stringContaining('only through its index.ts')]);
  });

  it("when a feature imports another feature's index.ts, then it passes", async () => {
    const errors = await zoneErrors(
      'features/users/components/users-page.tsx',
      "export { HomePage } from '../../home';\n",
    );
    expect(errors).toEqual([]);
  });

  it('when the board imports a file inside the request editor, then it fails', async () => {
    const errors = await zoneErrors(
      'features/requests/board/requests-board.tsx',
      "export { CreateRequestModal } from '../request-editor/create-request-modal';\n",
    );
    expect(errors).toEqual([expect.stringContaining('only through its index.ts')]);
  });

  it("when the board imports the request editor's index.ts, then it passes", async () => {
    const errors = await zoneErrors(
      'features/requests/board/requests-board.tsx',
      "export { CreateRequestModal } from '../request-editor';\n",
    );
    expect(errors).toEqual([]);
  });

  it('when the board imports a file of its own drag and drop, then it passes', async () => {
    const errors = await zoneErrors(
      'features/requests/board/requests-board.tsx',
      "export { useBoardMove } from './drag/use-board-move';\n",
    );
    expect(errors).toEqual([]);
  });

  it('when a file deep in the board imports a file inside the card, then it fails', async () => {
    const errors = await zoneErrors(
      'features/requests/board/drag/draggable-card.tsx',
      "export { cardLabel } from '../../card/card-label';\n",
    );
    expect(errors).toEqual([expect.stringContaining('only through its index.ts')]);
  });

  it("when the requests feature's door re-exports a file inside a sub-feature, then it fails", async () => {
    const errors = await zoneErrors(
      'features/requests/index.ts',
      "export { RequestsBoard } from './board/requests-board';\n",
    );
    expect(errors).toEqual([expect.stringContaining('only through its index.ts')]);
  });
});

// Issue 34: a page carries only the endpoint declarations it names (eslint.config.js).
describe('the web lint rule: the contract by group', { timeout: 120_000 }, () => {
  async function contractErrors(code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, {
      filePath: path.join(webSrc, 'api/users/get-users.ts'),
    });
    return (result?.messages ?? [])
      .filter((message) => message.ruleId === 'no-restricted-imports')
      .map((message) => message.message);
  }

  it('when a web module imports the whole contract (api), then it fails', async () => {
    const errors = await contractErrors(
      "import { api } from '@crm/shared';\nexport const list = api.users.list;\n",
    );
    expect(errors).toEqual([expect.stringContaining("Import the endpoint's group")]);
  });

  it("when a web module imports the endpoint's group, then it passes", async () => {
    const errors = await contractErrors(
      "import { usersApi } from '@crm/shared';\nexport const list = usersApi.list;\n",
    );
    expect(errors).toEqual([]);
  });
});
