import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { pino } from 'pino';
import { chromium } from 'playwright-core';
import { BOARD_COLUMNS, STORAGE_KEYS } from '@crm/shared';
import { createApp } from '../src/app.js';
import { createContext } from '../src/app-context.js';
import { connectDatabase } from '../src/db/connect.js';
import { DEMO_PASSWORD, seedDemoData } from '../src/seed/index.js';
import { benchConfig, benchDatabase } from './bench-setup.js';
import { close, listen } from './http-util.js';
import { loginToken } from './login.js';
import { measureBoardInBrowser, type BrowserFigures } from './board-browser.js';

/**
 * `npm run bench:board-compare` (issue 33): two or more builds of the web app (BENCH_WEB_DIRS,
 * `name=dir,name=dir`, e.g. `apps/web/dist` of two checkouts) against one API and one seeded
 * database (BENCH_BOARD_SIZE requests, 1,000 by default), measured in turn for BENCH_ROUNDS
 * rounds, so a busy machine slows every build alike. Prints each build's median board figures
 * in Chromium and its ratio to the first build's. What `bench:board` can't tell apart from
 * noise when run on two checkouts one after the other.
 */

// eslint-disable-next-line no-restricted-syntax -- benchmark entry point
const env = process.env;
const DB_NAME = 'crm_bench_board_compare';
const SIZE = Number(env.BENCH_BOARD_SIZE ?? 1000);
const ROUNDS = Number(env.BENCH_ROUNDS ?? 5);
const CHROMIUM = env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BUILDS = (env.BENCH_WEB_DIRS ?? '')
  .split(',')
  .filter(Boolean)
  .map((pair) => {
    const [name = '', dir = ''] = pair.split('=');
    return { name, dir };
  });

type Figure = keyof BrowserFigures;
const FIGURES: { key: Figure; label: string; digits: number }[] = [
  { key: 'firstCardsMs', label: 'first cards ms', digits: 0 },
  { key: 'firstDomNodes', label: 'DOM nodes, first screen', digits: 0 },
  { key: 'scrollScriptMs', label: 'script ms in a 3 s scroll', digits: 0 },
  { key: 'fps', label: 'scroll fps', digits: 0 },
  { key: 'heapMb', label: 'JS heap MB', digits: 1 },
];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function main(): Promise<void> {
  if (BUILDS.length < 2 || BUILDS.some((build) => !build.name || !build.dir)) {
    throw new Error(
      'BENCH_WEB_DIRS needs two or more name=dir pairs, e.g. before=/tmp/a,after=/tmp/b',
    );
  }
  const config = benchConfig(env);
  const database = await benchDatabase(config.mongoUrl);
  const connection = await connectDatabase(database.url, DB_NAME, config.mongoMaxPoolSize);
  const servers: Server[] = [];
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  try {
    await connection.dropDatabase();
    const ctx = await createContext(
      connection,
      { ...config, jwtSecret: randomBytes(32).toString('hex') },
      pino({ level: 'silent' }),
    );
    const { users } = await seedDemoData(ctx, { users: 50, requests: SIZE });
    // One app per build on the same context: the same API, database and data for each.
    const bases = new Map<string, string>();
    for (const build of BUILDS) {
      const server = createServer(
        createApp({ ...ctx, config: { ...ctx.config, webDir: build.dir } }),
      );
      servers.push(server);
      bases.set(build.name, await listen(server));
    }
    const session = {
      token: await loginToken(bases.get(BUILDS[0]!.name)!, users[0]!.email, DEMO_PASSWORD),
      userId: users[0]!._id.toHexString(),
      storageKeys: STORAGE_KEYS,
      columnTitles: BOARD_COLUMNS.map((column) => column.title),
    };
    const runs = new Map<string, BrowserFigures[]>(BUILDS.map((build) => [build.name, []]));
    console.log(`${SIZE} requests on ${database.source}, ${ROUNDS} rounds`);
    for (let round = 1; round <= ROUNDS; round++) {
      for (const build of BUILDS) {
        const figures = await measureBoardInBrowser(browser, bases.get(build.name)!, session);
        runs.get(build.name)!.push(figures);
        const line = FIGURES.map(({ key, digits }) => figures[key].toFixed(digits)).join(' / ');
        console.log(`  round ${round}, ${build.name}: ${line}`);
      }
    }
    const medians = new Map(
      BUILDS.map(({ name }) => [
        name,
        Object.fromEntries(
          FIGURES.map(({ key }) => [key, median(runs.get(name)!.map((r) => r[key]))]),
        ),
      ]),
    );
    const first = medians.get(BUILDS[0]!.name)!;
    console.log(`\nmedians (ratio to ${BUILDS[0]!.name})`);
    for (const { key, label, digits } of FIGURES) {
      const cells = BUILDS.map(({ name }) => {
        const value = medians.get(name)![key]!;
        return `${name} ${value.toFixed(digits)} (${(value / first[key]!).toFixed(2)}x)`;
      });
      console.log(`  ${label}: ${cells.join(', ')}`);
    }
  } finally {
    await browser.close();
    for (const server of servers) await close(server);
    await connection.dropDatabase().catch(() => undefined);
    await connection.close();
    await database.stop();
  }
}

await main();
