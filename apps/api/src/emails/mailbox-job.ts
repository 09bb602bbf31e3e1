import type { AppContext } from '../context.js';
import { INBOX_JOB, awaitNewMail, readInbox } from '../inbox/index.js';
import { LeaseLost, type BackgroundJob, type JobLease } from '../jobs/index.js';
import { fileWaitingMail } from './incoming.js';

/**
 * One read of the sales mailbox (issue 35), every IMAP_POLL_SECONDS on the app's scheduler (jobs/),
 * so one API process at a time: what is new in the mailbox is kept (inbox/), then each waiting
 * message is filed in its request or becomes a lead (incoming.ts). Off without IMAP_URL.
 */
export async function runMailbox(ctx: AppContext, now: Date, lease: JobLease): Promise<void> {
  // A backlog (a day of mail after an outage, a first read) is read batch after batch in one
  // run, each batch filed before the next is read, while the lock is held.
  let read: number;
  do {
    read = await readInbox(ctx, now, lease);
    try {
      await fileWaitingMail(ctx, lease);
    } catch (error) {
      if (error instanceof LeaseLost) {
        ctx.logger.warn('mailbox filing stopped early: its lock is no longer held');
        return;
      }
      ctx.logger.error({ err: error }, 'mailbox filing failed');
      return;
    }
  } while (read >= ctx.config.inbox.batchSize && lease.held());
}

/** Time left at the end of a run's wait, so it ends before the next run is due. */
const IDLE_MARGIN_MS = 2_000;

/**
 * The mailbox job's run: a read and filing (runMailbox), then, where the server has IDLE, the
 * rest of the period spent listening: a mail that comes in is read and filed at once, not at the
 * next run. Still one process at a time (the job's lock); the next run starts listening again.
 */
export async function runAndListen(ctx: AppContext, now: Date, lease: JobLease): Promise<void> {
  const until = Date.now() + ctx.config.inbox.pollMs - IDLE_MARGIN_MS;
  await runMailbox(ctx, now, lease);
  while (lease.held()) {
    const heard = await awaitNewMail(ctx, lease, until - Date.now());
    if (heard !== 'new-mail' || !lease.held()) return;
    await runMailbox(ctx, ctx.clock.now(), lease);
  }
}

export const mailboxJob: BackgroundJob = {
  name: INBOX_JOB,
  every: (ctx) => ctx.config.inbox.pollMs,
  offBecause: (ctx) =>
    ctx.config.inbox.imapUrl ? undefined : 'replies are not read: IMAP_URL is not set',
  run: runAndListen,
};
