import { hostname } from 'node:os';
import { MongoBackend } from '@agendajs/mongo-backend';
import { Agenda, type Job } from 'agenda';
import type { AppContext } from '../context.js';
import { runRemindersTick, type TickLease } from './reminders.service.js';

/*
 * The reminders' scheduler (issue 20): Agenda 6 on MongoDB (@agendajs/mongo-backend), in the
 * app's own database. One recurring job, the tick, runs every minute; Agenda's lock in the
 * `reminder_jobs` collection gives each tick to one process, so two API processes don't both do
 * the work. Exactly-once delivery does not rest on that lock (on FerretDB 1.x a findAndModify is
 * not atomic across connections) but on the outbox's keyed inserts (reminders.service.ts).
 *
 * The lock covers the whole tick (issue 32: a tick that outlived it let a second process run
 * the tick at once): renewed every quarter of its lifetime while the tick runs, and a tick whose
 * renewals fail stops before its lock can lapse (TickLease), rather than run on unguarded.
 */

export const TICK_JOB = 'reminders.tick';

/** The instant the tick plans for; tests pass a fake clock. */
export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

export type RemindersOptions = {
  clock?: Clock;
  /** Between two ticks: a minute (a reminder is then at most a minute late). */
  tickEvery?: string | number;
  /** How often Agenda looks for due jobs. */
  processEvery?: string | number;
  /** This process's name in the job's lock (`lastModifiedBy`). */
  name?: string;
  /** The lock's lifetime without renewal (TICK_LOCK_MS). */
  lockLifetimeMs?: number;
};

export type RemindersScheduler = { stop(): Promise<void> };

/**
 * A lock not renewed for this long was left by a crash: another process may take the job then.
 * A running tick renews it every quarter of this, and stops once half of it has passed since
 * the last renewal: the step under way then has a minute to end (an SMTP try ends within 50 s).
 */
export const TICK_LOCK_MS = 2 * 60_000;

/**
 * Renews the job's lock while the tick runs; `held` says whether the tick may go on. Once the
 * scheduler stops (`stopping.now`), which unlocks the job, no renewal locks it again and the
 * tick ends at its next step.
 */
function keepLocked(job: Job, lifetimeMs: number, ctx: AppContext, stopping: { now: boolean }) {
  // Agenda locks a job up to `processEvery` before its run: the lock's age counts from then.
  let renewedAt = job.attrs.lockedAt?.getTime() ?? Date.now();
  let timer: NodeJS.Timeout | undefined;
  let running = true;
  const renew = async () => {
    if (!running || stopping.now) return;
    const at = Date.now();
    try {
      await job.touch();
      renewedAt = at;
    } catch (error) {
      ctx.logger.warn({ err: error }, 'reminders tick lock not renewed');
    }
    timer = setTimeout(() => void renew(), lifetimeMs / 4);
  };
  timer = setTimeout(() => void renew(), Math.max(0, renewedAt + lifetimeMs / 4 - Date.now()));
  const lease: TickLease = {
    // Agenda cancels a job only after a whole lifetime without renewal: this stops it sooner.
    held: () => !stopping.now && Date.now() - renewedAt < lifetimeMs / 2,
  };
  return {
    lease,
    end: () => {
      running = false;
      clearTimeout(timer);
    },
  };
}

/**
 * Starts the tick when SMTP_URL is set; undefined (nothing started, nothing sent) otherwise.
 * Errors are logged, never thrown at the API: a mail server or a scheduler that fails must not
 * take the requests down with it.
 */
export async function startReminders(
  ctx: AppContext,
  options: RemindersOptions = {},
): Promise<RemindersScheduler | undefined> {
  if (!ctx.config.mail.smtpUrl) {
    ctx.logger.info('reminder emails are off: SMTP_URL is not set');
    return undefined;
  }
  const db = ctx.connection.db;
  if (!db) throw new Error('the reminders need a connected database');
  const clock = options.clock ?? systemClock;
  const lockLifetime = options.lockLifetimeMs ?? TICK_LOCK_MS;
  const stopping = { now: false };
  const agenda = new Agenda({
    backend: new MongoBackend({ mongo: db, collection: 'reminder_jobs' }),
    name: options.name ?? `${hostname()}:${process.pid}`,
    processEvery: options.processEvery ?? '20 seconds',
    defaultLockLifetime: lockLifetime,
  });
  agenda.on('error', (error) => ctx.logger.error({ err: error }, 'reminders scheduler error'));
  agenda.on('fail', (error: unknown) => ctx.logger.error({ err: error }, 'reminders tick failed'));
  agenda.define(
    TICK_JOB,
    async (job: Job) => {
      const lock = keepLocked(job, lockLifetime, ctx, stopping);
      try {
        await runRemindersTick(ctx, clock.now(), lock.lease);
      } finally {
        lock.end();
      }
    },
    { concurrency: 1, lockLifetime },
  );
  await agenda.start();
  // A "single" job: every process upserts the same one (by name), which then runs once a tick.
  await agenda.every(options.tickEvery ?? '1 minute', TICK_JOB);
  ctx.logger.info('reminder emails scheduled');
  return {
    stop: () => {
      stopping.now = true;
      return agenda.stop();
    },
  };
}
