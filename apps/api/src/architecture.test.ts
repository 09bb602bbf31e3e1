import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/**
 * The API's import boundaries (eslint.config.js) fail on a planted import. `pnpm lint` proves
 * the real tree has none; this proves the rule would notice one. The planted files exist only
 * in memory, so they are linted without type information (the zone rule needs none).
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const RULE = 'import-x/no-restricted-paths';
const eslint = new ESLint({
  cwd: repoRoot,
  overrideConfig: tseslint.configs.disableTypeChecked,
  ruleFilter: ({ ruleId }) => ruleId === RULE,
});

async function boundaryErrors(file: string, from: string): Promise<string[]> {
  const code = `import * as planted from '${from}';\nexport const used = planted;\n`;
  const [result] = await eslint.lintText(code, {
    filePath: path.join(repoRoot, 'apps/api/src', file),
  });
  return (result?.messages ?? []).filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe('the API import boundaries', () => {
  it.each([
    ['db/x.ts', '../requests/request.model.js', 'db/ knows no HTTP and no feature'],
    ['db/x.ts', '../http/app-error.js', 'db/ knows no HTTP and no feature'],
    ['db/x.ts', '../context.js', 'db/ knows no HTTP and no feature'],
    ['http/x.ts', '../auth/index.js', 'http/ knows no feature'],
    ['config/x.ts', '../db/connect.js', 'config/ imports nothing else of the API'],
    ['context.ts', './users/index.js', 'context.ts knows no feature'],
    ['users/x.ts', '../requests/history.service.js', 'through its entry point, requests/index.ts'],
    ['app.ts', './users/users.routes.js', 'through its entry point, users/index.ts'],
    ['users/x.ts', '../app-context.js', 'Features sit below the app composition'],
  ])('when %s imports %s, then lint says "%s"', async (file, from, expected) => {
    const errors = await boundaryErrors(file, from);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(expected);
  });

  it.each([
    ['users/x.ts', '../requests/index.js'],
    ['users/x.ts', '../db/lock.js'],
    ['http/x.ts', '../db/availability.js'],
    ['app.ts', './users/index.js'],
  ])('when %s imports %s, then lint lets it through', async (file, from) => {
    expect(await boundaryErrors(file, from)).toEqual([]);
  });
});
