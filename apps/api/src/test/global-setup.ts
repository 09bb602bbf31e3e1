import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    mongoUrl: string;
  }
}

/**
 * The test database: MONGO_URL when set (CI here: FerretDB from scripts/test-db.sh), else one
 * mongodb-memory-server for the whole run (a real mongod, downloaded on first use).
 */
export default async function setup(project: TestProject) {
  const fromEnv = process.env.MONGO_URL;
  if (fromEnv) {
    project.provide('mongoUrl', fromEnv);
    return;
  }
  const { MongoMemoryServer } = await import('mongodb-memory-server');
  const server = await MongoMemoryServer.create();
  project.provide('mongoUrl', server.getUri());
  return async () => {
    await server.stop();
  };
}
