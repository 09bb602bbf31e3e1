import type { Activity } from './activity.js';
import { ACTIVITY_LABELS } from './constants.js';

/*
 * The product's one formatter (issue 34): every amount, number, date and time a person reads (the
 * board's cards and column totals, Inicio, the import review, the history, Perfil, the audit log,
 * the mails) is written here, in es-CL ("$1.500.000", "1.500", "2,3", "23/11/26 10:42"), and every
 * instant is read in a zone the caller names (the person's effective zone; never the runtime's by
 * accident). It is also the one place that reads an instant's wall clock in a zone. ESLint forbids
 * toLocale*String and new Intl.NumberFormat / Intl.DateTimeFormat anywhere else.
 */

const LOCALE = 'es-CL';

// Time zones: a due day and time are wall-clock values in a zone; `dueAt` is their instant.

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether the runtime knows an IANA time zone name ("America/Santiago"). */
export function isTimeZone(name: string): boolean {
  try {
    formatterFor(name);
    return true;
  } catch {
    return false;
  }
}

/** The runtime's own zone: APP_TIME_ZONE's default. */
export const systemTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Milliseconds since 1970 of a wall-clock time read as if it were UTC (any year from 1 on). */
function wallAsUtc(year: number, month: number, day: number, hour: number, minute: number) {
  const date = new Date(Date.UTC(2000, month - 1, day, hour, minute));
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime();
}

/** The wall-clock fields (year, month, day, hour, minute, second) of an instant in a zone. */
function wallClockAt(timeZone: string, instant: number): Record<string, number> {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts;
}

/**
 * The day and minute an instant shows in a zone, as a Date whose UTC fields are those: what a
 * spreadsheet's date cell holds (it has no zone; issue 24's export).
 */
export function wallClockOf(instant: Date, timeZone: string): Date {
  const {
    year = 0,
    month = 1,
    day = 1,
    hour = 0,
    minute = 0,
  } = wallClockAt(timeZone, instant.getTime());
  return new Date(wallAsUtc(year, month, day, hour, minute));
}

/** The calendar day (`YYYY-MM-DD`) an instant falls on in a zone. */
export function dayIn(instant: Date, timeZone: string): string {
  const { year = 0, month = 1, day = 1 } = wallClockAt(timeZone, instant.getTime());
  const twoDigits = (value: number) => String(value).padStart(2, '0');
  return `${year}-${twoDigits(month)}-${twoDigits(day)}`;
}

/** The zone's offset from UTC at an instant, in milliseconds (Santiago in winter: -4 h). */
function offsetAt(timeZone: string, instant: number): number {
  const parts = wallClockAt(timeZone, instant);
  const wall = wallAsUtc(
    parts.year ?? 0,
    parts.month ?? 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
  );
  const second = Math.floor(instant / 1000) * 1000;
  return wall + (parts.second ?? 0) * 1000 - second;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The instant of a wall-clock day and time in a zone, as Temporal's "compatible" rule has it: a
 * time that happens twice (clocks set back) is its first occurrence; one that never happens
 * (clocks set forward: in America/Santiago the spring day starts at 01:00) is moved forward by
 * the jump. Without a time, the start of the day. Each zone changes its offset at most once
 * within a day either side, which is what makes the two candidates enough.
 */
export function zonedDueAt(dueDate: string, dueTime: string | null, timeZone: string): Date {
  const [year = 0, month = 1, day = 1] = dueDate.split('-').map(Number);
  const [hour = 0, minute = 0] = (dueTime ?? '00:00').split(':').map(Number);
  const wall = wallAsUtc(year, month, day, hour, minute);
  const before = offsetAt(timeZone, wall - DAY_MS);
  const after = offsetAt(timeZone, wall + DAY_MS);
  const earlier = wall - before;
  const later = wall - after;
  const valid = [earlier, later].filter(
    (instant) => instant + offsetAt(timeZone, instant) === wall,
  );
  return new Date(valid.length ? Math.min(...valid) : earlier);
}

// Numbers and money ----------------------------------------------------------------------------

/** One formatter per currency: building an Intl.NumberFormat is the slow part. */
const moneyFormats = new Map<string, Intl.NumberFormat>();
const WHOLE = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const ONE_DECIMAL = new Intl.NumberFormat(LOCALE, {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});
const PERCENT = new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 0 });
const SIGNED = new Intl.NumberFormat(LOCALE, {
  signDisplay: 'exceptZero',
  maximumFractionDigits: 0,
});
const SIGNED_PERCENT = new Intl.NumberFormat(LOCALE, {
  style: 'percent',
  signDisplay: 'exceptZero',
  maximumFractionDigits: 0,
});

