import nodemailer, { type Transporter } from 'nodemailer';
import {
  agendaBounds,
  agendaBucketOf,
  compareAgendaItems,
  dayIn,
  zonedDueAt,
  type AgendaBounds,
  type AgendaItem,
} from '@crm/shared';
import type { AppContext } from '../context.js';
import { isDuplicateKeyError } from '../db/errors.js';
import { openActivitiesDueIn, type DueWindow } from '../requests/index.js';
import {
  digestRecipientsIn,
  digestTimeZones,
  recipientsByIds,
  type MailRecipient,
} from '../users/index.js';
import { digestMail, reminderMail, type MailContent } from './mail-content.js';
import { OUTBOX_KEEP_MS, type MailKind, type ReminderMailDoc } from './reminder-mail.model.js';

/*
 * What one tick of the reminders does (issue 20), at the instant `now` (the scheduler's clock);
 * the outbox it delivers from also takes mails queued at once by `queueMail` (issue 23):
 *
 * 1. Plan: each user's 08:00 digest and their reminders 15 minutes before a timed activity are
 *    claimed by inserting an outbox record under the mail's own key, with its content. The
 *    insert is the only guard that matters: of two processes, or of a tick repeated after a
 *    restart, exactly one claims each mail (reminder-mail.model.ts). What is due comes from one
 *    read of the activities, whatever the number of users (issue 32: planMails).
 * 2. Deliver: each pending, due record is tried once more, after claiming that try (an insert of
 *    `<key>#<n>`). Success marks it sent; a failure waits `mail.retryDelaysMs` (30 s, 2 min, 10
 *    min) and is logged; after the last one the mail is marked failed and logged as an error.
 *
 * A crash before the SMTP server has the mail leaves it pending: retried at the next tick, or,
 * when the try was already claimed, once the try is STALE_ATTEMPT_MS old. What remains is the
 * crash after the SMTP server accepted the mail and before it is marked sent (milliseconds): that
 * mail goes out a second time after STALE_ATTEMPT_MS. It can't be closed without the mail server
 * taking part (no SMTP server tells whether it already has a message).
 */

/** The digest's wall time in each user's zone. */
export const DIGEST_TIME = '08:00';
/**
 * How late a digest may still go, after a process was down at 08:00: a morning's summary at
 * noon still helps; in the afternoon it is no longer a morning digest, and the day's is skipped.
 */
export const DIGEST_WINDOW_MS = 4 * 60 * 60_000;
/** The reminder goes this long before a timed activity (and until it starts, if planned later). */
export const REMINDER_LEAD_MS = 15 * 60_000;
/**
 * A claimed try still unfinished after this long was cut short (a crash): it can't be running,
 * as the SMTP timeouts below end any conversation sooner.
 */
export const STALE_ATTEMPT_MS = 5 * 60_000;
/** Items per digest section: a longer list is not read in a mail (the agenda has them all). */
const DIGEST_SECTION_LIMIT = 50;
const DAY_MS = 24 * 60 * 60_000;
/** Pending mails tried per tick. */
const DELIVER_BATCH = 100;

/** Connect 10 s, greeting 10 s, 30 s of silence: every try ends well within STALE_ATTEMPT_MS. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

const transports = new Map<string, Transporter>();
function transportFor(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
    transports.set(smtpUrl, transport);
  }
  return transport;
}

/** The base of the links in mails: APP_URL, else the API's own port on this machine. */
export const appUrlOf = (ctx: AppContext): string =>
  ctx.config.appUrl ?? `http://localhost:${ctx.config.port}`;

type Claim = { key: string; kind: MailKind; userId: string; now: Date } & (
  { to: string; content: MailContent } | { empty: true }
);

