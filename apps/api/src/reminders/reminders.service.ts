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
import { holding, LeaseLost, unleased, type JobLease } from '../jobs/index.js';
import { appUrlOf, outboxKeysIn, putInOutbox } from '../mail/index.js';
import { openActivitiesDueIn, type DueWindow } from '../requests/index.js';
import {
  digestRecipientsIn,
  digestTimeZones,
  recipientsByIds,
  type MailRecipient,
} from '../users/index.js';
import { digestMail, reminderMail } from './mail-content.js';

/*
 * What one tick of the reminders does (issue 20), at the instant `now` (the scheduler's clock):
 * it plans. Each user's 08:00 digest and their reminders 15 minutes before a timed activity are
 * put in the app's outbox (mail/, issue 34) under the mail's own key, with its content. The
 * insert is the only guard that matters: of two processes, or of a tick repeated after a
 * restart, exactly one claims each mail. What is due comes from one read of the activities,
 * whatever the number of users (issue 32: planMails). The outbox's own run (mail/outbox.ts, on
 * the same scheduler) sends them, retries them and marks them sent or failed.
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
/** Items per digest section: a longer list is not read in a mail (the agenda has them all). */
const DIGEST_SECTION_LIMIT = 50;
const DAY_MS = 24 * 60 * 60_000;
/** Reminders planned per owner a tick. */
const REMINDERS_PER_TICK = 100;

export const TICK_JOB = 'reminders.tick';

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
  const done = await outboxKeysIn(
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
async function planMails(ctx: AppContext, now: Date, lease: JobLease): Promise<void> {
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
  holding(lease, TICK_JOB);
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
      .slice(0, REMINDERS_PER_TICK)
      .filter((item) => item.activity.dueTime !== null);
    return items.length ? [{ user, items }] : [];
  });
  const reminded = await outboxKeysIn(
    ctx,
    reminders.flatMap(({ items }) => items.map(reminderKeyOf)),
  );

  for (const { user, key, bounds } of digests) {
    holding(lease, TICK_JOB);
    const userId = user._id;
    try {
      const { overdue, today } = digestSections(owned.get(userId) ?? [], bounds);
      const base = { key, kind: 'digest' as const, userId };
      // Nothing to say: no mail, but the day is recorded as checked.
      await putInOutbox(
        ctx,
        overdue.length + today.length === 0
          ? { ...base, empty: true }
          : {
              ...base,
              to: user.email,
              content: digestMail(user, overdue, today, appUrlOf(ctx), {
                timeZone: zoneOf(ctx, user),
                now,
              }),
            },
        now,
      );
    } catch (error) {
      ctx.logger.error({ err: error, userId, mail: 'digest' }, 'reminder digest not planned');
    }
  }
  for (const { user, items } of reminders) {
    holding(lease, TICK_JOB);
    const userId = user._id;
    try {
      for (const item of items.filter((item) => !reminded.has(reminderKeyOf(item)))) {
        await putInOutbox(
          ctx,
          {
            key: reminderKeyOf(item),
            kind: 'reminder',
            userId,
            to: user.email,
            content: reminderMail(user, item, appUrlOf(ctx), zoneOf(ctx, user)),
          },
          now,
        );
      }
    } catch (error) {
      ctx.logger.error({ err: error, userId, mail: 'reminder' }, 'reminders not planned');
    }
  }
}

/**
 * One tick at `now`: put in the outbox what is due (the outbox's run sends it). Nothing without
 * SMTP_URL. Never rejects: a failure is logged and the next tick starts over. `lease` stops it
 * early when the scheduler's lock on it can no longer be counted on.
 */
export async function runRemindersTick(
  ctx: AppContext,
  now: Date,
  lease: JobLease = unleased,
): Promise<void> {
  if (!ctx.config.mail.smtpUrl) return;
  try {
    await planMails(ctx, now, lease);
  } catch (error) {
    if (error instanceof LeaseLost) {
      // The scheduler stopping, or the lock's renewals failing (logged by the scheduler).
      ctx.logger.warn('reminders tick stopped early: its lock is no longer held');
    } else {
      ctx.logger.error({ err: error }, 'reminders tick failed');
    }
  }
}
