import { z } from 'zod';
import { activitySchema, dayIn, zonedDueAt, type Activity } from './activity.js';
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

/** The bell: overdue plus today's open activities, and when to ask again. */
export const dueCountSchema = z.object({
  count: z.number().int().nonnegative(),
  pollAfterMs: z.number().int().positive(),
});
export type DueCount = z.infer<typeof dueCountSchema>;

// The ranges. A date-only activity's `dueAt` is its day's start (zonedDueAt), so it is "today"
// all that day and overdue from the next one; a timed one is overdue from its instant on.

/** The day `days` after (or before, when negative) a `YYYY-MM-DD` day. */
export function plusDays(day: string, days: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  // Days come from the clock, 1900 onwards: Date.UTC's 0-99 quirk never applies.
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/**
 * The instants that bound the ranges at `now`: today's start, tomorrow's start (today's end) and
 * the start of the 8th day (the end of "the next 7 days"), each the day's real start in the zone
 * (a DST day is 23 or 25 hours long; Santiago's spring day starts at 01:00), the same rule that
 * gives a date-only activity its `dueAt`, so no activity falls between two ranges or into two.
 */
export function agendaBounds(now: Date, timeZone: string) {
  const today = dayIn(now, timeZone);
  return {
    now,
    todayStart: zonedDueAt(today, null, timeZone),
    tomorrowStart: zonedDueAt(plusDays(today, 1), null, timeZone),
    weekEnd: zonedDueAt(plusDays(today, 8), null, timeZone),
  };
}
export type AgendaBounds = ReturnType<typeof agendaBounds>;

/** The range an open activity is in at `bounds.now`. */
export function agendaBucketOf(
  activity: Pick<Activity, 'dueAt' | 'dueTime'>,
  bounds: AgendaBounds,
): AgendaBucket {
  const due = Date.parse(activity.dueAt);
  if (due < bounds.todayStart.getTime()) return 'overdue';
  if (due < bounds.tomorrowStart.getTime()) {
    return activity.dueTime !== null && due < bounds.now.getTime() ? 'overdue' : 'today';
  }
  return due < bounds.weekEnd.getTime() ? 'week' : 'later';
}

/** The agenda's order: due instant, then activity id. */
export const compareAgendaItems = (a: AgendaItem, b: AgendaItem): number =>
  Date.parse(a.activity.dueAt) - Date.parse(b.activity.dueAt) ||
  (a.activity._id < b.activity._id ? -1 : a.activity._id > b.activity._id ? 1 : 0);
