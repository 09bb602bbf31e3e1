// Inicio's figures as people read them in Chile (es-CL): "1.234", "2,3", "50 %". Money goes
// through lib/money.ts and days through lib/format.ts, as on the board.

const COUNT = new Intl.NumberFormat('es-CL');
const DAYS = new Intl.NumberFormat('es-CL', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const SHARE = new Intl.NumberFormat('es-CL', { style: 'percent', maximumFractionDigits: 0 });
const CHANGE = new Intl.NumberFormat('es-CL', { signDisplay: 'exceptZero' });
const PERCENT_CHANGE = new Intl.NumberFormat('es-CL', {
  style: 'percent',
  signDisplay: 'exceptZero',
  maximumFractionDigits: 0,
});
/** Shown where a figure has no value (no stay ended, nothing to compare with). */
export const NO_VALUE = '—';

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
