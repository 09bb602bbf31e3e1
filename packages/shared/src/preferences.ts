import { z } from 'zod';
import { isTimeZone } from './format.js';
import { FIELD_MESSAGES } from './messages.js';

/*
 * A user's own preferences (issue 20), stored on their user: the time zone their days are read
 * in (the agenda's ranges, the bell, the board's "Próxima acción", the morning digest's 08:00),
 * which reminder and notice emails they get, and whether they have a calendar feed. Read and
 * changed by the user themselves (GET/PATCH /api/me/preferences); the Perfil screen comes with
 * issue 23.
 */

/**
 * The zones a user may choose: the runtime's canonical IANA names (as the browser's picker lists
 * them), and UTC. A list rather than "any name Intl accepts" (which takes "europe/madrid" and old
 * aliases too): a stored zone is always spelled one way, and the OpenAPI document can state the
 * rule exactly (an enum), so the document and the API agree.
 */
export const TIME_ZONES: readonly [string, ...string[]] = [
  'UTC',
  ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC' && isTimeZone(zone)),
];

/** An IANA zone name the runtime knows, or null: the product's (APP_TIME_ZONE). */
export const timeZoneSchema = z.enum(TIME_ZONES, { error: FIELD_MESSAGES.timeZoneInvalid });

/** GET /api/me/preferences */
export const preferencesSchema = z.object({
  /** As set; null: the product's zone. */
  timeZone: z.string().nullable(),
  /** The zone in effect: timeZone, else APP_TIME_ZONE. */
  effectiveTimeZone: z.string(),
  /** The 08:00 digest of overdue and today's activities (only when the server sends email). */
  emailDigest: z.boolean(),
  /** The reminder 15 minutes before a timed activity. */
  emailReminders: z.boolean(),
  /**
   * Issue 35: a mail when a customer writes to one of their requests (they are its executive).
   * Off until they turn it on.
   */
  emailCustomerMail: z.boolean(),
  /** Whether a calendar feed address exists (its secret is shown only when created). */
  calendarFeed: z.boolean(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** PATCH /api/me/preferences: the fields sent change. */
export const updatePreferencesBodySchema = z.strictObject({
  timeZone: timeZoneSchema.nullable().optional(),
  emailDigest: z.boolean().optional(),
  emailReminders: z.boolean().optional(),
  emailCustomerMail: z.boolean().optional(),
});
export type UpdatePreferencesBody = z.infer<typeof updatePreferencesBodySchema>;

/**
 * POST /api/me/calendar-feed: a new secret address for the user's open activities, replacing
 * any earlier one (which stops working). Shown this once; the server keeps only its hash.
 */
export const calendarFeedSchema = z.object({ url: z.string() });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** The secret in /api/calendar/<secret>.ics: 43 base64url characters (32 random bytes). */
export const CALENDAR_SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * GET /api/calendar/:secret.ics. Any text: a malformed secret is answered as a wrong one (404
 * after the same work), so the answer never tells which part of a guess was off.
 */
export const calendarFeedParamsSchema = z.object({ secret: z.string() });

/**
 * The web app's page of one request (its Edit Request modal over the board,
 * /main/requests/:requestId), as linked from reminder emails and calendar events.
 */
export const requestPageUrl = (appUrl: string, requestId: string): string =>
  `${appUrl}/main/requests/${encodeURIComponent(requestId)}`;
