// One ESLint config for the whole monorepo (type-checked rules, consistent type imports).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webSrc = path.join(import.meta.dirname, 'apps/web/src');
// Read at start, so a new feature folder is fenced in without editing this file.
const webFeatures = readdirSync(path.join(webSrc, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
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
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read the environment only in config/env.ts (or a script entry point).',
        },
      ],
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
    // Features never import each other; what two features need lives in a shared layer.
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
              except: [`./${feature}`],
              message:
                'Features do not import each other: move what both need to api/, components/ or lib/, or compose them in app/.',
            })),
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
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', 'packages/shared/src/contract/cases.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
);
