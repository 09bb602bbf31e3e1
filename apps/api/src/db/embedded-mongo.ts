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
  const server = await MongoMemoryServer.create({
    instance: { dbPath, storageEngine: 'wiredTiger', ip: '127.0.0.1' },
  });
  return {
    url: server.getUri(),
    stop: async () => {
      await server.stop({ doCleanup: false, force: false });
    },
  };
}
