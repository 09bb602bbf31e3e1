// One ESLint config for the whole monorepo (type-checked rules, consistent type imports).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { wordsPlugin } from './eslint/no-inline-words.js';

const webSrc = path.join(import.meta.dirname, 'apps/web/src');
const foldersIn = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
// The web app's rooms, read at start so a new feature folder is fenced in without editing this
// file: each folder of features/ is a room, and so is each sub-feature of a feature that is split
// into sub-features (a feature with a sub-folder holding an index.ts, as requests/ is: board/,
// card/, request-editor/, notes/, history/, shared/). Every room's door is its index.ts.
const webFeatures = foldersIn(path.join(webSrc, 'features'));
const webSubFeatures = webFeatures.flatMap((feature) => {
  const folders = foldersIn(path.join(webSrc, 'features', feature));
  const isSplit = folders.some((folder) =>
    existsSync(path.join(webSrc, 'features', feature, folder, 'index.ts')),
  );
  return isSplit ? folders.map((folder) => ({ feature, folder })) : [];
});
const featureDoors = webFeatures.map((feature) => `./${feature}/index.ts`);
const ROOM_DOOR_MESSAGE =
  'Another feature (or requests sub-feature) is reached only through its index.ts, its door: import from its folder, and export there what you need.';

// The API's layers, lowest first: each may import only those before it. Above them sit the
// features (every other folder of src/), then the app's composition (the top-level files).
const apiSrc = path.join(import.meta.dirname, 'apps/api/src');
const apiLayers = [
  { path: 'config', message: 'config/ imports nothing else of the API.' },
  {
    path: 'db',
    message:
      'db/ knows no HTTP and no feature: throw a data error of db/ and map it to a status in http/error-handler.ts.',
  },
  {
    path: 'http',
    message:
      'http/ knows no feature: what routes need from one comes through the context (e.g. AccessGuards).',
  },
  {
    path: 'context.ts',
    message:
      'context.ts knows no feature: a feature declares its models beside its schemas and app-context.ts registers them.',
  },
];
const apiLayerPaths = apiLayers.map((layer) => layer.path);

// One formatter (issue 34): amounts, numbers, dates and times are written only by
// packages/shared/src/format.ts (es-CL, in a zone the caller names). Anywhere else these are
// errors, so a second formatter (an es-ES total, a date in the browser's zone) can't creep back.
const FORMAT_MODULE = 'packages/shared/src/format.ts';
const FORMAT_MESSAGE = `Format amounts, numbers, dates and times with ${FORMAT_MODULE} (@crm/shared: formatMoney, formatNumber, formatDateTime...), es-CL and the person's zone.`;
const ENV_SYNTAX = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: 'Read the environment only in config/env.ts (or a script entry point).',
};
const FORMAT_SYNTAX = ['NewExpression', 'CallExpression'].map((node) => ({
  selector: `${node}[callee.object.name='Intl'][callee.property.name=/^(NumberFormat|DateTimeFormat)$/]`,
  message: FORMAT_MESSAGE,
}));
const FORMAT_PROPERTIES = ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'].map(
  (property) => ({ property, message: FORMAT_MESSAGE }),
);
const apiEntries = readdirSync(apiSrc, { withFileTypes: true }).filter(
  (entry) => entry.name !== 'test' && !entry.name.endsWith('.test.ts'),
);
const apiFeatures = apiEntries
  .filter((entry) => entry.isDirectory() && !apiLayerPaths.includes(entry.name))
  .map((entry) => entry.name);
