import type { AppContext } from '../context.js';
import { isDuplicateKeyError } from '../db/errors.js';
import { holding, LeaseLost, unleased, type BackgroundJob, type JobLease } from '../jobs/index.js';
import { OUTBOX_KEEP_MS, type MailKind, type OutboxMailDoc } from './outbox.model.js';
import type { MailFailureReason } from '@crm/shared';
import { failureReasonOf } from './failure-reason.js';
import { retryDelayAfter, STALE_ATTEMPT_MS } from './retry-policy.js';
import { transportFor } from './transport.js';

/*
 * The app's one mail path (issue 34): every feature puts its mails in the outbox under a key
 * that names them, and they are sent from there.
 *
 * 1. Queue: the mail's record is inserted under its key, with its content (outbox.model.ts). The
 *    insert is the only guard that matters: of two processes, of two calls, of a run repeated
 *    after a restart, exactly one claims each mail. `queueMail` then tries it at once (account
 *    and lead mails: a reset link is waited for); `putInOutbox` leaves it to the outbox's run
 *    (the reminders' tick plans many at a time).
 * 2. Deliver: each try is claimed first (an insert of `<key>#<n>`), so no two processes send the
 *    same try. Success marks the mail sent; a failure waits the retry policy's next delay
 *    (retry-policy.ts) and is logged; after the last one the mail is marked failed and logged as
 *    an error. The outbox's run (`outboxJob`, every 30 s on the app's scheduler, jobs/) tries
 *    what is pending and due, whichever process queued it, also after a restart.
 *
 * A crash before the SMTP server has the mail leaves it pending: retried at the next run, or,
 * when the try was already claimed, once the try is STALE_ATTEMPT_MS old. What remains is the
 * crash after the SMTP server accepted the mail and before it is marked sent (milliseconds): that
 * mail goes out a second time after STALE_ATTEMPT_MS. It can't be closed without the mail server
 * taking part (no SMTP server tells whether it already has a message).
 */

/** Pending mails tried per run. */
const DELIVER_BATCH = 100;

/** What a mail says; text only when `html` is empty or absent. */
export type MailContent = { subject: string; text: string; html?: string };

/** The headers of a mail a person writes (issue 35); the app's own notices have none. */
export type MailHeaders = {
  cc?: readonly string[];
  replyTo?: string;
  /** `<…@…>`, given by the caller so the mail can be found by its answers. */
  messageId?: string;
  /** The Message-ID it answers: In-Reply-To and References. */
  inReplyTo?: string;
  /** Files it carries (a request's "Archivos"), read at each try through `ctx.mailFiles`. */
  attachments?: readonly string[];
};

/** A mail for the outbox. */
export type QueuedMail = {
  /** Names the mail: a second queueing under the same key is a no-op. */
  key: string;
  kind: MailKind;
  /** One address, or several (one mail to all of them). */
  to: string | readonly string[];
  content: MailContent;
  /** Whose mail it is, when it is a user's own (digest, reminder). */
  userId?: string;
  headers?: MailHeaders;
};

/** A mail that was considered and found to have nothing to say: recorded, never sent. */
export type NoMail = { key: string; kind: MailKind; userId?: string; empty: true };

/** A mail's record fields: what it says and to whom (the outbox keeps them until it is sent). */
const recordOf = (mail: QueuedMail) => ({
  to: typeof mail.to === 'string' ? mail.to : mail.to.join(', '),
  subject: mail.content.subject,
  text: mail.content.text,
  html: mail.content.html ?? '',
  cc: (mail.headers?.cc ?? []).join(', '),
  replyTo: mail.headers?.replyTo ?? '',
  messageId: mail.headers?.messageId ?? '',
  inReplyTo: mail.headers?.inReplyTo ?? '',
  attachments: [...(mail.headers?.attachments ?? [])],
});

/**
 * Inserts the record of `entry` under its key, pending and due at `now` (or `empty`); false
 * when that key is already in the outbox (another call, run or process has it).
 */
