/*
 * The product's one money format (issue 33): every amount a person reads (cards, column totals,
 * the pipeline, Inicio, the history, the import review) goes through formatMoney, and the amount
 * field shows and reads the same digits with formatNumber/parseAmount. es-CL, whole units, the
 * thousands grouped by dots from 1.000 up ("$4.500.000"); no other money formatter in the web app.
 */

/** One formatter per currency: building an Intl.NumberFormat is the slow part. */
const formats = new Map<string, Intl.NumberFormat>();

const DIGITS = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 0 });

/**
 * An amount in the installation's currency as people read it in Chile: "$12.340.000", whole
 * units only. While the currency is not known yet (the settings still loading), its digits alone.
 */
export function formatMoney(amount: number, currency: string | undefined): string {
  if (!currency) return formatNumber(amount);
  let format = formats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('es-CL', {
      style: 'currency',
      currency,
      maximumFractionDigits: 0,
    });
    formats.set(currency, format);
  }
  return format.format(amount);
}

/**
 * A whole number grouped by dots as people read it in Chile, from 1.000 up: an amount without its
 * currency ("4.500.000", the amount field) and the board's counts ("1.500", not es-ES's "1500").
 */
export const formatNumber = (amount: number): string => DIGITS.format(amount);

/** Digits, with dots or spaces between them: "1.500.000", "1500000", "1 500 000". */
const GROUPED_DIGITS = /^\d[\d. ]*$/;

/**
 * An amount as typed: empty is none (null); digits after an optional "$", the dots and spaces
 * between them read as thousands separators (es-CL writes no decimal point: "4.5000", met while
 * typing, is 45000), a number: "$ 1.500.000" is 1500000; anything else (a comma, a sign, a
 * letter) NaN, which the shared rules refuse with their message under the field.
 */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const amount = trimmed.replace(/^\$\s*/, '');
  return GROUPED_DIGITS.test(amount) ? Number(amount.replace(/[. ]/g, '')) : Number.NaN;
}
