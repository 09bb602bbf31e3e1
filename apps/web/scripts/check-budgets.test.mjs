import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  chunksOfPage,
  formatReport,
  gzippedSize,
  measurePages,
  PAGES,
  workersOf,
} from './check-budgets.mjs';

/**
 * A build like ours: the staff app's entry, the signed-in chunk and its lazy screens (agenda,
 * settings, home with its chart library, sharing the agenda's row, users, profile), the captcha,
 * the form.
 */
const manifest = {
  'index.html': {
    file: 'assets/main.js',
    isEntry: true,
    imports: ['_zod.js'],
    dynamicImports: ['_altcha.js', 'src/app/signed-in-app.tsx'],
    css: ['assets/main.css'],
  },
  'src/app/signed-in-app.tsx': {
    file: 'assets/signed-in-app.js',
    isDynamicEntry: true,
    imports: ['index.html', '_zod.js'],
    dynamicImports: [
      'src/features/agenda/agenda-page.tsx',
      'src/features/settings/settings-page.tsx',
      'src/features/home/home-page.tsx',
      'src/features/users/components/users-page.tsx',
      'src/features/profile/profile-page.tsx',
      'src/features/audit/audit-page.tsx',
    ],
  },
  'src/features/audit/audit-page.tsx': {
    file: 'assets/audit-page.js',
    isDynamicEntry: true,
    imports: ['src/app/signed-in-app.tsx', 'index.html', '_zod.js'],
  },
  'src/features/profile/profile-page.tsx': {
    file: 'assets/profile-page.js',
    isDynamicEntry: true,
    imports: ['src/app/signed-in-app.tsx', 'index.html', '_zod.js'],
  },
  'src/features/users/components/users-page.tsx': {
    file: 'assets/users-page.js',
    isDynamicEntry: true,
    imports: ['src/app/signed-in-app.tsx', 'index.html', '_zod.js'],
  },
  'src/features/agenda/agenda-page.tsx': {
    file: 'assets/agenda-page.js',
    isDynamicEntry: true,
    imports: ['src/app/signed-in-app.tsx', 'index.html', '_zod.js', '_agenda-row.js'],
  },
  'src/features/home/home-page.tsx': {
    file: 'assets/home-page.js',
    isDynamicEntry: true,
    imports: ['src/app/signed-in-app.tsx', 'index.html', '_zod.js', '_agenda-row.js'],
  },
  '_agenda-row.js': { file: 'assets/agenda-row.js' },
  'src/features/settings/settings-page.tsx': {
    file: 'assets/settings-page.js',
    isDynamicEntry: true,
    imports: ['src/app/signed-in-app.tsx', 'index.html', '_zod.js'],
  },
  '_altcha.js': { file: 'assets/altcha.js', isDynamicEntry: true },
  '_zod.js': { file: 'assets/zod.js' },
  'form.html': {
    file: 'assets/form.js',
    isEntry: true,
    imports: ['_zod.js'],
    dynamicImports: ['_altcha.js'],
  },
};

/** Files that gzip to about their length (random bytes don't compress), in kB. */
function buildOf(kBByFile) {
  const files = new Map(
    Object.entries(kBByFile).map(([file, kB]) => [file, randomBytes(Math.round(kB * 1000))]),
  );
  return { files, read: (file) => files.get(file) };
}

const gzipped = (files, names) =>
  names.reduce((sum, name) => sum + gzippedSize(files.get(name)), 0);
/** KB per file of a build where every page keeps its budget. */
const FITTING_BUILD = {
  'assets/main.js': 30,
  'assets/zod.js': 20,
  'assets/altcha.js': 20,
  'assets/signed-in-app.js': 100,
  'assets/form.js': 5,
  'assets/agenda-page.js': 2,
  'assets/agenda-row.js': 1,
  'assets/settings-page.js': 2,
  'assets/home-page.js': 30,
  'assets/users-page.js': 6,
  'assets/profile-page.js': 8,
  'assets/audit-page.js': 4,
  'assets/main.css': 8,
};
const pageNamed = (results, name) => results.find((page) => page.name === name);

