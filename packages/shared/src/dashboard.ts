import { z } from 'zod';
import { DUE_DATE_PATTERN } from './activity.js';
import { dayIn, zonedDueAt } from './format.js';
import { plusDays } from './agenda.js';
import { REQUEST_STATUSES } from './constants.js';
import { objectIdOption, unknownParameter } from './fields.js';
import { API_MESSAGES } from './messages.js';
import { OPEN_STATUSES } from './settings.js';

/*
 * Inicio (issue 22): the pipeline's figures for a period and an executive, computed by the
 * database. Periods are calendar days in the caller's time zone (their own, else APP_TIME_ZONE);
 * weeks start on Monday. One call answers every panel but "Para hoy", which is the agenda's.
 */

/** `period=`: the selector's choices, in its order. */
export const DASHBOARD_PERIODS = ['week', 'month', 'last30', 'quarter', 'custom'] as const;
export type DashboardPeriodName = (typeof DASHBOARD_PERIODS)[number];
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriodName = 'month';

/** The longest custom period: two years, a leap day included. */
export const DASHBOARD_MAX_DAYS = 731;
/** "Nuevas solicitudes por semana": this week and the 11 before it. */
export const DASHBOARD_WEEKS = 12;

/** `vendor=all`: the whole team (a system admin's default); `me`: the caller (everyone else's). */
export const DASHBOARD_VENDOR_ALL = 'all';
export const DASHBOARD_VENDOR_ME = 'me';

const periodDaySchema = z
  .string({ error: API_MESSAGES.invalidPeriodDay })
  .max(10, { message: API_MESSAGES.invalidPeriodDay, abort: true })
  .regex(DUE_DATE_PATTERN, API_MESSAGES.invalidPeriodDay)
  .meta({ format: 'date' });

/** Whole days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** GET /api/dashboard?period&from&to&vendor */
export const dashboardQuerySchema = z
  .strictObject(
    {
      period: z
        .enum(DASHBOARD_PERIODS, { error: API_MESSAGES.invalidPeriod })
        .default(DEFAULT_DASHBOARD_PERIOD),
      /** First and last day of a custom period (`period=custom` only), `YYYY-MM-DD`. */
      from: periodDaySchema.optional(),
      to: periodDaySchema.optional(),
      /**
       * A user id, `me` or `all`. Absent: `all` for a system admin, `me` for everyone else. Only a
       * system admin may ask for someone else or the whole team (403).
       */
      vendor: z
        .union(
          [
            objectIdOption(API_MESSAGES.invalidDashboardVendor),
            z.literal(DASHBOARD_VENDOR_ME),
            z.literal(DASHBOARD_VENDOR_ALL),
          ],
          { error: API_MESSAGES.invalidDashboardVendor },
        )
        .optional(),
    },
    { error: unknownParameter },
  )
  .superRefine((query, ctx) => {
    if (query.period === 'custom') {
      for (const key of ['from', 'to'] as const) {
        if (query[key] === undefined) {
          ctx.addIssue({ code: 'custom', path: [key], message: API_MESSAGES.periodDatesRequired });
        }
      }
    } else {
      for (const key of ['from', 'to'] as const) {
        if (query[key] !== undefined) {
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: API_MESSAGES.periodDatesOnlyCustom,
          });
        }
      }
    }
    if (query.from === undefined || query.to === undefined) return;
    // Only two real days are compared: a malformed one has its own error, and no other.
    if (!DUE_DATE_PATTERN.test(query.from) || !DUE_DATE_PATTERN.test(query.to)) return;
    if (query.to < query.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: API_MESSAGES.periodEndBeforeStart });
    } else if (daysBetween(query.from, query.to) > DASHBOARD_MAX_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: API_MESSAGES.periodTooLong(DASHBOARD_MAX_DAYS),
      });
    }
  });
export type DashboardQuery = z.input<typeof dashboardQuerySchema>;
export type ParsedDashboardQuery = z.output<typeof dashboardQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Periods

/** A period as days, both ends included, and the one it is compared with. */
export type PeriodDays = { from: string; to: string; previousFrom: string; previousTo: string };

