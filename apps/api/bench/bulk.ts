import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { MongoClient } from 'mongodb';
import { pino } from 'pino';
import { api, bulkResultSchema, pathOf } from '@crm/shared';
import { createApp } from '../src/app.js';
import { createContext } from '../src/app-context.js';
import { connectDatabase } from '../src/db/connect.js';
import { createUser } from '../src/users/users.service.js';
import { benchConfig, benchDatabase } from './bench-setup.js';
import { close, listen, trackInFlight } from './http-util.js';
import { loginToken } from './login.js';
import { percentile } from './measure.js';

/**
 * `npm run bench:bulk` (issue 24): seeds BENCH_BULK_SIZE requests (default 1,000) in "new request"
 * with the bare driver into the database of MONGO_URL (else mongodb-memory-server), starts the API
 * in this process (as bench/board.ts does), signs in as a vendor and moves them all to
 * "contacted" in one POST /api/form-contact/bulk, while `/api/health` is called every 100 ms.
 * Prints the action's total time, what it answered, and the health calls' worst and median
 * latency (target: under 100 ms), then checks with the driver that each request moved once.
 */

// eslint-disable-next-line no-restricted-syntax -- benchmark entry point
const env = process.env;
const DB_NAME = 'crm_bench_bulk';
const SIZE = Number(env.BENCH_BULK_SIZE ?? 1000);
const PASSWORD = 'Bench.bulk.123';
const HEALTH_EVERY_MS = 100;

/** Calls /api/health every HEALTH_EVERY_MS until `done` settles; each call's latency in ms. */
async function healthWhile(base: string, done: Promise<unknown>): Promise<number[]> {
  let finished = false;
  void done.finally(() => (finished = true));
  const latencies: number[] = [];
  while (!finished) {
    const started = performance.now();
    const res = await fetch(`${base}${pathOf(api.operations.health)}`);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`/api/health answered ${res.status}`);
    const took = performance.now() - started;
    latencies.push(took);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, HEALTH_EVERY_MS - took)));
  }
  return latencies;
}

async function main(): Promise<void> {
  const config = benchConfig(env);
  const database = await benchDatabase(config.mongoUrl);
  const connection = await connectDatabase(database.url, DB_NAME, config.mongoMaxPoolSize);
  const client = await MongoClient.connect(database.url);
  let server: Server | undefined;
  let idle: () => Promise<void> = () => Promise.resolve();
  try {
    await connection.dropDatabase();
    const ctx = await createContext(
      connection,
      { ...config, jwtSecret: randomBytes(32).toString('hex') },
      pino({ level: 'silent' }),
    );
    console.log('command: npm run bench:bulk');
    console.log(
      `database: ${database.source}; ${SIZE} requests; pool ${config.mongoMaxPoolSize} connections`,
    );

    // The requests as the model would store them (its defaults), written by the bare driver.
    const createdAt = new Date();
    const docs = Array.from({ length: SIZE }, (_, i) =>
      new ctx.models.Request({
        name: `Lote ${i + 1}`,
        email: `lote${i + 1}@example.com`,
        requestType: 'otro',
        message: 'Bench',
        requestNumber: i + 1,
        createdAt,
        stageChangedAt: createdAt,
        furthestStage: 0,
      }).toObject(),
    );
    const requests = client.db(DB_NAME).collection('requests');
    await requests.insertMany(docs);
    const email = `bulk.${randomBytes(3).toString('hex')}@example.com`;
    await createUser(ctx, {
      name: 'Bench',
      lastName: 'Bulk',
      email,
      password: PASSWORD,
      role: 'vendor',
      photo: '',
    });

    server = createServer(createApp(ctx));
    ({ idle } = trackInFlight(server));
    const base = await listen(server);
    const token = await loginToken(base, email, PASSWORD);

    const items = docs.map((doc) => ({ id: doc._id.toHexString(), from: 'new request' }));
    const started = performance.now();
    const answer = fetch(`${base}${pathOf(api.requests.bulk)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ action: 'move', to: 'contacted', items }),
    }).then(async (res) => {
      const text = await res.text();
      if (!res.ok) throw new Error(`bulk move answered ${res.status}: ${text.slice(0, 200)}`);
      return { ms: performance.now() - started, body: bulkResultSchema.parse(JSON.parse(text)) };
    });
    const [moved, health] = await Promise.all([answer, healthWhile(base, answer)]);

    const sorted = [...health].sort((a, b) => a - b);
    const inContacted = await requests.countDocuments({ status: 'contacted' });
    const recordedOnce = await requests.countDocuments({ history: { $size: 1 } });
    console.log(
      `bulk move of ${SIZE}: ${moved.ms.toFixed(0)} ms total (${((moved.ms / SIZE) * 1000).toFixed(0)} µs a request); ` +
        `changed ${moved.body.changed.length}, unchanged ${moved.body.unchanged.length}, failed ${moved.body.failed.length}`,
    );
    console.log(
      `/api/health every ${HEALTH_EVERY_MS} ms meanwhile: ${health.length} calls, worst ${(sorted.at(-1) ?? 0).toFixed(1)} ms, ` +
        `median ${percentile(sorted, 50).toFixed(1)} ms (target: under 100 ms)`,
    );
    console.log(
      `check: ${inContacted} in contacted, ${recordedOnce} with exactly one history entry`,
    );
    if (inContacted !== SIZE || recordedOnce !== SIZE)
      throw new Error('not every request moved once');
  } finally {
    await idle();
    if (server) await close(server);
    await connection.dropDatabase().catch(() => undefined);
    await connection.close();
    await client.close();
    await database.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('bench:bulk failed:', error);
    process.exit(1);
  },
);
