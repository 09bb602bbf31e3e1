import type { DashboardTeamRows, DashboardVendorId, StaleDays } from '@crm/shared';
import type { AppContext } from '../context.js';
import type { GroupTotal } from '../db/group-totals.js';
import {
  openByVendorQuery,
  staleByVendorQuery,
  staleFilter,
  type VendorId,
} from '../requests/index.js';

/*
 * "Equipo" (issue 22, a system admin's whole-team view): per executive, open and stale requests
 * now, and those closed in the period with their amount paid. A fixed number of reads whatever the
 * team's size: one $group by vendor each for open and stale (the closed ones come grouped by
 * vendor with "Cerradas"), read by requests/figures/figures.ts, and the users. Per-user counts would be covered
 * index counts on MongoDB, but their number grows with the team, and on FerretDB 1.x (which
 * scans) each one costs a pass over the collection; the open group reads the open requests'
 * documents, as the board's counts do on every load. Who is listed and in what order is
 * dashboardFigures' (packages/shared/src/dashboard-figures.ts).
 */

const idOf = (vendor: VendorId): DashboardVendorId => (vendor ? String(vendor) : null);

/** The team's rows, as dashboardFigures reads them. */
export async function teamRowsOf(
  ctx: AppContext,
  staleDays: StaleDays,
  now: Date,
  closed: Promise<GroupTotal<VendorId>[]>,
): Promise<DashboardTeamRows> {
  const stale = staleFilter(staleDays, now);
  const [open, staleCounts, closedGroups, users] = await Promise.all([
    openByVendorQuery(ctx),
    stale ? staleByVendorQuery(ctx, stale) : Promise.resolve([]),
    closed,
    ctx.users.all(),
  ]);
  const byVendor = ({ _id, count }: { _id: VendorId; count: number }) => ({
    vendor: idOf(_id),
    count,
  });
  return {
    users,
    open: open.map(byVendor),
    stale: staleCounts.map(byVendor),
    closed: closedGroups.map((group) => ({ ...byVendor(group), total: group.total })),
  };
}
