import { createHash, randomBytes } from 'node:crypto';
import {
  API_MESSAGES,
  api,
  pathOf,
  type CalendarFeed,
  type Preferences,
  type UpdatePreferencesBody,
} from '@crm/shared';
import type { AppContext } from '../context.js';
import { notFound } from '../http/app-error.js';
import {
  setCalendarSecretHash,
  setStoredPreferences,
  storedPreferencesOf,
  type StoredPreferences,
} from '../users/index.js';

/*
 * A user's own preferences (issue 20): the zone their days are read in, which reminder emails
 * they get, and their calendar feed's secret. Stored on their user document, read and written
 * through users/ (user-preferences.ts), by themselves only (the routes pass the caller's id).
 */

function toPreferences(ctx: AppContext, stored: StoredPreferences): Preferences {
  const timeZone = stored.timeZone || null;
  return {
    timeZone,
    effectiveTimeZone: timeZone ?? ctx.config.timeZone,
    emailDigest: stored.emailDigest ?? true,
    emailReminders: stored.emailReminders ?? true,
    // Issue 35: opt-in, so a user stored before it has it off.
    emailCustomerMail: stored.emailCustomerMail ?? false,
    calendarFeed: Boolean(stored.calendarSecretHash),
  };
}

async function read(ctx: AppContext, userId: string): Promise<StoredPreferences> {
  const stored = await storedPreferencesOf(ctx, userId);
  if (!stored) throw notFound(API_MESSAGES.userNotFound);
  return stored;
}

/** GET /api/me/preferences */
export async function getPreferences(ctx: AppContext, userId: string): Promise<Preferences> {
  return toPreferences(ctx, await read(ctx, userId));
}

/** PATCH /api/me/preferences: the fields sent; `timeZone: null` goes back to APP_TIME_ZONE. */
export async function updatePreferences(
  ctx: AppContext,
  userId: string,
  body: UpdatePreferencesBody,
): Promise<Preferences> {
  const $set = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
  // An update, then a read: FerretDB 1.x refuses findAndModify with a projection.
  if (!(await setStoredPreferences(ctx, userId, $set))) {
    throw notFound(API_MESSAGES.userNotFound);
  }
  return getPreferences(ctx, userId);
}

/** The stored form of a feed secret: only its SHA-256 is kept, as with a password reset token. */
export const calendarSecretHash = (secret: string): string =>
  createHash('sha256').update(secret).digest('hex');

/**
 * POST /api/me/calendar-feed: 32 random bytes (43 base64url characters), shown this once; the
 * hash replaces any earlier one, which stops working at once. The address is on APP_URL, else
 * on the origin the caller reached the API at (`origin`).
 */
export async function createCalendarFeed(
  ctx: AppContext,
  userId: string,
  origin: string,
): Promise<CalendarFeed> {
  const secret = randomBytes(32).toString('base64url');
  if (!(await setCalendarSecretHash(ctx, userId, calendarSecretHash(secret)))) {
    throw notFound(API_MESSAGES.userNotFound);
  }
  return { url: `${ctx.config.appUrl ?? origin}${pathOf(api.calendar.feed, { secret })}` };
}

/** DELETE /api/me/calendar-feed: the address stops working (unset, as the index is sparse). */
export async function revokeCalendarFeed(ctx: AppContext, userId: string): Promise<Preferences> {
  await setCalendarSecretHash(ctx, userId, null);
  return getPreferences(ctx, userId);
}
