// Inicio's figures as people read them in Chile (es-CL): "1.234", "2,3", "50 %", "1–30 de
// noviembre de 2026". Money goes through lib/money.ts, as on the board.

const COUNT = new Intl.NumberFormat('es-CL');
const DAYS = new Intl.NumberFormat('es-CL', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const SHARE = new Intl.NumberFormat('es-CL', { style: 'percent', maximumFractionDigits: 0 });
const CHANGE = new Intl.NumberFormat('es-CL', { signDisplay: 'exceptZero' });
const PERCENT_CHANGE = new Intl.NumberFormat('es-CL', {
  style: 'percent',
  signDisplay: 'exceptZero',
  maximumFractionDigits: 0,
});
// Days are calendar days: read at UTC midnight in UTC, they never shift with the viewer's zone.
const LONG_DAY = new Intl.DateTimeFormat('es-CL', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const SHORT_DAY = new Intl.DateTimeFormat('es-CL', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** Shown where a figure has no value (no stay ended, nothing to compare with). */
export const NO_VALUE = '—';

const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);

export const formatCount = (count: number) => COUNT.format(count);

/** Days with one decimal ("2,3"), or "—" when there is no figure. */
export const formatDays = (days: number | null) => (days === null ? NO_VALUE : DAYS.format(days));

/** `part` as a share of `whole` ("50 %"), or "—" when the whole is 0. */
export const formatShare = (part: number, whole: number) =>
  whole === 0 ? NO_VALUE : SHARE.format(part / whole);

/** The change of a count against the previous period: "+3", "-2", "0". */
export const formatChange = (now: number, before: number) => CHANGE.format(now - before);

/** The change of an amount against the previous period in percent ("-12 %"); "—" from 0. */
export const formatPercentChange = (now: number, before: number) =>
  before === 0 ? NO_VALUE : PERCENT_CHANGE.format((now - before) / before);

/** A run of days: "1–30 de noviembre de 2026", "29 de diciembre de 2025 – 4 de enero de 2026". */
export const formatDayRange = (from: string, to: string) =>
  from === to ? LONG_DAY.format(dateOf(from)) : LONG_DAY.formatRange(dateOf(from), dateOf(to));

/** A week by its Monday, on the chart's axis: "2 nov". */
export const formatShortDay = (day: string) => SHORT_DAY.format(dateOf(day));

/** A week by its Monday, in the table: "2 de noviembre de 2026". */
export const formatLongDay = (day: string) => LONG_DAY.format(dateOf(day));