/**
 * A whole number grouped by dots as people read it in Chile, from 1.000 up: counts ("1.500", not
 * es-ES's "1500") and an amount without its currency ("4.500.000", the amount field).
 */
export const formatNumber = (value: number): string => WHOLE.format(value);

/**
 * An amount in the installation's currency: "$12.340.000", whole units only. While the currency
 * is not known yet (the settings still loading), its digits alone.
 */
export function formatMoney(amount: number, currency: string | undefined): string {
  if (!currency) return formatNumber(amount);
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, {
      style: 'currency',
      currency,
      maximumFractionDigits: 0,
    });
    moneyFormats.set(currency, format);
  }
  return format.format(amount);
}

/** Digits, with dots or spaces between them: "1.500.000", "1500000", "1 500 000". */
const GROUPED_DIGITS = /^\d[\d. ]*$/;

/**
 * An amount as typed (the amount field, the reverse of formatNumber): empty is none (null); digits
 * after an optional "$", the dots and spaces between them read as thousands separators (es-CL
 * writes no decimal point: "4.5000", met while typing, is 45000), a number: "$ 1.500.000" is
 * 1500000; anything else (a comma, a sign, a letter) NaN, which the shared rules refuse.
 */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const amount = trimmed.replace(/^\$\s*/, '');
  return GROUPED_DIGITS.test(amount) ? Number(amount.replace(/[. ]/g, '')) : Number.NaN;
}

/** Shown where a figure has no value (no stay ended, nothing to compare with). */
export const NO_VALUE = '—';

/** A number with one decimal ("2,3"), or "—" when there is none. */
export const formatDecimal = (value: number | null): string =>
  value === null ? NO_VALUE : ONE_DECIMAL.format(value);

/** A ratio as a whole percent: 0.5 is "50%". */
export const formatPercent = (ratio: number): string => PERCENT.format(ratio);

/** A change in whole units with its sign: "+3", "-2", "0". */
export const formatSignedNumber = (value: number): string => SIGNED.format(value);

/** A change as a whole percent with its sign: -0.12 is "-12%", 0 is "0%". */
export const formatSignedPercent = (ratio: number): string => SIGNED_PERCENT.format(ratio);

/** `part` as a share of `whole` ("50%"), or "—" when the whole is 0. */
export const formatShare = (part: number, whole: number): string =>
  whole === 0 ? NO_VALUE : formatPercent(part / whole);

/** The change from `before` to `now` in percent ("-12%"); "—" from 0. */
export const formatPercentChange = (now: number, before: number): string =>
  before === 0 ? NO_VALUE : formatSignedPercent((now - before) / before);

// Dates and times -------------------------------------------------------------------------------

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** The time of day an instant shows in a zone: "15:04". */
export function formatTime(date: Date, timeZone: string): string {
  const wall = wallClockOf(date, timeZone);
  return `${twoDigits(wall.getUTCHours())}:${twoDigits(wall.getUTCMinutes())}`;
}

/** The day an instant (ISO text) falls on in `timeZone`, as dd/mm/yy (the card's "Fecha:", §2, §9). */
export function formatShortDate(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const [year = '', mm = '', dd = ''] = dayIn(date, timeZone).split('-');
  return `${dd}/${mm}/${twoDigits(Number(year) % 100)}`;
}

