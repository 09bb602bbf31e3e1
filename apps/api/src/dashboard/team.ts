import { ADMIN_ROLE, type DashboardTeamRow, type Role, type StaleDays } from '@crm/shared';
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
 * vendor with "Cerradas", closings.ts), read by requests/figures.ts, and the users' names. Per-user counts would be covered
 * index counts on MongoDB, but their number grows with the team, and on FerretDB 1.x (which
 * scans) each one costs a pass over the collection; the open group reads the open requests'
 * documents, as the board's counts do on every load.
 */

/** Who appears with no request: the executives (vendors) and the system admins. */
const ALWAYS_LISTED = new Set<Role>(['vendor', ADMIN_ROLE]);

const byName = new Intl.Collator('es', { sensitivity: 'base' });

/**
 * The rows: every vendor and system admin, every other user with a request counted (a driver
 * may be assigned one), by name (then last name, as the users list); the unassigned last, when
 * they have any. A vendor id of no user (deleting a user unassigns its requests, so only a race
 * leaves one) has no name to show and is left out.
 */
export async function teamOf(
  ctx: AppContext,
  staleDays: StaleDays,
  now: Date,
  closed: Promise<GroupTotal<VendorId>[]>,
): Promise<DashboardTeamRow[]> {
  const stale = staleFilter(staleDays, now);
  const [open, staleCounts, closedGroups, users] = await Promise.all([
    openByVendorQuery(ctx),
    stale ? staleByVendorQuery(ctx, stale) : Promise.resolve([]),
    closed,
    ctx.users.all(),
  ]);
  const rows = new Map<string, Omit<DashboardTeamRow, 'vendor'>>();
  const rowOf = (vendor: VendorId) => {
    const key = String(vendor);
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { open: 0, stale: 0, closed: 0, amount: 0 }));
    return row;
  };
  for (const group of open) rowOf(group._id).open += group.count;
  for (const group of staleCounts) rowOf(group._id).stale += group.count;
  for (const group of closedGroups) {
    const row = rowOf(group._id);
    row.closed += group.count;
    row.amount += group.total;
  }
  const listed = users
    .filter((user) => ALWAYS_LISTED.has(user.role) || rows.has(user.id))
    .sort((a, b) => byName.compare(a.name, b.name) || byName.compare(a.lastName, b.lastName))
    .map((user) => ({
      vendor: { _id: user.id, name: `${user.name} ${user.lastName}` },
      ...(rows.get(user.id) ?? { open: 0, stale: 0, closed: 0, amount: 0 }),
    }));
  const unassigned = rows.get(String(null));
  return unassigned ? [...listed, { vendor: null, ...unassigned }] : listed;
}
