import { hostname } from 'node:os';
import { MongoBackend } from '@agendajs/mongo-backend';
import { Agenda } from 'agenda';
import type { AppContext } from '../context.js';
import { runRemindersTick } from './reminders.service.js';

/*
 * The reminders' scheduler (issue 20): Agenda 6 on MongoDB (@agendajs/mongo-backend), in the
 * app's own database. One recurring job, the tick, runs every minute; Agenda's lock in the
 * `reminder_jobs` collection gives each tick to one process, so two API processes don't both do
 * the work. Exactly-once delivery does not rest on that lock (on FerretDB 1.x a findAndModify is
 * not atomic across connections) but on the outbox's keyed inserts (reminders.service.ts).
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
};

export type RemindersScheduler = { stop(): Promise<void> };

/**
 * A tick that outlives this was cut short (a crash): another process may take the job then. Two
 * minutes: a tick is a few reads per user and at most a batch of SMTP tries.
 */
const TICK_LOCK_MS = 2 * 60_000;

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
  const agenda = new Agenda({
    backend: new MongoBackend({ mongo: db, collection: 'reminder_jobs' }),
    name: options.name ?? `${hostname()}:${process.pid}`,
    processEvery: options.processEvery ?? '20 seconds',
    defaultLockLifetime: TICK_LOCK_MS,
  });
  agenda.on('error', (error) => ctx.logger.error({ err: error }, 'reminders scheduler error'));
  agenda.on('fail', (error: unknown) => ctx.logger.error({ err: error }, 'reminders tick failed'));
  agenda.define(TICK_JOB, () => runRemindersTick(ctx, clock.now()), {
    concurrency: 1,
    lockLifetime: TICK_LOCK_MS,
  });
  await agenda.start();
  // A "single" job: every process upserts the same one (by name), which then runs once a tick.
  await agenda.every(options.tickEvery ?? '1 minute', TICK_JOB);
  ctx.logger.info('reminder emails scheduled');
  return { stop: () => agenda.stop() };
}
