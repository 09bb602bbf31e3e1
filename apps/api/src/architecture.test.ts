import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
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
    [
      'users/x.ts',
      '../requests/history/history.service.js',
      'through its entry point, requests/index.ts',
    ],
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

/**
 * The groups of feature folders (those with a door, index.ts) that import one another in a
 * circle, each sorted, from what the non-test files import (type-only imports too).
 */
function featureCycles(src: string): string[][] {
  const features = readdirSync(src).filter((entry) =>
    existsSync(path.join(src, entry, 'index.ts')),
  );
  const uses = new Map(features.map((feature) => [feature, new Set<string>()]));
  for (const feature of features) {
    const files = readdirSync(path.join(src, feature), { recursive: true, encoding: 'utf8' });
    for (const file of files.filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const full = path.join(src, feature, file);
      for (const { fileName } of ts.preProcessFile(readFileSync(full, 'utf8')).importedFiles) {
        if (!fileName.startsWith('.')) continue;
        const [target] = path
          .relative(src, path.resolve(path.dirname(full), fileName))
          .split(path.sep);
        if (target && target !== feature && uses.has(target)) uses.get(feature)!.add(target);
      }
    }
  }
  // Tarjan's strongly connected components: a group of two or more is a circle.
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (feature: string) => {
    order.set(feature, order.size);
    low.set(feature, order.get(feature)!);
    stack.push(feature);
    for (const used of uses.get(feature)!) {
      if (!order.has(used)) visit(used);
      if (stack.includes(used)) low.set(feature, Math.min(low.get(feature)!, low.get(used)!));
    }
    if (low.get(feature) !== order.get(feature)) return;
    const group = stack.splice(stack.indexOf(feature));
    if (group.length > 1) groups.push(group.sort());
  };
  for (const feature of features) if (!order.has(feature)) visit(feature);
  return groups.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

describe('the API features', () => {
  it('import one another in no circle', () => {
    // A feature other features need (audit/ records for many) reaches them through the context
    // (context.ts: access, audit), not by being imported; every feature mails through mail/,
    // which imports no feature (issue 34 undid account/ → reminders/ → users/ → account/).
    expect(featureCycles(import.meta.dirname)).toEqual([]);
  });
});

type SourceFile = { file: string; text: string };

/** The API's non-test sources, by path relative to src/ (posix separators). */
function sources(src: string): SourceFile[] {
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => ({
      file: file.split(path.sep).join('/'),
      text: readFileSync(path.join(src, file), 'utf8'),
    }));
}

const folderOf = (file: string) => (file.includes('/') ? file.split('/')[0]! : '.');

/** Is this expression the models registry: `models`, `ctx.models`, `context.models`, `connection.models`? */
const isModels = (node: ts.Expression): boolean =>
  (ts.isIdentifier(node) && node.text === 'models') ||
  (ts.isPropertyAccessExpression(node) && node.name.text === 'models');

/**
 * Each feature's data is its own (docs/api.md): a model is read and written only inside the
 * folder that defines it (`connection.model('Name', schema)`); other features call what that
 * folder's index.ts exports. Returns `file: Model` for every file that touches a model another
 * folder defines, through `….models.Name`, `const { Name } = ….models` or `….models['Name']`.
 * Models defined outside a feature (db/'s Lock and ProcessLease) are infrastructure, used
 * through db/'s helpers by any feature.
 */
function foreignModelUses(files: SourceFile[]): string[] {
  const owner = new Map<string, string>();
  const parsed = files.map(({ file, text }) => ({
    file,
    source: ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true),
  }));
  for (const { file, source } of parsed) {
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === 'model' &&
        node.arguments.length > 1 &&
        ts.isStringLiteral(node.arguments[0]!)
      ) {
        owner.set(node.arguments[0].text, folderOf(file));
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  const features = new Set(
    files.filter((f) => /^[^/]+\/index\.ts$/.test(f.file)).map((f) => folderOf(f.file)),
  );
  const found = new Set<string>();
  for (const { file, source } of parsed) {
    const use = (model: string) => {
      const home = owner.get(model);
      if (home && features.has(home) && home !== folderOf(file)) found.add(`${file}: ${model}`);
    };
    const visit = (node: ts.Node) => {
      if (ts.isPropertyAccessExpression(node) && isModels(node.expression)) use(node.name.text);
      if (
        ts.isElementAccessExpression(node) &&
        isModels(node.expression) &&
        ts.isStringLiteralLike(node.argumentExpression)
      ) {
        use(node.argumentExpression.text);
      }
      if (
        ts.isVariableDeclaration(node) &&
        ts.isObjectBindingPattern(node.name) &&
        node.initializer &&
        isModels(node.initializer)
      ) {
        for (const element of node.name.elements) {
          const key = element.propertyName ?? element.name;
          if (ts.isIdentifier(key)) use(key.text);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return [...found].sort();
}

describe("the API features' data", () => {
  const tree = sources(import.meta.dirname);

  it('is read and written only by the feature that defines it', () => {
    // Issue 34 undid the last foreign uses (auth/, account/, profile/ and seed/ on User, seed/ on
    // Request and Counter). A new one fails here: export a function from the owning feature (or,
    // for the users, add it to `ctx.users`) and call that.
    expect(foreignModelUses(tree)).toEqual([]);
  });

  it.each([
    ['dashboard/planted.ts', 'export const f = (ctx) => ctx.models.User.find({});', 'User'],
    [
      'imports/planted.ts',
      'export const f = (ctx) => { const { Request } = ctx.models; return Request; };',
      'Request',
    ],
    ['leads/planted.ts', "export const f = (ctx) => ctx.models['Counter'].findOne();", 'Counter'],
  ])('when %s touches a model it does not define, then the check names it', (file, text, model) => {
    expect(foreignModelUses([...tree, { file, text }])).toContain(`${file}: ${model}`);
  });

  it('lets a feature use its own models and db/ infrastructure', () => {
    const planted = [
      { file: 'users/planted.ts', text: 'export const f = (ctx) => ctx.models.User.find({});' },
      {
        file: 'leads/planted.ts',
        text: 'export const f = (ctx) => withLock(ctx.models.Lock, "x", g);',
      },
    ];
    const uses = foreignModelUses([...tree, ...planted]);
    expect(uses.filter((use) => use.includes('planted'))).toEqual([]);
  });
});
