import {
  ADMIN_ROLE,
  OPEN_STATUSES,
  type DashboardTeamRow,
  type Role,
  type StaleDays,
} from '@crm/shared';
import type { Types } from 'mongoose';
import type { AppContext } from '../context.js';
import type { GroupTotal } from '../db/group-totals.js';
import type { VendorId } from './closings.js';

/*
 * "Equipo" (issue 22, a system admin's whole-team view): per executive, open and stale requests
 * now, and those closed in the period with their amount paid. A fixed number of reads whatever the
 * team's size: one $group by vendor each for open and stale (the closed ones come grouped by
 * vendor with "Cerradas", closings.ts), and the users' names. Per-user counts would be covered
 * index counts on MongoDB, but their number grows with the team, and on FerretDB 1.x (which
 * scans) each one costs a pass over the collection; the open group reads the open requests'
 * documents, as the board's counts do on every load.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

type VendorCount = { _id: VendorId; count: number };

/** The open requests per executive: one range per open stage of { status, createdAt, _id }. */
export const openByVendorQuery = (ctx: AppContext) =>
  ctx.models.Request.aggregate<VendorCount>([
    { $match: { status: { $in: [...OPEN_STATUSES] } } },
    { $group: { _id: '$vendor', count: { $sum: 1 } } },
  ]);

/**
 * Stale now: open and in its stage longer than the stage's limit (staleDaysOf in
 * packages/shared/src/settings.ts: more than `limit` days since stageChangedAt). One range of
 * { status, stageChangedAt } per stage that has a limit; none when no stage has one.
 */
export function staleFilter(staleDays: StaleDays, now: Date): Record<string, unknown> | null {
  const stages = OPEN_STATUSES.flatMap((status) => {
    const limit = staleDays[status];
    if (limit === null) return [];
    return [{ status, stageChangedAt: { $lt: new Date(now.getTime() - limit * DAY_MS) } }];
  });
  return stages.length ? { $or: stages } : null;
}

export const staleByVendorQuery = (ctx: AppContext, filter: Record<string, unknown>) =>
  ctx.models.Request.aggregate<VendorCount>([
    { $match: filter },
    { $group: { _id: '$vendor', count: { $sum: 1 } } },
  ]);

type TeamUser = { _id: Types.ObjectId; name: string; lastName: string; role: Role };

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
    ctx.models.User.find({}, { name: 1, lastName: 1, role: 1 }).lean<TeamUser[]>(),
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
    .filter((user) => ALWAYS_LISTED.has(user.role) || rows.has(String(user._id)))
    .sort((a, b) => byName.compare(a.name, b.name) || byName.compare(a.lastName, b.lastName))
    .map((user) => ({
      vendor: { _id: user._id.toHexString(), name: `${user.name} ${user.lastName}` },
      ...(rows.get(String(user._id)) ?? { open: 0, stale: 0, closed: 0, amount: 0 }),
    }));
  const unassigned = rows.get(String(null));
  return unassigned ? [...listed, { vendor: null, ...unassigned }] : listed;
}
