import type { AppContext } from '../context.js';

/*
 * A user's own preferences as stored on their user document (issue 20), read and written for
 * preferences/ and calendar/ (issue 34: the user document is this feature's). Each is one read
 * or one write.
 */

export type StoredPreferences = {
  timeZone?: string | null;
  emailDigest?: boolean;
  emailReminders?: boolean;
  emailCustomerMail?: boolean;
  calendarSecretHash?: string | null;
};

const FIELDS = 'timeZone emailDigest emailReminders emailCustomerMail +calendarSecretHash';

/** The user's stored preferences, or null when there is no such user. */
export function storedPreferencesOf(
  ctx: AppContext,
  userId: string,
): Promise<StoredPreferences | null> {
  return ctx.models.User.findById(userId, FIELDS).lean<StoredPreferences>().exec();
}

/** Sets the given preferences; false when there is no such user. */
export async function setStoredPreferences(
  ctx: AppContext,
  userId: string,
  $set: Omit<StoredPreferences, 'calendarSecretHash'>,
): Promise<boolean> {
  const updated = await ctx.models.User.updateOne({ _id: userId }, { $set });
  return updated.matchedCount > 0;
}

/**
 * Sets the calendar feed secret's hash, or unsets it with null (the index is sparse); false
 * when there is no such user.
 */
export async function setCalendarSecretHash(
  ctx: AppContext,
  userId: string,
  hash: string | null,
): Promise<boolean> {
  const updated = await ctx.models.User.updateOne(
    { _id: userId },
    hash === null ? { $unset: { calendarSecretHash: 1 } } : { $set: { calendarSecretHash: hash } },
  );
  return updated.matchedCount > 0;
}

/** Whose calendar feed this secret's hash opens, by the sparse unique index; null: nobody's. */
export async function userIdByCalendarSecretHash(
  ctx: AppContext,
  hash: string,
): Promise<string | null> {
  const user = await ctx.models.User.findOne({ calendarSecretHash: hash }, '_id').lean<{
    _id: { toHexString(): string };
  }>();
  return user ? user._id.toHexString() : null;
}
