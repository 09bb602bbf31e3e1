import { MongoMemoryServer } from 'mongodb-memory-server';
import { loadConfig, type AppConfig } from '../src/config/env.js';

/** The production config (MONGO_URL, pool size...) with cheap bcrypt and captcha, no logs. */
export function benchConfig(env: NodeJS.ProcessEnv): AppConfig {
  return loadConfig({
    ...env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    BCRYPT_ROUNDS: '4',
    CAPTCHA_COST: '1',
    CAPTCHA_MAX_COUNTER: '40',
  });
}

export type BenchDatabase = {
  url: string;
  source: 'MONGO_URL' | 'mongodb-memory-server';
  stop: () => Promise<void>;
};

/** MONGO_URL when set; otherwise a throwaway mongod from mongodb-memory-server. */
export async function benchDatabase(mongoUrl: string | undefined): Promise<BenchDatabase> {
  if (mongoUrl) return { url: mongoUrl, source: 'MONGO_URL', stop: () => Promise.resolve() };
  const server = await MongoMemoryServer.create({ instance: { ip: '127.0.0.1' } });
  return {
    url: server.getUri(),
    source: 'mongodb-memory-server',
    stop: async () => {
      await server.stop();
    },
  };
}
