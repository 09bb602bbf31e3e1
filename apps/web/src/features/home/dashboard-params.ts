import {
  dashboardQuerySchema,
  DEFAULT_DASHBOARD_PERIOD,
  type DashboardPeriodName,
  type DashboardQuery,
} from '@crm/shared';

/**
 * Inicio's period and executive in the URL (/main/home?period=custom&from=…&to=…&vendor=…), so
 * a reload, Back or a shared link shows the same figures. Parsed with the API's own schema; a
 * value it would refuse (a mistyped link) is dropped, not sent.
 */
export type DashboardParams = {
  period: DashboardPeriodName;
  from?: string;
  to?: string;
  /** A user id (or `me`/`all`); absent: the API's default (the team for an admin). */
  vendor?: string;
};

const present = (entries: Record<string, string | null>) =>
  Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== null));

export function readDashboardParams(params: URLSearchParams): DashboardParams {
  const period = dashboardQuerySchema.safeParse(
    present({ period: params.get('period'), from: params.get('from'), to: params.get('to') }),
  );
  const vendor = dashboardQuerySchema.safeParse(present({ vendor: params.get('vendor') }));
  return {
    ...(period.success
      ? { period: period.data.period, from: period.data.from, to: period.data.to }
      : { period: DEFAULT_DASHBOARD_PERIOD }),
    ...(vendor.success && vendor.data.vendor ? { vendor: vendor.data.vendor } : {}),
  };
}

/** The URL's search with a period (and, for a custom one, its days) in place of the current. */
export function writePeriod(
  params: URLSearchParams,
  period: DashboardPeriodName,
  days?: { from: string; to: string },
): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('period', period);
  next.delete('from');
  next.delete('to');
  if (period === 'custom' && days) {
    next.set('from', days.from);
    next.set('to', days.to);
  }
  return next;
}

/** The URL's search with another executive; empty: the whole team (the admin's default). */
export function writeVendor(params: URLSearchParams, vendor: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (vendor) next.set('vendor', vendor);
  else next.delete('vendor');
  return next;
}

/**
 * What is asked of the API: the URL's period, and its executive for a system admin only (anyone
 * else always sees their own figures: the API's default for them, and the one it allows).
 */
export function dashboardQueryOf(params: DashboardParams, isAdmin: boolean): DashboardQuery {
  const { period, from, to, vendor } = params;
  return {
    period,
    ...(from !== undefined && to !== undefined ? { from, to } : {}),
    ...(isAdmin && vendor ? { vendor } : {}),
  };
}

/** A custom period as typed: the API's rules (both days, in order, at most 2 years), or null. */
export function customPeriodOf(from: string, to: string): { from: string; to: string } | null {
  const parsed = dashboardQuerySchema.safeParse({ period: 'custom', from, to });
  return parsed.success && parsed.data.from && parsed.data.to
    ? { from: parsed.data.from, to: parsed.data.to }
    : null;
}
