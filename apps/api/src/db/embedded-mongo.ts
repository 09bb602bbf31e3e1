import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { MongoMemoryServer } from 'mongodb-memory-server';

/**
 * The embedded default of `npm start`: a real mongod from mongodb-memory-server whose data
 * lives in `<dataDir>/db`, so it survives restarts. The first start downloads mongod.
 */
export async function startEmbeddedMongo(
  dataDir: string,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const dbPath = path.resolve(dataDir, 'db');
  await mkdir(dbPath, { recursive: true });
  const server = await quietly(() =>
    MongoMemoryServer.create({
      instance: { dbPath, storageEngine: 'wiredTiger', ip: '127.0.0.1' },
    }),
  );
  return {
    url: server.getUri(),
    stop: async () => {
      await server.stop({ doCleanup: false, force: false });
    },
  };
}

/**
 * mongodb-memory-server prints every failed download attempt and a stack trace; the caller
 * reports a failure in one line of its own, so its console output is held back meanwhile.
 */
async function quietly<T>(work: () => Promise<T>): Promise<T> {
  const { warn, error } = console;
  console.warn = () => undefined;
  console.error = () => undefined;
  try {
    return await work();
  } finally {
    console.warn = warn;
    console.error = error;
  }
}

/** One line on why the embedded database did not start. */
export function describeStartFailure(failure: unknown): string {
  const text = failure instanceof Error ? failure.message : String(failure);
  const cause = (failure as { msg?: unknown } | null)?.msg;
  if (/download/i.test(text)) {
    return `mongod could not be downloaded${typeof cause === 'string' ? ` (${cause})` : ''}`;
  }
  return text.split('\n')[0] ?? text;
}
