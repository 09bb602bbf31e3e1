import { hostname } from 'node:os';
import { MongoBackend } from '@agendajs/mongo-backend';
import { Agenda, InMemoryNotificationChannel, type Job } from 'agenda';
import type { AppContext, Clock } from '../context.js';
import type { JobLease } from './lease.js';

/*
 * The app's one scheduler for background work (issue 20, one spine since issue 34): Agenda 6 on
 * MongoDB (@agendajs/mongo-backend), in the app's own database. Each feature hands in its
 * recurring jobs (the reminders' tick, the mail outbox's run, the imports' run, the sweep of
 * expired records); Agenda's lock in the `reminder_jobs` collection (its name from issue 20,
 * kept so the stored jobs carry on) gives each run to one process, so two API processes don't
 * both do the work. Exactly-once delivery does not
 * rest on that lock (on FerretDB 1.x a findAndModify is not atomic across connections) but on the
 * mail outbox's keyed inserts (mail/outbox.ts), and the imports' on keyed leases (lease.ts).
 *
 * The lock covers the whole run (issue 32: a tick that outlived it let a second process run it
 * at once): renewed every quarter of its lifetime while the run goes on, and a run whose
 * renewals fail stops before its lock can lapse (JobLease), rather than run on unguarded.
 */

/** Agenda's jobs, under their issue-20 name so the stored jobs carry on. */
const JOBS_COLLECTION = 'reminder_jobs';

/** One recurring job of a feature. */
export type BackgroundJob = {
  /** Agenda's name of the job, unique in the app (e.g. `reminders.tick`). */
  name: string;
  /** Between two runs (ms, or Agenda's words), or read from the app's settings. */
  every: string | number | ((ctx: AppContext) => string | number);
  /** Why the job is off in this configuration (logged once), or undefined when it runs. */
  offBecause?: (ctx: AppContext) => string | undefined;
  /** One run at `now`; stops early once `lease` is no longer held. Should not reject. */
  run: (ctx: AppContext, now: Date, lease: JobLease) => Promise<void>;
};

export type JobsOptions = {
  /** The instant a run works for: the context's clock unless a test passes another. */
  clock?: Clock;
  /** How often Agenda looks for due jobs. */
  processEvery?: string | number;
  /** This process's name in the jobs' locks (`lastModifiedBy`). */
  name?: string;
  /** A lock's lifetime without renewal (JOB_LOCK_MS). */
  lockLifetimeMs?: number;
};

export type JobsScheduler = {
  /** Runs `name` now in this process (a one-off run beside its schedule): a started import. */
  runNow(name: string): Promise<void>;
  /** Unlocks the jobs and waits for the runs under way, which stop at their next step. */
  stop(): Promise<void>;
};

/** Each context's scheduler, so a feature's service can ask for a run now (runJobNow). */
const schedulers = new WeakMap<AppContext, JobsScheduler>();

/**
 * Asks this process's scheduler to run `name` now (not waiting for the run); nothing when no
 * scheduler runs here (tests, scripts): the job's next scheduled run does it then.
 */
export function runJobNow(ctx: AppContext, name: string): void {
  schedulers
    .get(ctx)
    ?.runNow(name)
    .catch((error: unknown) =>
      ctx.logger.warn({ err: error, job: name }, 'job not run now; its schedule will'),
    );
}

/**
 * A lock not renewed for this long was left by a crash: another process may take the job then.
 * A running job renews it every quarter of this, and stops once half of it has passed since the
 * last renewal: the step under way then has a minute to end (an SMTP try ends within 50 s).
 */
export const JOB_LOCK_MS = 2 * 60_000;

/**
 * Renews the job's lock while it runs; `held` says whether the run may go on. Once the
 * scheduler stops (`stopping.now`), which unlocks the job, no renewal locks it again and the run
 * ends at its next step.
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
      ctx.logger.warn({ err: error, job: job.attrs.name }, 'job lock not renewed');
    }
    timer = setTimeout(() => void renew(), lifetimeMs / 4);
  };
  timer = setTimeout(() => void renew(), Math.max(0, renewedAt + lifetimeMs / 4 - Date.now()));
  const lease: JobLease = {
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
 * Tells this process's processor of a run asked for now (runNow), so that it runs at once, not
 * at the next look (processEvery); other processes see it at their next look. Only those: the
 * schedules' upserts at start and the runs' state events are not passed on (passed on, they
 * made a second process take a job whose lock the first was renewing, on FerretDB 1.x).
 */
