import type { AppContext } from '../context.js';
import { INBOX_JOB, readInbox } from '../inbox/index.js';
import { LeaseLost, type BackgroundJob, type JobLease } from '../jobs/index.js';
import { fileWaitingMail } from './incoming.js';

/**
 * The sales mailbox's run (issue 35), every IMAP_POLL_SECONDS on the app's scheduler (jobs/),
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

export const mailboxJob: BackgroundJob = {
  name: INBOX_JOB,
  every: (ctx) => ctx.config.inbox.pollMs,
  offBecause: (ctx) =>
    ctx.config.inbox.imapUrl ? undefined : 'replies are not read: IMAP_URL is not set',
  run: runMailbox,
};
