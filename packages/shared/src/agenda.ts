import { z } from 'zod';
import { activitySchema, type Activity } from './activity.js';
import { dayIn, zonedDueAt } from './format.js';
import { BOARD_CURSOR_PATTERN, keysetCursorSchema } from './board.js';
import { objectIdOption, unknownParameter } from './fields.js';
import { API_MESSAGES } from './messages.js';
import { requestSchema } from './request.js';

/*
 * The agenda (issue 20): one owner's open activities in one due range, nearest first, paged with
 * a keyset cursor like the board's columns; and the bell: the count of their overdue and
 * today's. Ranges are read in APP_TIME_ZONE for now (a zone per user comes with the user's
 * settings).
 */

/** `due=`: the agenda's ranges, in the order the screen lists them. */
export const AGENDA_BUCKETS = ['overdue', 'today', 'week', 'later'] as const;
export type AgendaBucket = (typeof AGENDA_BUCKETS)[number];

/** The caller's own agenda. */
export const AGENDA_OWNER_ME = 'me';

export const AGENDA_PAGE_SIZE = 50;
export const AGENDA_MAX_PAGE_SIZE = 200;

/** How often the header's bell asks again (the "≤ 60 s"). */
export const AGENDA_BELL_POLL_MS = 60_000;

/** Where a page ended: the last activity's due instant and id (both ascending). */
export type AgendaCursor = { dueAt: string; _id: string };

/** `<dueAt in ms since 1970>-<activity id>`: the board cursor's form, so the same pattern. */
export const encodeAgendaCursor = (position: Pick<Activity, 'dueAt' | '_id'>): string =>
  `${Date.parse(position.dueAt)}-${position._id.toLowerCase()}`;

export function decodeAgendaCursor(cursor: string): AgendaCursor | null {
  const [, ms, id] = BOARD_CURSOR_PATTERN.exec(cursor) ?? [];
  if (ms === undefined || id === undefined) return null;
  return { dueAt: new Date(Number(ms)).toISOString(), _id: id };
}

/** A user id or "me". */
const ownerSchema = z
  .union([objectIdOption(API_MESSAGES.invalidOwnerFilter), z.literal(AGENDA_OWNER_ME)], {
    error: API_MESSAGES.invalidOwnerFilter,
  })
  .default(AGENDA_OWNER_ME);

/** GET /api/activities/agenda?owner&due&cursor&limit */
export const agendaQuerySchema = z.strictObject(
  {
    /** A user id or "me" (the default). Any signed-in role may read anyone's agenda. */
    owner: ownerSchema,
    due: z.enum(AGENDA_BUCKETS),
    /** Opaque; the previous page's `nextCursor`. */
    cursor: keysetCursorSchema(decodeAgendaCursor).optional(),
    limit: z.coerce.number().int().min(1).max(AGENDA_MAX_PAGE_SIZE).default(AGENDA_PAGE_SIZE),
  },
  { error: unknownParameter },
);
export type AgendaQuery = z.input<typeof agendaQuerySchema>;

/** GET /api/activities/due-count?owner */
export const dueCountQuerySchema = z.strictObject(
  { owner: ownerSchema },
  { error: unknownParameter },
);
export type DueCountQuery = z.input<typeof dueCountQuerySchema>;

/** What an agenda row shows of its request, and opens it by. */
export const agendaRequestSchema = requestSchema.pick({
  _id: true,
  name: true,
  company: true,
  status: true,
  requestNumber: true,
});
export type AgendaRequest = z.infer<typeof agendaRequestSchema>;

export const agendaItemSchema = z.object({
  activity: activitySchema,
  request: agendaRequestSchema,
});
export type AgendaItem = z.infer<typeof agendaItemSchema>;

/** One page of a range, nearest due first (then by activity id). */
export const agendaPageSchema = z.object({
  items: z.array(agendaItemSchema),
  nextCursor: z.string().nullable(),
});
export type AgendaPage = z.infer<typeof agendaPageSchema>;

/**
 * The bell: overdue plus today's open activities, the owner's requests with unread customer mail
 * (issue 35: `unreadEmails` > 0, the owner their executive), and when to ask again.
 */
export const dueCountSchema = z.object({
  count: z.number().int().nonnegative(),
  unreadMail: z.number().int().nonnegative(),
  pollAfterMs: z.number().int().positive(),
});
export type DueCount = z.infer<typeof dueCountSchema>;

/** The agenda's "Correos sin leer" lists at most this many requests, then "y N más". */
export const UNREAD_MAIL_LIST_LIMIT = 50;

/** GET /api/activities/unread-mail?owner */
export const unreadMailQuerySchema = z.strictObject(
  { owner: ownerSchema },
  { error: unknownParameter },
);
export type UnreadMailQuery = z.input<typeof unreadMailQuerySchema>;

/** A request with unread customer mail, as the agenda lists it (and opens it by). */
export const unreadMailRequestSchema = agendaRequestSchema.extend({
  unreadEmails: z.number().int().positive(),
});
export type UnreadMailRequest = z.infer<typeof unreadMailRequestSchema>;

/**
 * The owner's requests with unread customer mail: the most unread first, then the newest
 * request; at most UNREAD_MAIL_LIST_LIMIT, `total` counting them all (the bell's `unreadMail`).
 */
export const unreadMailListSchema = z.object({
  items: z.array(unreadMailRequestSchema),
  total: z.number().int().nonnegative(),
});
export type UnreadMailList = z.infer<typeof unreadMailListSchema>;