const apiComposition = apiEntries
  .filter((entry) => entry.isFile() && !apiLayerPaths.includes(entry.name))
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.turbo/**',
      '**/coverage/**',
      '**/.data/**',
      '**/test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            '*.js',
            '*.mjs',
            'scripts/*.mjs',
            'packages/*/vitest.config.ts',
            'apps/*/vitest.config.ts',
          ],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      'no-restricted-syntax': ['error', ENV_SYNTAX, ...FORMAT_SYNTAX],
      'no-restricted-properties': ['error', ...FORMAT_PROPERTIES],
    },
  },
  {
    // The one formatter may build Intl's formatters; the environment is still not its to read.
    files: [FORMAT_MODULE],
    rules: {
      'no-restricted-syntax': ['error', ENV_SYNTAX],
      'no-restricted-properties': 'off',
    },
  },
  {
    // The web app runs in the browser; the rules of hooks keep its components honest.
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The web app's layers, one way only (as in bulletproof-react): the shared layers (api/,
    // components/, lib/, config/) → features/ → app/ and layout/, which compose the screens.
    // One door per room: a feature (or a sub-feature of requests/) is imported from outside only
    // through its index.ts, which exports just what others use; the rest of the room is private.
    // Data hooks have one home for every feature: the shared data layer api/<resource>/ (one file
    // per endpoint: fetcher + queryOptions + hook, query keys), never a feature folder, because
    // the board, the card, the editor and the layout all read the same requests and users.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x skips .ts/.tsx dependencies and no-cycle sees no edges.
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: path.join(import.meta.dirname, 'apps/web/tsconfig.json'),
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: webSrc,
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./features/${feature}`,
              from: './features',
              except: [`./${feature}`, ...featureDoors],
              message: ROOM_DOOR_MESSAGE,
            })),
            ...webSubFeatures.map(({ feature, folder }) => ({
              target: `./features/${feature}/${folder}`,
              from: `./features/${feature}`,
              except: [
                `./${folder}`,
                ...webSubFeatures
                  .filter((other) => other.feature === feature)
                  .map((other) => `./${other.folder}/index.ts`),
              ],
              message: ROOM_DOOR_MESSAGE,
            })),
            // A split feature's own door re-exports its sub-features' doors, nothing deeper.
            ...[...new Set(webSubFeatures.map(({ feature }) => feature))].map((feature) => ({
              target: `./features/${feature}/*.{ts,tsx}`,
              from: `./features/${feature}/*/**`,
              // A glob zone takes absolute glob exceptions.
              except: [
                `${webSrc}/features/${feature}/{${webSubFeatures
                  .filter((sub) => sub.feature === feature)
                  .map(({ folder }) => folder)
                  .join(',')}}/index.ts`,
              ],
              message: ROOM_DOOR_MESSAGE,
            })),
            {
              target: ['./app', './layout'],
              from: './features',
              except: featureDoors,
              message: 'app/ and layout/ compose the features through their index.ts only.',
            },
            {
              target: './features',
              from: ['./app', './layout'],
              message: 'app/ and layout/ compose the features, not the other way round.',
            },
            {
              target: ['./api', './components', './lib', './config'],
              from: ['./features', './app', './layout'],
              message: 'Shared layers may not depend on features, app/ or layout/.',
            },
            {
              // The data layer sits on the HTTP client, never under it.
              target: ['./components', './lib', './config'],
              from: './api',
              message: 'components/, lib/ and config/ sit below the api/ data layer.',
            },
          ],
        },
      ],
    },
  },
  {
    // A page's JavaScript carries the endpoint declarations it names (issue 34): the web app
    // imports a group of the contract as its namespace (`usersApi.list`), never the whole of it
    // (`api`, `endpoints`: every declaration and schema), which is for the API and the tests.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@crm/shared',
              importNames: ['api', 'endpoints', 'docsOf', 'apiDocs'],
              message:
                "Import the endpoint's group (`usersApi`, …): the whole contract would ride along on every page.",
            },
          ],
        },
      ],
    },
  },
  {
    // The API's layers, one way only: config/ → db/ → http/ → context.ts → features → the
    // composition (app.ts, app-context.ts, server.ts, seed-cli.ts). db/ raises data errors that
    // http/ maps; routes get auth's checks through the context. A feature is used from outside
    // only through its index.ts. Tests and test/ assemble the whole app, so they are exempt.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/*.test.ts', 'apps/api/src/test/**'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: path.join(import.meta.dirname, 'apps/api/tsconfig.json'),
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: apiSrc,
          zones: [
            ...apiLayers.map((layer, index) => ({
              target: `./${layer.path}`,
              from: '.',
              except: apiLayerPaths.slice(0, index + 1).map((below) => `./${below}`),
              message: layer.message,
            })),
            ...apiFeatures.map((feature) => ({
              target: [...apiFeatures, ...apiComposition]
                .filter((entry) => entry !== feature)
                .map((entry) => `./${entry}`),
              from: `./${feature}`,
              except: ['./index.ts'],
              message: `Use ${feature}/ through its entry point, ${feature}/index.ts.`,
            })),
            {
              target: apiFeatures.map((feature) => `./${feature}`),
              from: [...apiComposition, 'test'].map((entry) => `./${entry}`),
              message: 'Features sit below the app composition and the test helpers.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      '**/*.js',
      '**/*.mjs',
      '**/scripts/**',
      '**/*.config.ts',
      '**/config/env.ts',
      '**/test/**',
      'e2e/**',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Response bodies from supertest are `any`; tests assert on them directly.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', 'packages/contract-tests/src/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // One catalogue mechanism for words (issue 34 item 5, docs/web.md "Words"): a component takes
    // the words a person reads from @crm/shared, each feature's catalogue beside its schemas.
    // Inline JSX text, string children and string aria-label/title/placeholder/alt/label with a
    // letter are errors; punctuation and symbols alone are fine. Every component is moved: no
    // file is exempt.
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx', 'apps/web/src/test/**'],
    plugins: { crm: wordsPlugin },
    rules: { 'crm/no-inline-words': 'error' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
);