const weekdayFromMonday = (day: string): number =>
  (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;

/** The Monday of a day's week. */
export const mondayOf = (day: string): string => plusDays(day, -weekdayFromMonday(day));

/** The first day of the month `months` after (or before) a day's month. */
function monthStart(day: string, months: number): string {
  const [year = 0, month = 1] = day.split('-').map(Number);
  const date = new Date(Date.UTC(2000, 0, 1));
  date.setUTCFullYear(year, month - 1 + months, 1);
  return date.toISOString().slice(0, 10);
}

/**
 * The days of a period at `now` in a zone. Week, month and quarter are the calendar ones that
 * hold today (the whole of it, days to come included), compared with the one before (last month
 * for "Este mes", whatever its length); "Últimos 30 días" ends today; a custom period is compared
 * with as many days right before it.
 */
export function periodDays(
  query: Pick<ParsedDashboardQuery, 'period' | 'from' | 'to'>,
  now: Date,
  timeZone: string,
): PeriodDays {
  const today = dayIn(now, timeZone);
  const shifted = (from: string, to: string): PeriodDays => {
    const length = daysBetween(from, to);
    return { from, to, previousFrom: plusDays(from, -length), previousTo: plusDays(from, -1) };
  };
  switch (query.period) {
    case 'week': {
      const monday = mondayOf(today);
      return shifted(monday, plusDays(monday, 6));
    }
    case 'month':
    case 'quarter': {
      const months = query.period === 'month' ? 1 : 3;
      const [, month = 1] = today.split('-').map(Number);
      const from = monthStart(today, -((month - 1) % months));
      const previousFrom = monthStart(from, -months);
      return {
        from,
        to: plusDays(monthStart(from, months), -1),
        previousFrom,
        previousTo: plusDays(from, -1),
      };
    }
    case 'last30':
      return shifted(plusDays(today, -29), today);
    case 'custom':
      return shifted(query.from ?? today, query.to ?? today);
  }
}

/** The instants a run of days spans in a zone: from its first day's start to the next day's. */
export function instantsOf(from: string, to: string, timeZone: string) {
  return {
    start: zonedDueAt(from, null, timeZone),
    end: zonedDueAt(plusDays(to, 1), null, timeZone),
  };
}

/** The Mondays of the weekly chart, oldest first: this week's and the 11 before. */
export function weekStarts(now: Date, timeZone: string, weeks = DASHBOARD_WEEKS): string[] {
  const monday = mondayOf(dayIn(now, timeZone));
  return Array.from({ length: weeks }, (_, i) => plusDays(monday, -7 * (weeks - 1 - i)));
}

// ---------------------------------------------------------------------------------------------
// Statistics

/** The median of ascending numbers: the middle one, or the mean of the two middle ones. */
export function medianOf(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The nearest-rank percentile of ascending numbers: the smallest one with `p` % at or below it. */
export function percentileOf(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? null;
}

/** Milliseconds as days with one decimal (2.25 days → 2.3). */
export const daysOf = (ms: number): number => Math.round((ms / 86_400_000) * 10) / 10;

// ---------------------------------------------------------------------------------------------
// The answer

const daySchema = z.string().regex(DUE_DATE_PATTERN).meta({ format: 'date' });
const countSchema = z.number().int().nonnegative();
const amountSchema = z.number().nonnegative();

export const dashboardSchema = z.object({
  /** The days counted, both ends included, and those compared with. */
  period: z.object({
    from: daySchema,
    to: daySchema,
    previousFrom: daySchema,
    previousTo: daySchema,
  }),
  /** Whose requests: a user id, or null for the whole team. */
  vendor: z.string().nullable(),
  /**
   * Embudo: of the requests created in the period, how many got at least as far as each stage
   * (from what they went through, not where they are now; skipping a stage passes it). The first
   * stage's figure is every request created.
   */
  funnel: z.array(z.object({ status: z.enum(REQUEST_STATUSES), reached: countSchema })),
  /** Nuevas solicitudes por semana: created per week (Monday on), from the landing form or not. */
  weekly: z.array(z.object({ weekStart: daySchema, website: countSchema, other: countSchema })),
  /**
   * Tiempo en cada etapa: of the stays in each open stage that ended in the period (the request
   * moved on), how many, and the median and 90th percentile (nearest rank) in days.
   */
  stageTimes: z.array(
    z.object({
      status: z.enum(OPEN_STATUSES),
      count: countSchema,
      medianDays: z.number().nonnegative().nullable(),
      p90Days: z.number().nonnegative().nullable(),
    }),
  ),
  /** Cerradas: requests in CERRADO that got there in the period, and in the previous one. */
  closed: z.object({
    count: countSchema,
    amount: amountSchema,
    previousCount: countSchema,
    previousAmount: amountSchema,
  }),
  /** Of the period's closed requests: won, lost, not said; the lost ones' reasons, most first. */
  outcomes: z.object({
    won: countSchema,
    lost: countSchema,
    none: countSchema,
    lostReasons: z.array(z.object({ reason: z.string(), count: countSchema })),
  }),
  /** The requests created in the period still open: their expected values, and weighted. */
  pipeline: z.object({ total: amountSchema, forecast: amountSchema }),
  /**
   * Equipo (a system admin's whole-team view; null otherwise): per executive (null: unassigned),
   * open and stale requests now, and those closed in the period with their amount paid.
   */
  team: z
    .array(
      z.object({
        vendor: z.object({ _id: z.string(), name: z.string() }).nullable(),
        open: countSchema,
        stale: countSchema,
        closed: countSchema,
        amount: amountSchema,
      }),
    )
    .nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export type DashboardTeamRow = NonNullable<Dashboard['team']>[number];
