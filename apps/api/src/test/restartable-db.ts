import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { freePort } from './free-port.js';

/** A database server of the test's own, which the test can stop and start again with its data. */
export type RestartableDb = {
  url: string;
  stop: () => Promise<void>;
  start: () => Promise<void>;
  /** Suspends the server's process (SIGSTOP): its sockets stay open and nothing answers. */
  freeze: () => void;
  /** Resumes a frozen server (SIGCONT). */
  thaw: () => void;
  dispose: () => Promise<void>;
};

/** Sends `signal` to the server's process, which must be running. */
function signal(child: ChildProcess | undefined, name: 'SIGSTOP' | 'SIGCONT') {
  if (!child || child.exitCode !== null) throw new Error('the database server is not running');
  child.kill(name);
}

async function waitForPort(port: number, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await delay(100);
  }
  throw new Error(`database did not open port ${port} within ${timeoutMs} ms`);
}

/** FerretDB (what scripts/test-db.sh runs here), same binary, port and SQLite files on restart. */
async function ferretDb(bin: string): Promise<RestartableDb> {
  const port = await freePort();
  const dir = await mkdtemp(path.join(tmpdir(), 'crm-restartable-db-'));
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      bin,
      [
        '--handler=sqlite',
        `--sqlite-url=file:${dir}/`,
        `--state-dir=${dir}`,
        `--listen-addr=127.0.0.1:${port}`,
        '--debug-addr=-',
        '--telemetry=disable',
        '--log-level=ERROR',
      ],
      { stdio: 'ignore' },
    );
    await waitForPort(port);
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL'); // an outage, not a polite shutdown
    await exited;
  };
  await start();
  return {
    url: `mongodb://127.0.0.1:${port}/`,
    start,
    stop,
    freeze: () => signal(child, 'SIGSTOP'),
    thaw: () => signal(child, 'SIGCONT'),
    dispose: async () => {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** mongodb-memory-server (upstream CI): a real mongod on a fixed port and data directory. */
async function memoryServer(): Promise<RestartableDb> {
  const { MongoMemoryServer } = await import('mongodb-memory-server');
  const dbPath = await mkdtemp(path.join(tmpdir(), 'crm-restartable-db-'));
  const server = await MongoMemoryServer.create({ instance: { port: await freePort(), dbPath } });
  return {
    url: server.getUri(),
    stop: async () => {
      await server.stop({ doCleanup: false });
    },
    start: () => server.start(true),
    freeze: () => signal(server.instanceInfo?.instance.mongodProcess, 'SIGSTOP'),
    thaw: () => signal(server.instanceInfo?.instance.mongodProcess, 'SIGCONT'),
    dispose: async () => {
      // stop() asks mongod to exit (SIGINT), which a frozen one would never handle.
      server.instanceInfo?.instance.mongodProcess?.kill('SIGCONT');
      await server.stop({ doCleanup: true, force: true });
      await rm(dbPath, { recursive: true, force: true });
    },
  };
}

/**
 * `CRM_FERRETDB_BIN` is exported by scripts/test-db.sh (our machines and .ci/run); without it the
 * test downloads a real mongod, as the rest of the suite does without MONGO_URL.
 */
export function startRestartableDb(): Promise<RestartableDb> {
  const bin = process.env.CRM_FERRETDB_BIN;
  return bin ? ferretDb(bin) : memoryServer();
}
