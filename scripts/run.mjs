#!/usr/bin/env node
// One entry point for `npm start`, `npm test`, `npm run bench` and `npm run seed` on a fresh
// clone with only Node >= 20 and npm: it brings the pinned pnpm (without corepack), installs,
// builds what the task needs and runs it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [major] = process.versions.node.split('.').map(Number);
if (major < 20) {
  console.error(`Node ${process.versions.node} is too old: this project needs Node 20 or newer.`);
  process.exit(1);
}

const { packageManager } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const pnpmVersion = packageManager.replace(/^pnpm@/, '');
const isWindows = process.platform === 'win32';

/** The pinned pnpm: a matching global one if present, else through npx (works without corepack). */
function pnpmCommand() {
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8', shell: isWindows });
  if (probe.status === 0 && probe.stdout.trim() === pnpmVersion) return ['pnpm'];
  return ['npx', '--yes', `pnpm@${pnpmVersion}`];
}

function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: 'inherit',
      shell: isWindows,
      ...options,
    });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const [pnpmBin, ...pnpmPrefix] = pnpmCommand();
const pnpm = async (...args) => {
  const code = await run(pnpmBin, [...pnpmPrefix, ...args]);
  if (code !== 0) process.exit(code);
};

/**
 * Vitest writes a JSON report per package and Playwright one for the browser suite; the sum
 * goes on one plain line for CI readers.
 */
const testReports = ['packages/shared', 'apps/api', 'apps/web'].map((dir) =>
  path.join(root, dir, 'test-results', 'vitest.json'),
);
const e2eReport = path.join(root, 'e2e', 'test-results', 'playwright.json');
function printTestSummary(failedTasks) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const failedFiles = [];
  const failedTests = [];
  for (const file of testReports) {
    if (!existsSync(file)) continue;
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
    // A file that fails outside its tests (an import, a hook) counts no failed test.
    for (const result of report.testResults) {
      for (const test of result.assertionResults) {
        if (test.status !== 'failed') continue;
        const reason = String(test.failureMessages?.[0] ?? '')
          .split('\n')[0]
          .slice(0, 300);
        failedTests.push(`${path.relative(root, result.name)} > ${test.fullName}: ${reason}`);
      }
      if (
        result.status === 'failed' &&
        result.assertionResults.every((t) => t.status !== 'failed')
      ) {
        failedFiles.push(path.relative(root, result.name));
      }
    }
  }
  let browser = '';
  if (existsSync(e2eReport)) {
    const { stats, suites } = JSON.parse(readFileSync(e2eReport, 'utf8'));
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) {
        if (!spec.ok) failedTests.push(`e2e/tests/${spec.file}:${spec.line} > ${spec.title}`);
      }
      for (const inner of suite.suites ?? []) walk(inner);
    };
    for (const suite of suites ?? []) walk(suite);
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
    skipped += stats.skipped;
    browser = ` (of which in the browser: ${stats.expected + stats.flaky} passed, ${stats.unexpected} failed, ${(stats.duration / 1000).toFixed(0)} s)`;
  }
  console.log(
    `\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}${browser}`,
  );
  // CI shows the end of the output: what else failed (a lint, a build, an error outside any
  // test) is named here too, not only far above.
  // The failed tests by name with their first line of reason: CI keeps only the output's end.
  for (const line of failedTests) console.log(`failed: ${line}`);
  if (failedFiles.length)
    console.log(`test files failed outside their tests: ${failedFiles.join(', ')}`);
  if (failedTasks.length) console.log(`tasks failed: ${failedTasks.join(', ')}`);
}

/** The tasks of turbo's newest run summary (`--summarize`) that exited non-zero. */
function failedTasksOfLastRun() {
  const dir = path.join(root, '.turbo', 'runs');
  if (!existsSync(dir)) return [];
  const newest = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => path.join(dir, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  if (!newest) return [];
  const { tasks } = JSON.parse(readFileSync(newest, 'utf8'));
  return tasks
    .filter((task) => task.execution && task.execution.exitCode !== 0)
    .map((task) => `${task.taskId} (exit ${task.execution.exitCode})`);
}

/**
 * The browser suite drives CHROMIUM_PATH or /usr/bin/chromium when present (e2e/playwright.config.ts);
 * elsewhere Playwright's own Chromium is fetched once into its cache, so `npm test` needs nothing
 * installed by hand. Never attempted when a system Chromium exists (our offline machines).
 */
async function ensureBrowser() {
  if (process.env.CHROMIUM_PATH || existsSync('/usr/bin/chromium')) return;
  await pnpm('--filter', '@crm/e2e', 'exec', 'playwright', 'install', 'chromium');
}

const task = process.argv[2];
const env = { ...process.env, DATA_DIR: process.env.DATA_DIR ?? path.join(root, '.data') };

await pnpm('install', '--frozen-lockfile');
switch (task) {
  case 'start':
    // The API serves the built web app on the same port (WEB_DIR).
    await pnpm('turbo', 'run', 'build', '--filter=@crm/api...', '--filter=@crm/web...');
    env.WEB_DIR = process.env.WEB_DIR ?? path.join(root, 'apps', 'web', 'dist');
    process.exit(
      await run(process.execPath, [path.join(root, 'apps/api/dist/server.js')], { env }),
    );
    break;
  case 'test': {
    for (const file of [...testReports, e2eReport]) rmSync(file, { force: true });
    const failedTasks = [];
    const turbo = async (...tasks) => {
      const code = await run(pnpmBin, [...pnpmPrefix, 'turbo', 'run', ...tasks, '--summarize']);
      failedTasks.push(...failedTasksOfLastRun());
      return code;
    };
    // One ESLint over the whole repository (`lint:all`) in place of one per package: the same
    // config and files, but the type information of what packages share (lib files, @types/node,
    // zod, mongoose) is read once instead of five times, about 25 s of CPU less.
    let code = await turbo('lint:all', 'typecheck', 'test', 'build', '--continue');
    // The browser suite runs alone, after the builds it drives: on two cores it would otherwise
    // compete with the unit tests for CPU. It runs even when those failed, to report everything.
    await ensureBrowser();
    const e2eCode = await turbo('e2e');
    code ||= e2eCode;
    printTestSummary(failedTasks);
    if (code === 0) await pnpm('format:check');
    process.exit(code);
    break;
  }
  case 'bench':
  case 'bench:abuse':
  case 'bench:board':
  case 'bench:board-compare':
  case 'bench:agenda':
  case 'bench:reminders':
  case 'bench:dashboard':
  case 'bench:mail':
  case 'bench:live':
  case 'bench:webhooks':
  case 'seed':
    // The benchmarks run from source (tsx, apps/api/bench/, outside the API's build) over the
    // built @crm/shared; bench:abuse starts the built API, bench:board and bench:dashboard the
    // built web app.
    await pnpm(
      'turbo',
      'run',
      'build',
      '--filter=@crm/api...',
      ...(task.startsWith('bench:board') || task === 'bench:dashboard'
        ? ['--filter=@crm/web...']
        : []),
    );
    process.exit(await run(pnpmBin, [...pnpmPrefix, '--filter', '@crm/api', task], { env }));
    break;
  default:
    console.error(
      'usage: node scripts/run.mjs start|test|bench|bench:abuse|bench:board|bench:board-compare|bench:agenda|bench:reminders|bench:dashboard|bench:mail|bench:live|bench:webhooks|seed',
    );
    process.exit(2);
}