/** Inserts the mail's record under its key; false when another tick or process has it. */
async function claim(ctx: AppContext, claimed: Claim): Promise<boolean> {
  const { key, kind, userId, now } = claimed;
  const content = 'content' in claimed ? { to: claimed.to, ...claimed.content } : {};
  try {
    await ctx.models.ReminderMail.create({
      _id: key,
      kind,
      userId,
      status: 'empty' in claimed ? 'empty' : 'pending',
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

/** The keys among `keys` already claimed (one read), so a tick doesn't redo their work. */
async function claimedKeys(ctx: AppContext, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const found = await ctx.models.ReminderMail.find({ _id: { $in: keys } }, '_id').lean<
    { _id: string }[]
  >();
  return new Set(found.map((doc) => doc._id));
}

/**
 * What a tick may still do (scheduler.ts): false once its lock could lapse before the next step
 * ends, so that another process may take the tick. The tick then stops where it is: what it
 * claimed is in the outbox, what it didn't the next tick plans.
 */
export type TickLease = { held(): boolean };
const unleased: TickLease = { held: () => true };

class LeaseLost extends Error {}

function holding(lease: TickLease): void {
  if (!lease.held()) throw new LeaseLost('the reminders tick lost its lock');
}

const zoneOf = (ctx: AppContext, user: MailRecipient) => user.timeZone || ctx.config.timeZone;

/** Whether `now` is within the digest's window (08:00 to noon) in `zone`. */
function digestTimeIn(zone: string, now: Date): boolean {
  const at = zonedDueAt(dayIn(now, zone), DIGEST_TIME, zone).getTime();
  return now.getTime() >= at && now.getTime() < at + DIGEST_WINDOW_MS;
}

type DigestDue = { user: MailRecipient; key: string; bounds: AgendaBounds };

/**
 * The digests due at `now`: users past 08:00 of their day (within the window) without one. The
 * zones are read first, so only the users whose morning it is are read, whatever the team's size.
 */
async function digestsDue(ctx: AppContext, now: Date): Promise<DigestDue[]> {
  const zones = (await digestTimeZones(ctx)).filter((zone) => {
    try {
      return digestTimeIn(zone, now);
    } catch (error) {
      // Preferences accept only known zones: one unknown here is logged, not the tick's end.
      ctx.logger.error({ err: error, timeZone: zone }, 'reminder digest zone unknown');
      return false;
    }
  });
  const users = await digestRecipientsIn(ctx, zones, digestTimeIn(ctx.config.timeZone, now));
  const due = users.map((user) => {
    const zone = zoneOf(ctx, user);
    return { user, key: `digest:${user._id}:${dayIn(now, zone)}`, bounds: agendaBounds(now, zone) };
  });
  const done = await claimedKeys(
    ctx,
    due.map(({ key }) => key),
  );
  return due.filter(({ key }) => !done.has(key));
}

const dueAtOf = (item: AgendaItem) => Date.parse(item.activity.dueAt);

function byOwner(due: AgendaItem[]): Map<string, AgendaItem[]> {
  const owners = new Map<string, AgendaItem[]>();
  for (const item of [...due].sort(compareAgendaItems)) {
    const owner = item.activity.ownerId ?? '';
    const mine = owners.get(owner);
    if (mine) mine.push(item);
    else owners.set(owner, [item]);
  }
  return owners;
}

/** A digest's sections: the owner's overdue and today's activities, at most a section's worth. */
function digestSections(mine: readonly AgendaItem[], bounds: AgendaBounds) {
  const sections = { overdue: [] as AgendaItem[], today: [] as AgendaItem[] };
  for (const item of mine) {
    const bucket = agendaBucketOf(item.activity, bounds);
    if (bucket !== 'overdue' && bucket !== 'today') continue;
    if (sections[bucket].length < DIGEST_SECTION_LIMIT) sections[bucket].push(item);
  }
  return sections;
}

// Keyed by the due instant too: a rescheduled activity is reminded of again.
const reminderKeyOf = (item: AgendaItem) => `reminder:${item.activity._id}:${item.activity.dueAt}`;

/**
 * Plans the tick's mails: each user's 08:00 digest and the reminders 15 minutes before a timed
 * activity, from one read of the activities due (everyone's next minutes, plus the days of those
 * whose digest is due) grouped by owner here, and one read of the owners still unknown.
 */
async function planMails(ctx: AppContext, now: Date, lease: TickLease): Promise<void> {
  const digests = await digestsDue(ctx, now);
  const soon = { from: now, before: new Date(now.getTime() + REMINDER_LEAD_MS + 1) };
  // The digests' window ends a day after the last of their days (zones differ; a date-only
  // activity's dueAt is its day's start in its planner's zone, which may be a day ahead of the
  // user's): agendaBucketOf then puts each of the owner's activities in a section or in none.
  const days = digests.map(({ bounds }) => bounds.tomorrowStart.getTime() + DAY_MS);
  const windows: DueWindow[] = [
    soon,
    ...(digests.length
      ? [{ owners: digests.map(({ user }) => user._id), before: new Date(Math.max(...days)) }]
      : []),
  ];
  holding(lease);
  const owned = byOwner(await openActivitiesDueIn(ctx, windows));

  const inSoon = (item: AgendaItem) =>
    dueAtOf(item) >= soon.from.getTime() && dueAtOf(item) < soon.before.getTime();
  const soonOwners = [...owned].filter(([, mine]) => mine.some(inSoon)).map(([owner]) => owner);
  const known = new Map(digests.map(({ user }) => [user._id, user]));
  const others = await recipientsByIds(
    ctx,
    soonOwners.filter((owner) => !known.has(owner)),
  );
  const users = new Map([...known, ...others.map((user) => [user._id, user] as const)]);
  const reminders = soonOwners.flatMap((owner) => {
    const user = users.get(owner);
    if (!user || !user.emailReminders) return [];
    const items = (owned.get(owner) ?? [])
      .filter(inSoon)
      .slice(0, DELIVER_BATCH)
      .filter((item) => item.activity.dueTime !== null);
    return items.length ? [{ user, items }] : [];
  });
  const reminded = await claimedKeys(
    ctx,
    reminders.flatMap(({ items }) => items.map(reminderKeyOf)),
  );

  for (const { user, key, bounds } of digests) {
    holding(lease);
    const userId = user._id;
    try {
      const { overdue, today } = digestSections(owned.get(userId) ?? [], bounds);
      const base = { key, kind: 'digest' as const, userId, now };
      // Nothing to say: no mail, but the day is recorded as checked.
      await claim(
        ctx,
        overdue.length + today.length === 0
          ? { ...base, empty: true }
          : { ...base, to: user.email, content: digestMail(user, overdue, today, appUrlOf(ctx)) },
      );
    } catch (error) {
      ctx.logger.error({ err: error, userId, mail: 'digest' }, 'reminder digest not planned');
    }
  }
  for (const { user, items } of reminders) {
    holding(lease);
    const userId = user._id;
    try {
      for (const item of items.filter((item) => !reminded.has(reminderKeyOf(item)))) {
        await claim(ctx, {
          key: reminderKeyOf(item),
          kind: 'reminder',
          userId,
          now,
          to: user.email,
          content: reminderMail(user, item, appUrlOf(ctx)),
        });
      }
    } catch (error) {
      ctx.logger.error({ err: error, userId, mail: 'reminder' }, 'reminders not planned');
    }
  }
}

/**
 * Claims try number `attempt` of a mail; false when another process holds it. A held try older
 * than STALE_ATTEMPT_MS was cut short: its number is given up, so the next tick tries again.
 */
async function claimAttempt(
  ctx: AppContext,
  mail: Pick<ReminderMailDoc, '_id' | 'attempts' | 'kind'>,
  now: Date,
): Promise<boolean> {
  const key = `${mail._id}#${mail.attempts + 1}`;
  try {
    await ctx.models.ReminderAttempt.create({
      _id: key,
      at: now,
      expiresAt: new Date(now.getTime() + OUTBOX_KEEP_MS),
    });
    return true;
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
  }
  const held = await ctx.models.ReminderAttempt.findById(key, 'at').lean<{ at: Date }>();
  if (held && now.getTime() - held.at.getTime() >= STALE_ATTEMPT_MS) {
    await ctx.models.ReminderMail.updateOne(
      { _id: mail._id, status: 'pending', attempts: mail.attempts },
      { $set: { attempts: mail.attempts + 1, lastError: 'interrupted before its outcome' } },
    );
    ctx.logger.warn(
      { mailKey: mail._id, mail: mail.kind, attempt: mail.attempts + 1 },
      'reminder mail try was cut short; trying again',
    );
  }
  return false;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

type Outgoing = Pick<
  ReminderMailDoc,
  '_id' | 'attempts' | 'kind' | 'to' | 'subject' | 'text' | 'html'
>;

/**
 * Account mails carry one-time links (issue 23), whose tokens are otherwise stored only as
 * hashes: once such a mail is sent or given up, its record keeps no usable copy of the link.
 */
const forgottenContent = (mail: Outgoing) =>
  mail.kind === 'account' ? { subject: '', text: '', html: '' } : {};

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
      // Account mails are text only.
      ...(mail.html ? { html: mail.html } : {}),
    });
  } catch (error) {
    const delay = ctx.config.mail.retryDelaysMs[attempt - 1];
    const failed = delay === undefined;
    await ctx.models.ReminderMail.updateOne(
      { _id: mail._id },
      {
        $set: {
          attempts: attempt,
          lastError: messageOf(error),
          ...(failed
            ? { status: 'failed', ...forgottenContent(mail) }
            : { nextAttemptAt: new Date(now.getTime() + delay) }),
        },
      },
    );
    if (failed) ctx.logger.error({ err: error, ...where }, 'reminder mail failed; giving up');
    else
      ctx.logger.warn(
        { err: error, ...where, retryInMs: delay },
        'reminder mail failed; will retry',
      );
    return;
  }
  await ctx.models.ReminderMail.updateOne(
    { _id: mail._id },
    {
      $set: {
        status: 'sent',
        sentAt: now,
        attempts: attempt,
        lastError: null,
        ...forgottenContent(mail),
      },
    },
  );
  ctx.logger.info(where, 'reminder mail sent');
}

async function deliverDue(
  ctx: AppContext,
  now: Date,
  smtpUrl: string,
  lease: TickLease,
): Promise<void> {
  const due = await ctx.models.ReminderMail.find({
    status: 'pending',
    nextAttemptAt: { $lte: now },
  })
    .sort({ nextAttemptAt: 1 })
    .limit(DELIVER_BATCH)
    .lean<ReminderMailDoc[]>();
  for (const mail of due) {
    holding(lease);
    try {
      await deliver(ctx, mail, now, smtpUrl);
    } catch (error) {
      // The database, not the mail server: the mail stays pending for the next tick.
      ctx.logger.error({ err: error, mailKey: mail._id }, 'reminder mail not tried');
    }
  }
}

/** A mail queued outside the tick's plan (account/account-mail.ts). */
export type QueuedMail = {
  /** Names the mail: a second queueing under the same key is a no-op. */
  key: string;
  kind: MailKind;
  to: string;
  content: MailContent;
  userId?: string;
};

/**
 * Claims one mail in the outbox and tries it at once (issue 23's account mails). A failed try
 * is left pending for the tick's retries (scheduler.ts, `mail.retryDelaysMs`), so the mail also
 * survives a restart. False when SMTP_URL is unset (nothing is queued) or the key was already
 * claimed; rejects only when the claim can't be written (the database).
 */
export async function queueMail(ctx: AppContext, mail: QueuedMail, now = new Date()) {
  const { smtpUrl } = ctx.config.mail;
  if (!smtpUrl) return false;
  const { key, kind, to, content } = mail;
  if (!(await claim(ctx, { key, kind, userId: mail.userId ?? '', now, to, content }))) {
    return false;
  }
  try {
    await deliver(ctx, { _id: key, attempts: 0, kind, to, ...content }, now, smtpUrl);
  } catch (error) {
    // The database, after the claim: the mail is pending, and the next tick tries it.
    ctx.logger.error({ err: error, mailKey: key }, 'queued mail not tried');
  }
  return true;
}

/**
 * One tick at `now`: plan what is due, then try what is pending. Nothing without SMTP_URL. Never
 * rejects: a failure is logged and the next tick starts over from the outbox. `lease` stops it
 * early when the scheduler's lock on it can no longer be counted on.
 */
export async function runRemindersTick(
  ctx: AppContext,
  now: Date,
  lease: TickLease = unleased,
): Promise<void> {
  const { smtpUrl } = ctx.config.mail;
  if (!smtpUrl) return;
  try {
    await planMails(ctx, now, lease);
    await deliverDue(ctx, now, smtpUrl, lease);
  } catch (error) {
    if (error instanceof LeaseLost) {
      // The scheduler stopping, or the lock's renewals failing (logged by the scheduler).
      ctx.logger.warn('reminders tick stopped early: its lock is no longer held');
    } else {
      ctx.logger.error({ err: error }, 'reminders tick failed');
    }
  }
}