class RunNowChannel extends InMemoryNotificationChannel {
  /** Set once the schedules are upserted: from then on only runNow saves a job. */
  open = false;
  override publish(notification: Parameters<InMemoryNotificationChannel['publish']>[0]) {
    return this.open ? super.publish(notification) : Promise.resolve();
  }
  override publishState() {
    return Promise.resolve();
  }
}

/**
 * "Single" jobs: one stored job a name, which then runs once a period in whichever process locks
 * it. Agenda's every() saves the job whole, lockedAt: null included: called by a process that
 * starts while another runs the job, it unlocked that run and the new process took the job
 * beside it (a restart during a long outbox run; the reminders' lock test failed 1 run in 3). So
 * every() only creates a job that is not stored yet; a stored one whose period changed (e.g.
 * IMAP_POLL_SECONDS) gets only its new period, and its lock stays as it is.
 */
async function scheduleEach(
  db: NonNullable<AppContext['connection']['db']>,
  agenda: Agenda,
  ctx: AppContext,
  jobs: readonly BackgroundJob[],
) {
  const stored = db.collection<{ name: string; type: string; repeatInterval?: unknown }>(
    JOBS_COLLECTION,
  );
  for (const { name, every } of jobs) {
    const interval = typeof every === 'function' ? every(ctx) : every;
    const job = await stored.findOne(
      { name, type: 'single' },
      { projection: { repeatInterval: 1 } },
    );
    if (!job) await agenda.every(interval, name);
    else if (String(job.repeatInterval) !== String(interval)) {
      await stored.updateOne({ _id: job._id }, { $set: { repeatInterval: interval } });
    }
  }
}

/**
 * Starts the jobs that are on (`offBecause`); undefined (nothing started) when none is. Errors are
 * logged, never thrown at the API: a mail server or a job that fails must not take the requests
 * down with it.
 */
export async function startJobs(
  ctx: AppContext,
  jobs: readonly BackgroundJob[],
  options: JobsOptions = {},
): Promise<JobsScheduler | undefined> {
  const on = jobs.filter((job) => {
    const off = job.offBecause?.(ctx);
    if (off) ctx.logger.info({ job: job.name }, off);
    return !off;
  });
  if (on.length === 0) return undefined;
  const db = ctx.connection.db;
  if (!db) throw new Error('the background jobs need a connected database');
  const clock = options.clock ?? ctx.clock;
  const lockLifetime = options.lockLifetimeMs ?? JOB_LOCK_MS;
  const stopping = { now: false };
  const running = new Set<Promise<void>>();
  const runNowChannel = new RunNowChannel();
  const agenda = new Agenda({
    backend: new MongoBackend({ mongo: db, collection: JOBS_COLLECTION }),
    notificationChannel: runNowChannel,
    name: options.name ?? `${hostname()}:${process.pid}`,
    processEvery: options.processEvery ?? '20 seconds',
    defaultLockLifetime: lockLifetime,
  });
  agenda.on('error', (error) => ctx.logger.error({ err: error }, 'job scheduler error'));
  agenda.on('fail', (error: unknown) => ctx.logger.error({ err: error }, 'background job failed'));
  for (const { name, run } of on) {
    agenda.define(
      name,
      async (job: Job) => {
        const lock = keepLocked(job, lockLifetime, ctx, stopping);
        const ran = run(ctx, clock.now(), lock.lease).finally(() => lock.end());
        running.add(ran);
        try {
          await ran;
        } finally {
          running.delete(ran);
        }
      },
      // A run asked for now is a one-off job: its record goes once it has run.
      { concurrency: 1, lockLifetime, removeOnComplete: true },
    );
  }
  await agenda.start();
  await scheduleEach(db, agenda, ctx, on);
  runNowChannel.open = true;
  ctx.logger.info({ jobs: on.map((job) => job.name) }, 'background jobs scheduled');
  const scheduler: JobsScheduler = {
    runNow: async (name) => {
      if (!stopping.now && on.some((job) => job.name === name)) await agenda.now(name);
    },
    stop: async () => {
      stopping.now = true;
      schedulers.delete(ctx);
      await agenda.stop();
      await Promise.allSettled([...running]);
    },
  };
  schedulers.set(ctx, scheduler);
  return scheduler;
}