export async function putInOutbox(
  ctx: AppContext,
  entry: QueuedMail | NoMail,
  now = ctx.clock.now(),
): Promise<boolean> {
  const content = 'empty' in entry ? {} : recordOf(entry);
  try {
    await ctx.models.OutboxMail.create({
      _id: entry.key,
      kind: entry.kind,
      userId: entry.userId ?? '',
      status: 'empty' in entry ? 'empty' : 'pending',
      ...content,
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
      expiresAt: new Date(now.getTime() + OUTBOX_KEEP_MS),
    });
    return true;
  } catch (error) {
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
}

/** The keys among `keys` already in the outbox (one read), so a run doesn't redo their work. */
export async function outboxKeysIn(ctx: AppContext, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const found = await ctx.models.OutboxMail.find({ _id: { $in: keys } }, '_id').lean<
    { _id: string }[]
  >();
  return new Set(found.map((doc) => doc._id));
}

/**
 * Claims try number `attempt` of a mail; false when another process holds it. A held try older
 * than STALE_ATTEMPT_MS was cut short: its number is given up, so the next run tries again.
 */
async function claimAttempt(
  ctx: AppContext,
  mail: Pick<OutboxMailDoc, '_id' | 'attempts' | 'kind'>,
  now: Date,
): Promise<boolean> {
  const key = `${mail._id}#${mail.attempts + 1}`;
  try {
    await ctx.models.OutboxAttempt.create({
      _id: key,
      at: now,
      expiresAt: new Date(now.getTime() + OUTBOX_KEEP_MS),
    });
    return true;
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
  }
  const held = await ctx.models.OutboxAttempt.findById(key, 'at').lean<{ at: Date }>();
  if (held && now.getTime() - held.at.getTime() >= STALE_ATTEMPT_MS) {
    await ctx.models.OutboxMail.updateOne(
      { _id: mail._id, status: 'pending', attempts: mail.attempts },
      { $set: { attempts: mail.attempts + 1, lastError: 'interrupted before its outcome' } },
    );
    ctx.logger.warn(
      { mailKey: mail._id, mail: mail.kind, attempt: mail.attempts + 1 },
      'mail try was cut short; trying again',
    );
  }
  return false;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

type Outgoing = Pick<OutboxMailDoc, '_id' | 'attempts' | 'kind'> &
  Omit<ReturnType<typeof recordOf>, 'attachments'> & {
    attachments?: readonly string[] | null;
  };

/**
 * Once a mail is sent or given up its record keeps no copy of what it said: account mails carry
 * one-time links (issue 23) whose tokens are otherwise stored only as hashes, lead mails what a
 * stranger typed (issue 34), and no one reads a sent mail from here.
 */
const FORGOTTEN = { subject: '', text: '', html: '' };

/** A request mail's headers as nodemailer takes them; nothing for the app's own notices. */
function headersOf(mail: Outgoing) {
  return {
    ...(mail.cc ? { cc: mail.cc } : {}),
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    ...(mail.messageId ? { messageId: mail.messageId } : {}),
    ...(mail.inReplyTo ? { inReplyTo: mail.inReplyTo, references: [mail.inReplyTo] } : {}),
  };
}

/** One more try at one pending mail. Recipients are not logged (personal data): the key is. */
async function deliver(ctx: AppContext, mail: Outgoing, now: Date, smtpUrl: string) {
  if (!(await claimAttempt(ctx, mail, now))) return;
  const attempt = mail.attempts + 1;
  const where = { mailKey: mail._id, mail: mail.kind, attempt };
  try {
    await transportFor(smtpUrl).sendMail({
      from: ctx.config.mail.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      // Account and lead mails are text only.
      ...(mail.html ? { html: mail.html } : {}),
      ...headersOf(mail),
      ...(mail.attachments?.length
        ? { attachments: await ctx.mailFiles.open(mail.attachments) }
        : {}),
    });
  } catch (error) {
    const delay = retryDelayAfter(ctx.config.mail, attempt);
    const failed = delay === undefined;
    await ctx.models.OutboxMail.updateOne(
      { _id: mail._id },
      {
        $set: {
          attempts: attempt,
          lastError: messageOf(error),
          failReason: failureReasonOf(error),
          ...(failed
            ? { status: 'failed', ...FORGOTTEN }
            : { nextAttemptAt: new Date(now.getTime() + delay) }),
        },
      },
    );
    if (failed) ctx.logger.error({ err: error, ...where }, 'mail failed; giving up');
    else ctx.logger.warn({ err: error, ...where, retryInMs: delay }, 'mail failed; will retry');
    return;
  }
  await ctx.models.OutboxMail.updateOne(
    { _id: mail._id },
    {
      $set: {
        status: 'sent',
        sentAt: now,
        attempts: attempt,
        lastError: null,
        failReason: null,
        ...FORGOTTEN,
      },
    },
  );
  ctx.logger.info(where, 'mail sent');
}

/**
 * Queues one mail and tries it at once. A failed try is left pending for the outbox's run
 * (`outboxJob`, the retry policy), so the mail also survives a restart. False when SMTP_URL is
 * unset (nothing is queued) or the key was already queued; resolves once the first try is over;
 * rejects only when the mail can't be written down (the database).
 */
export async function queueMail(
  ctx: AppContext,
  mail: QueuedMail,
  now = ctx.clock.now(),
): Promise<boolean> {
  const { smtpUrl } = ctx.config.mail;
  if (!smtpUrl) return false;
  if (!(await putInOutbox(ctx, mail, now))) return false;
  await tryNow(ctx, { _id: mail.key, attempts: 0, kind: mail.kind, ...recordOf(mail) }, now);
  return true;
}

/** One try at once; a failure of the database is logged, and the outbox's run tries it later. */
async function tryNow(ctx: AppContext, mail: Outgoing, now: Date) {
  const { smtpUrl } = ctx.config.mail;
  if (!smtpUrl) return;
  try {
    await deliver(ctx, mail, now, smtpUrl);
  } catch (error) {
    // The database, after the claim: the mail is pending, and the outbox's run tries it.
    ctx.logger.error({ err: error, mailKey: mail._id }, 'queued mail not tried');
  }
}

/** Where a mail stands in the outbox, as a person is told. */
export type OutboxState = {
  status: OutboxMailDoc['status'];
  failReason: MailFailureReason | null;
};

/** The states of the mails under `keys` (one read by `_id`); a key not in the outbox is absent. */
export async function outboxStatesOf(
  ctx: AppContext,
  keys: readonly string[],
): Promise<Map<string, OutboxState>> {
  if (keys.length === 0) return new Map();
  const found = await ctx.models.OutboxMail.find({ _id: { $in: keys } }, 'status failReason').lean<
    { _id: string; status: OutboxMailDoc['status']; failReason?: string | null }[]
  >();
  return new Map(
    found.map((doc) => [
      doc._id,
      { status: doc.status, failReason: (doc.failReason ?? null) as MailFailureReason | null },
    ]),
  );
}

/**
 * "Reintentar" (issue 35): one more try, now, at a mail that failed for good, or that never
 * reached the outbox (a crash between its owner's record and the outbox's): its content comes
 * again from the caller, as the outbox forgot it. A mail pending or sent is left as it is.
 * Resolves once the try is over.
 */
export async function tryAgain(
  ctx: AppContext,
  mail: QueuedMail,
  now = ctx.clock.now(),
): Promise<void> {
  if (await putInOutbox(ctx, mail, now)) {
    await tryNow(ctx, { _id: mail.key, attempts: 0, kind: mail.kind, ...recordOf(mail) }, now);
    return;
  }
  const again = await ctx.models.OutboxMail.findOneAndUpdate(
    { _id: mail.key, status: 'failed' },
    { $set: { status: 'pending', nextAttemptAt: now, ...recordOf(mail) } },
    { new: true },
  ).lean<OutboxMailDoc>();
  if (again) await tryNow(ctx, { ...again, ...recordOf(mail) }, now);
}

/**
 * One run of the outbox at `now`: one more try at each pending mail that is due (a batch, soonest
 * first). Nothing without SMTP_URL. Never rejects: a failure is logged and the next run starts
 * over from the outbox. `lease` stops it early when the scheduler's lock can't be counted on.
 */
export async function processOutbox(
  ctx: AppContext,
  now: Date,
  lease: JobLease = unleased,
): Promise<void> {
  const { smtpUrl } = ctx.config.mail;
  if (!smtpUrl) return;
  try {
    const due = await ctx.models.OutboxMail.find({
      status: 'pending',
      nextAttemptAt: { $lte: now },
    })
      .sort({ nextAttemptAt: 1 })
      .limit(DELIVER_BATCH)
      .lean<OutboxMailDoc[]>();
    for (const mail of due) {
      holding(lease, OUTBOX_JOB);
      try {
        await deliver(ctx, mail, now, smtpUrl);
      } catch (error) {
        // The database, not the mail server: the mail stays pending for the next run.
        ctx.logger.error({ err: error, mailKey: mail._id }, 'mail not tried');
      }
    }
  } catch (error) {
    if (error instanceof LeaseLost) {
      ctx.logger.warn('outbox run stopped early: its lock is no longer held');
    } else {
      ctx.logger.error({ err: error }, 'outbox run failed');
    }
  }
}

export const OUTBOX_JOB = 'mail.outbox';

/**
 * The outbox's run on the app's scheduler (jobs/), every 30 s: a failed mail waits at most that
 * beyond its delay, a planned digest or reminder (reminders/) at most that.
 */
export const outboxJob: BackgroundJob = {
  name: OUTBOX_JOB,
  every: '30 seconds',
  offBecause: (ctx) =>
    ctx.config.mail.smtpUrl ? undefined : 'emails are off: SMTP_URL is not set',
  run: processOutbox,
};
