import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real stack under test: the built API (apps/api/dist) serving the built web app
 * (apps/web/dist) on one port, on the test database of `.ci/run` (MONGO_URL) or, without it,
 * a mongodb-memory-server started by global-setup.ts.
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

function pickFreePort(): string {
  // Synchronous, because the config (and its baseURL) is evaluated before any async setup.
  return execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString();
}

// Chosen once in the runner process; workers inherit it through the environment.
process.env.E2E_PORT ??= pickFreePort();
export const PORT = Number(process.env.E2E_PORT);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
