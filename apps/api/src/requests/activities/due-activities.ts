import { Types } from 'mongoose';
import type { AgendaItem, RequestStatus } from '@crm/shared';
import type { AppContext } from '../../context.js';
import { supportsElemMatchOnDocuments } from '../../db/server-features.js';
import { toActivityJson, type StoredActivity } from './activities.service.js';

/*
 * Open activities due in some windows of time, whoever owns them, in one read (issue 32): the
 * reminders' run asks once for everyone's next minutes (and, in the run where users' 08:00 comes,
 * for those users' days), then groups by owner in memory, so its cost follows the activities due
 * rather than the number of users. Each window is one range of a multikey index the model
 * declares: everyone's on { activities.done, activities.dueAt }, some owners' on
 * { activities.ownerId, activities.done, activities.dueAt } (one range per owner). As in
 * agenda.service.ts, `$elemMatch` binds a window's conditions to one activity on MongoDB; FerretDB
 * 1.x refuses it (its dotted conditions may hold for different activities of a request).
 *
 * A find, not the agenda's $unwind pipeline: the requests come with their name, status and number,
 * so no second read for them (on FerretDB 1.x, whose $unwind drops those fields, that read by
 * `_id: { $in }` is a second scan of the collection); the matching activities are picked here.
 */

/** `from ≤ dueAt < before` (either side open), of `owners` only when given. */
export type DueWindow = { owners?: readonly string[]; from?: Date; before?: Date };

type Filter = Record<string, unknown>;

/** A window's conditions on one activity, unprefixed (`$elemMatch`) or under `prefix`. */
function windowConditions({ owners, from, before }: DueWindow, prefix = ''): Filter {
  const due = { ...(from && { $gte: from }), ...(before && { $lt: before }) };
  return {
    ...(owners && { [`${prefix}ownerId`]: { $in: owners.map((id) => new Types.ObjectId(id)) } }),
    [`${prefix}done`]: false,
    ...(Object.keys(due).length > 0 && { [`${prefix}dueAt`]: due }),
  };
}

/** The requests holding an activity in one of the windows: each window one index range. */
function dueWindowsMatch(windows: readonly DueWindow[], elemMatch = true): Filter {
  const each = windows.map((window) =>
    elemMatch
      ? { activities: { $elemMatch: windowConditions(window) } }
      : windowConditions(window, 'activities.'),
  );
  return each.length === 1 ? each[0]! : { $or: each };
}

type DueRequest = {
  _id: Types.ObjectId;
  name: string;
  company?: string;
  status: RequestStatus;
  requestNumber?: number | null;
  activities?: StoredActivity[];
};

/** The read, unrun (index-bound.test.ts checks each window's range; bench/reminders.ts times it). */
export function dueActivitiesQuery(
  ctx: AppContext,
  windows: readonly DueWindow[],
  elemMatch = true,
) {
  return ctx.models.Request.find(
    dueWindowsMatch(windows, elemMatch),
    'name company status requestNumber activities',
  ).lean<DueRequest[]>();
}

/** Whether an activity is in a window (the read's conditions), and has an owner. */
function inWindow({ owners, from, before }: DueWindow) {
  const ownerIds = owners && new Set(owners);
  return (activity: StoredActivity): boolean => {
    const due = activity.dueAt.getTime();
    return (
      !activity.done &&
      // Released activities (their owner deleted) remind no one.
      activity.ownerId !== null &&
      (!ownerIds || ownerIds.has(activity.ownerId.toHexString())) &&
      (!from || due >= from.getTime()) &&
      (!before || due < before.getTime())
    );
  };
}

/** The open activities in any of `windows`, unordered, each once, with their requests. */
export async function openActivitiesDueIn(
  ctx: AppContext,
  windows: readonly DueWindow[],
): Promise<AgendaItem[]> {
  if (windows.length === 0) return [];
  const elemMatch = await supportsElemMatchOnDocuments(ctx.connection);
  const tests = windows.map(inWindow);
  const due: AgendaItem[] = [];
  // A cursor: only the matching activities are kept, not the requests' whole lists.
  for await (const doc of dueActivitiesQuery(ctx, windows, elemMatch).cursor()) {
    const matching = (doc.activities ?? []).filter((activity) =>
      tests.some((test) => test(activity)),
    );
    if (matching.length === 0) continue;
    const request = {
      _id: doc._id.toHexString(),
      name: doc.name,
      company: doc.company ?? '',
      status: doc.status,
      requestNumber: doc.requestNumber ?? null,
    };
    for (const activity of matching) due.push({ activity: toActivityJson(activity), request });
  }
  return due;
}