describe('the first-visit budgets (scripts/check-budgets.mjs)', () => {
  it('when the login page is measured, then it counts its entry, its imports and the captcha, not the signed-in app', () => {
    const login = PAGES.find((page) => page.name === 'login');
    expect(chunksOfPage(manifest, login).sort()).toEqual(['_altcha.js', '_zod.js', 'index.html']);
  });

  it('when the board is measured, then it counts the signed-in app and not the captcha', () => {
    const board = PAGES.find((page) => page.name === 'board');
    expect(chunksOfPage(manifest, board).sort()).toEqual([
      '_zod.js',
      'index.html',
      'src/app/signed-in-app.tsx',
    ]);
  });

  it('when the entry imports a library statically (e.g. React), then the login page pays for it even if only the signed-in app uses it', () => {
    const reactInTheEntry = {
      ...manifest,
      'index.html': { ...manifest['index.html'], imports: ['_zod.js', '_react.js'] },
      'src/app/signed-in-app.tsx': {
        ...manifest['src/app/signed-in-app.tsx'],
        imports: ['index.html', '_zod.js', '_react.js'],
      },
      '_react.js': { file: 'assets/react.js' },
    };
    const login = PAGES.find((page) => page.name === 'login');
    expect(chunksOfPage(reactInTheEntry, login)).toContain('_react.js');
  });

  it('when the board is measured, then Inicio and the agenda, lazy screens of their own, are not counted', () => {
    const board = PAGES.find((page) => page.name === 'board');
    const chunks = chunksOfPage(manifest, board);
    expect(chunks).not.toContain('src/features/home/home-page.tsx');
    expect(chunks).not.toContain('_agenda-row.js');
  });

  it("when the login page is checked, then it is held to issue 19's 120 kB", () => {
    expect(PAGES.find((page) => page.name === 'login').budget).toBeLessThanOrEqual(120);
  });

  it('when a lazy chunk is not placed in PAGES, then every page that can reach it pays for it', () => {
    const withNewScreen = {
      ...manifest,
      'index.html': {
        ...manifest['index.html'],
        dynamicImports: [...manifest['index.html'].dynamicImports, 'src/features/agenda/index.ts'],
      },
      'src/features/agenda/index.ts': { file: 'assets/agenda.js', isDynamicEntry: true },
    };
    const login = PAGES.find((page) => page.name === 'login');
    expect(chunksOfPage(withNewScreen, login)).toContain('src/features/agenda/index.ts');
  });

  it('when the files fit, then each page keeps its budget and its total is the sum of its gzipped files', () => {
    const { files, read } = buildOf(FITTING_BUILD);
    const results = measurePages(manifest, read);
    const login = pageNamed(results, 'login');
    expect(login.jsBytes).toBe(
      gzipped(files, ['assets/main.js', 'assets/zod.js', 'assets/altcha.js']),
    );
    expect(login.cssBytes).toBe(gzipped(files, ['assets/main.css']));
    expect(results.every((page) => page.withinBudget)).toBe(true);
    // The lazy screens count on their own pages, not on the board's.
    const app = ['assets/main.js', 'assets/zod.js', 'assets/signed-in-app.js'];
    expect(pageNamed(results, 'board').jsBytes).toBe(gzipped(files, app));
    expect(pageNamed(results, 'agenda').jsBytes).toBe(
      gzipped(files, [...app, 'assets/agenda-page.js', 'assets/agenda-row.js']),
    );
    // Inicio's chart library rides in its own chunk: on its page only.
    expect(pageNamed(results, 'home').jsBytes).toBe(
      gzipped(files, [...app, 'assets/home-page.js', 'assets/agenda-row.js']),
    );
    expect(pageNamed(results, 'settings').jsBytes).toBe(
      gzipped(files, [...app, 'assets/settings-page.js']),
    );
    expect(pageNamed(results, 'users').jsBytes).toBe(
      gzipped(files, [...app, 'assets/users-page.js']),
    );
    expect(pageNamed(results, 'profile').jsBytes).toBe(
      gzipped(files, [...app, 'assets/profile-page.js']),
    );
    expect(pageNamed(results, 'audit').jsBytes).toBe(
      gzipped(files, [...app, 'assets/audit-page.js']),
    );
  });

  it('when the login page outgrows its budget, then the check says which page and by how much', () => {
    const login = PAGES.find((page) => page.name === 'login');
    const { read } = buildOf({
      ...FITTING_BUILD,
      'assets/main.js': login.budget - 30,
      'assets/altcha.js': 15,
      'assets/signed-in-app.js': 50,
    });
    const results = measurePages(manifest, read);
    expect(pageNamed(results, 'login').withinBudget).toBe(false);
    expect(pageNamed(results, 'form').withinBudget).toBe(true);
    expect(formatReport(results)).toMatch(/^login: [\d.]+ kB .* OVER BUDGET by 5\.\d kB/m);
  });

  it('when the captcha starts a web worker (a file the manifest does not list), then the pages that load the captcha pay for it', () => {
    const { files, read } = buildOf({ ...FITTING_BUILD, 'assets/pbkdf2-a1B2.js': 1.2 });
    files.set(
      'assets/altcha.js',
      Buffer.concat([
        randomBytes(30_000),
        Buffer.from('function W(G){return new Worker("/assets/pbkdf2-a1B2.js",{name:G?.name})}'),
      ]),
    );
    expect(workersOf(files.get('assets/altcha.js'))).toEqual(['assets/pbkdf2-a1B2.js']);
    const results = measurePages(manifest, read);
    const withCaptcha = ['assets/altcha.js', 'assets/pbkdf2-a1B2.js'];
    expect(pageNamed(results, 'login').jsBytes).toBe(
      gzipped(files, ['assets/main.js', 'assets/zod.js', ...withCaptcha]),
    );
    expect(pageNamed(results, 'captcha').jsBytes).toBe(gzipped(files, withCaptcha));
    expect(pageNamed(results, 'board').files.map(({ file }) => file)).not.toContain(
      'assets/pbkdf2-a1B2.js',
    );
  });

  it('when a budgeted entry is missing from the build, then the check fails instead of passing', () => {
    const { 'form.html': _form, ...withoutForm } = manifest;
    expect(() => measurePages(withoutForm, () => Buffer.alloc(0))).toThrow(/form\.html/);
  });
});
