import { instantsOf, plusDays, weekStarts, type DashboardRows } from '@crm/shared';
import type { AppContext } from '../context.js';
import { weekCounts, type Scope } from '../requests/index.js';

/*
 * Inicio's weekly rows from what requests/ reads of the requests (its figures.ts: the funnel's,
 * each week's, the stays' and the pipeline's reads, each one index range, grouped by the
 * database). The panels' arithmetic is dashboardFigures' (packages/shared/src/dashboard-figures.ts),
 * shared with the web tests' fake (issue 34).
 */

/** The 12 weeks (Monday on, in the caller's zone) up to this one: two counts each, in parallel. */
export async function weeksOf(
  ctx: AppContext,
  scope: Scope,
  now: Date,
  timeZone: string,
): Promise<DashboardRows['weeks']> {
  return Promise.all(
    weekStarts(now, timeZone).map(async (weekStart) => {
      const range = instantsOf(weekStart, plusDays(weekStart, 6), timeZone);
      return { weekStart, ...(await weekCounts(ctx, scope, range)) };
    }),
  );
}
