/** One formatter per currency: building an Intl.NumberFormat is the slow part. */
const formats = new Map<string, Intl.NumberFormat>();

/**
 * An amount in the installation's currency (issue 21's "Monto estimado", column totals, the
 * pipeline), as people read it in Chile: "$12.340.000", whole units only.
 */
export function formatMoney(amount: number, currency: string): string {
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
