import type { AppContext } from '../context.js';

/*
 * The users the reminders' run mails (issue 32), read in batches: the zones first (to know whose
 * 08:00 it is), then only the users a run needs, never one read per user. Also the executive a
 * customer's mail is told to (issue 35, emails/customer-mail-notice.ts).
 */

export type MailRecipient = {
  _id: string;
  name: string;
  email: string;
  /** Null or '': APP_TIME_ZONE. */
  timeZone: string | null;
  emailDigest: boolean;
  emailReminders: boolean;
  /** Issue 35: the notice of a customer's mail to their requests (off unless turned on). */
  emailCustomerMail: boolean;
};

const FIELDS = 'name email timeZone emailDigest emailReminders emailCustomerMail';

type Stored = Omit<MailRecipient, '_id'> & { _id: { toHexString(): string } };

const recipientOf = (user: Stored): MailRecipient => ({
  _id: user._id.toHexString(),
  name: user.name,
  email: user.email,
  timeZone: user.timeZone ?? null,
  emailDigest: user.emailDigest !== false,
  emailReminders: user.emailReminders !== false,
  emailCustomerMail: user.emailCustomerMail === true,
});

/** The zones set by users who take the digest (a user without one has APP_TIME_ZONE's). */
export async function digestTimeZones(ctx: AppContext): Promise<string[]> {
  const zones = await ctx.models.User.distinct('timeZone', { emailDigest: { $ne: false } });
  return zones.filter((zone): zone is string => typeof zone === 'string' && zone !== '');
}

/**
 * The users who take the digest and live in one of `zones`; `withoutZone` adds those who set
 * none (their zone is APP_TIME_ZONE).
 */
export async function digestRecipientsIn(
  ctx: AppContext,
  zones: readonly string[],
  withoutZone: boolean,
): Promise<MailRecipient[]> {
  const inZones = [...zones, ...(withoutZone ? [null, ''] : [])];
  if (inZones.length === 0) return [];
  const users = await ctx.models.User.find(
    { timeZone: { $in: inZones }, emailDigest: { $ne: false } },
    FIELDS,
  ).lean<Stored[]>();
  return users.map(recipientOf);
}

/** The users of `ids` that still exist. */
export async function recipientsByIds(
  ctx: AppContext,
  ids: readonly string[],
): Promise<MailRecipient[]> {
  if (ids.length === 0) return [];
  const users = await ctx.models.User.find({ _id: { $in: ids } }, FIELDS).lean<Stored[]>();
  return users.map(recipientOf);
}
