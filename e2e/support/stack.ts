import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real stack under test: the built API (apps/api/dist) serving the built web app
 * (apps/web/dist) on one port, on the test database server of `.ci/run` (MONGO_URL) or, without
 * it, a mongodb-memory-server started by global-setup.ts; one such stack per worker.
 */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ARTIFACTS_DIR = path.join(REPO_ROOT, 'e2e', 'artifacts');

/** The first system admin, created by the API at start from ADMIN_EMAIL/ADMIN_PASSWORD. */
export const ADMIN = {
  email: 'e2e.admin@crm.test',
  password: 'E2e.Admin#2026',
  name: 'Admin',
  lastName: 'CRM',
} as const;

/**
 * How many browsers run side by side, each against an API and a database of its own (started by
 * global-setup.ts), so no scenario sees another's requests or users. Two on two cores: the suite
 * mostly waits (page loads, polls, animations, the API), a browser at a time left a core idle.
 */
export const WORKERS = 2;

function pickFreePorts(count: number): string {
  // Synchronous, because the config (and its baseURL) is evaluated before any async setup. All
  // held open at once, so no two are the same.
  return execFileSync(process.execPath, [
    '-e',
    `const net=require('net');Promise.all(Array.from({length:${count}},()=>new Promise((ok)=>{const s=net.createServer().listen(0,'127.0.0.1',()=>ok(s))}))).then((all)=>{process.stdout.write(all.map((s)=>s.address().port).join(','));all.forEach((s)=>s.close())})`,
  ]).toString();
}

// Chosen once in the runner process; workers inherit them through the environment.
process.env.E2E_PORTS ??= pickFreePorts(WORKERS);
/** One port per worker: the API of worker i (Playwright's TEST_PARALLEL_INDEX) listens on the i-th. */
export const PORTS = process.env.E2E_PORTS.split(',').map(Number);
export const baseUrlOf = (port: number) => `http://127.0.0.1:${port}`;
/**
 * This worker's API and web app (the config's baseURL; in the runner, the first one's). A worker
 * that replaces a failed one takes its index, and so its stack.
 */
const port = PORTS[Number(process.env.TEST_PARALLEL_INDEX ?? 0)];
if (port === undefined) throw new Error(`more workers than stacks: at most ${WORKERS} (stack.ts)`);
export const BASE_URL = baseUrlOf(port);

/** Where global-setup.ts tells the workers their databases are (server URL, one name a worker). */
export const E2E_DATABASE_URL = 'E2E_DATABASE_URL';
export const E2E_DATABASE_NAMES = 'E2E_DATABASE_NAMES';

/**
 * This worker's database, for the few scenarios that must arrange what no screen or endpoint can
 * (a request that entered its stage weeks ago).
 */
export function workerDatabase(): { url: string; name: string } {
  const url = process.env[E2E_DATABASE_URL];
  const name =
    process.env[E2E_DATABASE_NAMES]?.split(',')[Number(process.env.TEST_PARALLEL_INDEX ?? 0)];
  if (!url || !name) throw new Error('no database for this worker: run through global-setup.ts');
  return { url, name };
}