// The ranges. A timed activity is due at its instant: overdue from it on. A date-only one is due
// on its calendar day (`dueDate`) as whoever looks at it counts days: "today" all that day in
// their zone and overdue from their next day (issue 32). Its `dueAt` (its day's start in the zone
// of whoever planned it) can't say that to a viewer in another zone: a day that starts earlier in
// the planner's zone made it overdue on its own day for a viewer behind them.

/** The day `days` after (or before, when negative) a `YYYY-MM-DD` day. */
export function plusDays(day: string, days: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  // Days come from the clock, 1900 onwards: Date.UTC's 0-99 quirk never applies.
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/**
 * The instants and days that bound the ranges at `now` in the viewer's zone: today's start,
 * tomorrow's start (today's end) and the start of the 8th day (the end of "the next 7 days"),
 * each the day's real start in the zone (a DST day is 23 or 25 hours long; Santiago's spring day
 * starts at 01:00), and the same three as calendar days for the date-only activities.
 */
export function agendaBounds(now: Date, timeZone: string) {
  const today = dayIn(now, timeZone);
  const tomorrow = plusDays(today, 1);
  const weekEndDay = plusDays(today, 8);
  return {
    now,
    today,
    tomorrow,
    weekEndDay,
    todayStart: zonedDueAt(today, null, timeZone),
    tomorrowStart: zonedDueAt(tomorrow, null, timeZone),
    weekEnd: zonedDueAt(weekEndDay, null, timeZone),
  };
}
export type AgendaBounds = ReturnType<typeof agendaBounds>;

/**
 * What one or more consecutive ranges hold: timed activities with `from ≤ dueAt < before`,
 * date-only ones with `from ≤ dueDate < before` (days as `YYYY-MM-DD`, which sort as text);
 * either side open.
 */
export type DueRange = {
  timed: { from?: Date; before?: Date };
  dateOnly: { from?: string; before?: string };
};

function dueRangeOf(due: AgendaBucket, bounds: AgendaBounds): DueRange {
  switch (due) {
    case 'overdue':
      return { timed: { before: bounds.now }, dateOnly: { before: bounds.today } };
    case 'today':
      return {
        timed: { from: bounds.now, before: bounds.tomorrowStart },
        dateOnly: { from: bounds.today, before: bounds.tomorrow },
      };
    case 'week':
      return {
        timed: { from: bounds.tomorrowStart, before: bounds.weekEnd },
        dateOnly: { from: bounds.tomorrow, before: bounds.weekEndDay },
      };
    case 'later':
      return { timed: { from: bounds.weekEnd }, dateOnly: { from: bounds.weekEndDay } };
  }
}

/**
 * The ranges `first` to `last` together, at `bounds.now`: one of them (`dueRange('today')`),
 * or consecutive ones (the bell's overdue and today, the board's "this week" from today).
 */
export function dueRange(
  first: AgendaBucket,
  bounds: AgendaBounds,
  last: AgendaBucket = first,
): DueRange {
  const start = dueRangeOf(first, bounds);
  const end = dueRangeOf(last, bounds);
  return {
    timed: { from: start.timed.from, before: end.timed.before },
    dateOnly: { from: start.dateOnly.from, before: end.dateOnly.before },
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;
const dayStartUtc = (day: string) => Date.parse(`${day}T00:00:00.000Z`);

/**
 * The `dueAt` instants a range's activities can have, timed and date-only together: what an
 * index on `dueAt` is read over before `dueDate` settles the date-only ones. A date-only
 * activity's `dueAt` is its day's start in some zone, less than a day from that day's UTC
 * midnight (offsets run from UTC-12 to UTC+14), so its days widen the range by a day at most.
 */
export function dueAtEnvelope({ timed, dateOnly }: DueRange): { from?: Date; before?: Date } {
  const from =
    timed.from && dateOnly.from
      ? new Date(Math.min(timed.from.getTime(), dayStartUtc(dateOnly.from) - DAY_MS))
      : undefined;
  const before =
    timed.before && dateOnly.before
      ? new Date(Math.max(timed.before.getTime(), dayStartUtc(dateOnly.before)))
      : undefined;
  return { ...(from && { from }), ...(before && { before }) };
}

const within = <T extends string | number>(value: T, from?: T, before?: T) =>
  (from === undefined || value >= from) && (before === undefined || value < before);

/** Whether an activity is in a range: by its day when it has no time, else by its instant. */
export function isInDueRange(
  activity: Pick<Activity, 'dueAt' | 'dueDate' | 'dueTime'>,
  { timed, dateOnly }: DueRange,
): boolean {
  if (activity.dueTime === null) return within(activity.dueDate, dateOnly.from, dateOnly.before);
  return within(Date.parse(activity.dueAt), timed.from?.getTime(), timed.before?.getTime());
}

/** The range an open activity is in at `bounds.now`. */
export function agendaBucketOf(
  activity: Pick<Activity, 'dueAt' | 'dueDate' | 'dueTime'>,
  bounds: AgendaBounds,
): AgendaBucket {
  return AGENDA_BUCKETS.find((due) => isInDueRange(activity, dueRangeOf(due, bounds))) ?? 'later';
}

/** The agenda's order: due instant, then activity id. */
export const compareAgendaItems = (a: AgendaItem, b: AgendaItem): number =>
  Date.parse(a.activity.dueAt) - Date.parse(b.activity.dueAt) ||
  (a.activity._id < b.activity._id ? -1 : a.activity._id > b.activity._id ? 1 : 0);
