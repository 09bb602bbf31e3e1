import { pino } from 'pino';
import { createContext } from './app-context.js';
import { loadConfig } from './config/env.js';
import { devJwtSecret } from './config/dev-secret.js';
import { connectDatabase } from './db/connect.js';
import { startEmbeddedMongo } from './db/embedded-mongo.js';
import { DEMO_PASSWORD, seedDemoData } from './seed/index.js';

/** `pnpm seed`: demo users and requests in the database the API uses (MONGO_URL or embedded). */
async function main(): Promise<void> {
  const config = loadConfig();
  if (config.env === 'production')
    throw new Error('pnpm seed replaces all requests; it does not run with NODE_ENV=production');
  const embedded = config.mongoUrl ? undefined : await startEmbeddedMongo(config.dataDir);
  const connection = await connectDatabase(
    config.mongoUrl ?? embedded!.url,
    config.mongoDbName,
    config.mongoMaxPoolSize,
  );
  try {
    const jwtSecret = config.jwtSecret ?? (await devJwtSecret(config.dataDir));
    const ctx = await createContext(connection, { ...config, jwtSecret }, pino({ level: 'warn' }));
    const { users, requests } = await seedDemoData(ctx, { users: 12, requests: 60 });
    console.log(
      `Seeded ${users.length} users and ${requests} requests into "${config.mongoDbName}".`,
    );
    console.log(`Every demo user signs in with the password ${DEMO_PASSWORD}, for example:`);
    for (const user of users.slice(0, 3)) console.log(`  ${user.email} (${user.role})`);
  } finally {
    await connection.close();
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
