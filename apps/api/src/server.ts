import { pino } from 'pino';
import { createApp } from './app.js';
import { createContext } from './app-context.js';
import { auditSettled } from './audit/index.js';
import { afterAnswerSettled } from './http/after-answer.js';
import { ConfigError, loadConfig } from './config/env.js';
import { devJwtSecret } from './config/dev-secret.js';
import { connectForServing } from './db/connect.js';
import { describeStartFailure, startEmbeddedMongo } from './db/embedded-mongo.js';
import { LeaseTakenError, takeProcessLease } from './db/process-lease.js';
import { importsJob } from './imports/index.js';
import { mailboxJob } from './emails/index.js';
import { endStreams } from './events/index.js';
import { startJobs, sweepExpiredJob } from './jobs/index.js';
import { outboxJob } from './mail/index.js';
import { gracefulShutdown, listen } from './operations/index.js';
import { remindersJob } from './reminders/index.js';
import { publishEventsJob } from './requests/index.js';
import { ensureFirstAdmin } from './users/index.js';
import { webhooksJob } from './webhooks/index.js';

/** Entry point: config → database (MONGO_URL, or the embedded default) → first admin → HTTP. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = pino({ level: config.logLevel });

  let embedded: Awaited<ReturnType<typeof startEmbeddedMongo>> | undefined;
  let mongoUrl = config.mongoUrl;
  if (!mongoUrl) {
    try {
      embedded = await startEmbeddedMongo(config.dataDir);
    } catch (error) {
      console.error(
        `The embedded MongoDB could not start: ${describeStartFailure(error)}. ` +
          `Set MONGO_URL to a MongoDB 7+ server instead, e.g. MONGO_URL=mongodb://127.0.0.1:27017/ npm start ` +
          `(or, on this repo's machines: eval "$(scripts/test-db.sh start)" && MONGO_MAX_POOL_SIZE=1 npm start).`,
      );
      process.exit(1);
    }
    mongoUrl = embedded.url;
  }

  const jwtSecret = config.jwtSecret ?? (await devJwtSecret(config.dataDir));
  const connection = await connectForServing(
    mongoUrl,
    config.mongoDbName,
    config.mongoMaxPoolSize,
    logger,
  );
  // FerretDB 1.x: one process per database, before this one writes anything (process-lease.ts).
  // A holder that finds its lease taken by another stops as a SIGTERM stops it, then exits 1:
  // of the two, the one that took the lease last keeps serving.
  let leaseLost = false;
  const lease = await takeProcessLease(connection, {
    onLost: (error) => {
      logger.error({ holder: error.holder }, 'process lease taken by another process; stopping');
      console.error(error.message);
      leaseLost = true;
      process.kill(process.pid, 'SIGTERM');
    },
    onRenewFailed: (error) => logger.warn({ err: error }, 'process lease not renewed'),
  });
  const ctx = await createContext(connection, { ...config, jwtSecret }, logger);

  const generated = await ensureFirstAdmin(ctx);
  if (generated) {
    // Printed once, on the start that created the account; it is not stored anywhere in clear.
    console.log(
      `First system admin created. Sign in as ${generated.email} with password ${generated.password}`,
    );
  }

  // Background jobs on one scheduler (issue 34): the reminders' tick (issue 20) and the mail
  // outbox's run, both only with SMTP_URL; the imports' run (issue 24: a keyed lease gives each
  // import to one process); the sweep of expired records. A scheduler that can't start is logged
  // and the API serves without it (the requests matter more than their background work).
  const jobs = await startJobs(ctx, [
    remindersJob,
    outboxJob,
    importsJob,
    mailboxJob,
    sweepExpiredJob,
    publishEventsJob,
    webhooksJob,
  ]).catch((error: unknown) => {
    logger.error({ err: error }, 'background jobs could not start');
    return undefined;
  });
  const app = createApp(ctx);
  // Timeouts and the per-address connection cap: operations/http-server.ts.
  const server = await listen(app, config);
  logger.info(
    { port: config.port, database: embedded ? 'embedded' : 'MONGO_URL' },
    'API listening',
  );
  console.log(
    config.webDir
      ? `CRM running on http://localhost:${config.port} (web app and API)`
      : `CRM API listening on http://localhost:${config.port}`,
  );

  const shutdown = gracefulShutdown({
    server,
    logger,
    // The live streams would hold the shutdown for its whole grace: they end now, and their
    // browsers reconnect (to another process, or to this one once it is back).
    beforeClose: () => endStreams(ctx),
    release: async () => {
      // Unlocks its jobs, so another process takes their next runs at once, and waits for the
      // runs under way: an import stops after its current chunk and gives its lease back.
      await jobs?.stop();
      // Work after answers: events being published (else the next start's sweep does it), mails.
      await afterAnswerSettled(ctx);
      // The audit entries still being written: their retries end within seconds (audit/).
      await auditSettled(ctx);
      // Last of the writers: the next process may start at once.
      await lease?.release();
      await connection.close();
      await embedded?.stop();
    },
  });
  const onSignal = (signal: NodeJS.Signals) => {
    shutdown(signal).then(
      () => process.exit(leaseLost ? 1 : 0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof LeaseTakenError) {
    console.error(error.message);
  } else {
    console.error('The API could not start:', error);
  }
  process.exit(1);
});
