import { sweepExpired } from '../db/sweep-expired.js';
import type { BackgroundJob } from './scheduler.js';

/**
 * The sweep of expired records (db/sweep-expired.ts: what MongoDB's TTL indexes delete by
 * themselves and FerretDB 1.x doesn't) on the app's scheduler, every 10 minutes: one process
 * sweeps a period, not each on its own timer. A failed sweep is logged; the next one catches up.
 */
export const sweepExpiredJob: BackgroundJob = {
  name: 'db.sweep-expired',
  every: '10 minutes',
  run: (ctx) =>
    sweepExpired(ctx.connection).catch((error: unknown) =>
      ctx.logger.warn({ err: error }, 'sweeping expired records failed'),
    ),
};