/** When something happened, to the minute (history, notes, sessions): "23/11/26 10:42" in `timeZone`. */
export function formatDateTime(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${formatShortDate(iso, timeZone)} ${formatTime(date, timeZone)}`;
}

// Calendar days (`YYYY-MM-DD`: a due day, an event date, a dashboard's period) have no zone: read
// at UTC midnight in UTC, they never shift with the person's or the runtime's.
const calendarDay = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(LOCALE, { ...options, timeZone: 'UTC' });
const LONG_DAY = calendarDay({ day: 'numeric', month: 'long', year: 'numeric' });
const SHORT_DAY = calendarDay({ day: 'numeric', month: 'short' });
const SHORT_DAY_YEAR = calendarDay({ day: 'numeric', month: 'short', year: 'numeric' });
const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);

/** A calendar day as the product writes dates in full: "10/05/2026". */
export const formatDay = (day: string): string => day.split('-').reverse().join('/');

/** A day in short: "2 nov", or "3 ene 2027" `withYear` (without the "." or "de" some runtimes add). */
export const formatShortDay = (day: string, withYear = false): string =>
  (withYear ? SHORT_DAY_YEAR : SHORT_DAY)
    .format(dateOf(day))
    .replace(/\./g, '')
    .replace(/ de /g, ' ');

/** A day in words: "2 de noviembre de 2026". */
export const formatLongDay = (day: string): string => LONG_DAY.format(dateOf(day));

/** A run of days: "1–30 de noviembre de 2026", "29 de diciembre de 2025 – 4 de enero de 2026". */
export const formatDayRange = (from: string, to: string): string =>
  from === to ? formatLongDay(from) : LONG_DAY.formatRange(dateOf(from), dateOf(to));

/** `day` (`YYYY-MM-DD`) moved by `days`, as a calendar day (no clock, no DST). */
export function addDays(day: string, days: number): string {
  const date = dateOf(day);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

// An activity's due moment, relative to today --------------------------------------------------

/**
 * An activity's due day and time as read in `timeZone`: a timed activity planned in another zone
 * shows its instant there; a day without a time is a calendar day and stays as planned.
 */
export function dueIn(
  activity: Pick<Activity, 'dueDate' | 'dueTime' | 'dueAt'>,
  timeZone: string,
): Pick<Activity, 'dueDate' | 'dueTime'> {
  const { dueDate, dueTime, dueAt } = activity;
  const at = new Date(dueAt);
  if (!dueTime || Number.isNaN(at.getTime())) return { dueDate, dueTime };
  return { dueDate: dayIn(at, timeZone), dueTime: formatTime(at, timeZone) };
}

export type DueView = {
  /** "Hoy 15:00", "Mañana", "12 dic", "3 ene 2027". */
  text: string;
  /** Not done and past: for a day without a time, once that day is over. */
  overdue: boolean;
};

/**
 * How a due moment reads in `timeZone`, seen at `now` (today and tomorrow there too): the card,
 * the agenda, the Edit Request modal's "Actividades" and the reminder mails say it alike.
 */
export function formatDue(
  activity: Pick<Activity, 'dueDate' | 'dueTime' | 'dueAt' | 'done'>,
  timeZone: string,
  now = new Date(),
): DueView {
  const { dueAt, done } = activity;
  const { dueDate, dueTime } = dueIn(activity, timeZone);
  const today = dayIn(now, timeZone);
  let day: string;
  if (dueDate === today) day = ACTIVITY_LABELS.today;
  else if (dueDate === addDays(today, 1)) day = ACTIVITY_LABELS.tomorrow;
  else day = formatShortDay(dueDate, dueDate.slice(0, 4) !== today.slice(0, 4));
  const overdue = !done && (dueTime ? Date.parse(dueAt) < now.getTime() : dueDate < today);
  return { text: dueTime ? `${day} ${dueTime}` : day, overdue };
}
