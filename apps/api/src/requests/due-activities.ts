import { Types, type PipelineStage } from 'mongoose';
import type { Activity, AgendaItem } from '@crm/shared';
import type { AppContext } from '../context.js';
import { supportsElemMatchOnDocuments } from '../db/server-features.js';
import { toActivityJson, type StoredActivity } from './activities.service.js';
import { requestSummaries } from './agenda.service.js';

/*
 * Open activities due in some windows of time, whoever owns them, in one read (issue 32): the
 * reminders' run asks once for everyone's next minutes (and, in the run where users' 08:00 comes,
 * for those users' days), then groups by owner in memory, so its cost follows the activities due
 * rather than the number of users. Each window is one range of a multikey index the model
 * declares: everyone's on { activities.done, activities.dueAt }, some owners' on { activities.
 * ownerId, activities.done, activities.dueAt } (one range per owner). As in agenda.service.ts,
 * `$elemMatch` binds a window's conditions to one activity on MongoDB; FerretDB 1.x refuses it, and
 * the stage after `$unwind` picks exactly the matching activities either way.
 */

/** `from ≤ dueAt < before` (either side open), of `owners` only when given. */
export type DueWindow = { owners?: readonly string[]; from?: Date; before?: Date };

/** An open activity with an owner, and the id of the request holding it. */
export type DueActivity = { requestId: Types.ObjectId; activity: Activity };

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

const either = (filters: Filter[]): Filter =>
  filters.length === 1 ? filters[0]! : { $or: filters };

/** The requests holding an activity in one of the windows: each window one index range. */
export function dueWindowsMatch(windows: readonly DueWindow[], elemMatch = true): Filter {
  return either(
    windows.map((window) =>
      elemMatch
        ? { activities: { $elemMatch: windowConditions(window) } }
        : windowConditions(window, 'activities.'),
    ),
  );
}

/** The read, unrun (index-bound.test.ts checks each window's range). */
export function dueActivitiesQuery(
  ctx: AppContext,
  windows: readonly DueWindow[],
  elemMatch = true,
) {
  const pipeline: PipelineStage[] = [
    { $match: dueWindowsMatch(windows, elemMatch) },
    { $project: { activities: 1 } },
    { $unwind: '$activities' },
    {
      $match: {
        $and: [
          // Released activities (their owner deleted) remind no one.
          { 'activities.ownerId': { $ne: null } },
          either(windows.map((window) => windowConditions(window, 'activities.'))),
        ],
      },
    },
  ];
  return ctx.models.Request.aggregate<{ _id: Types.ObjectId; activities: StoredActivity }>(
    pipeline,
  );
}

/** The open activities in any of `windows`, unordered, each once. */
export async function openActivitiesDueIn(
  ctx: AppContext,
  windows: readonly DueWindow[],
): Promise<DueActivity[]> {
  if (windows.length === 0) return [];
  const elemMatch = await supportsElemMatchOnDocuments(ctx.connection);
  const rows = await dueActivitiesQuery(ctx, windows, elemMatch);
  return rows.map((row) => ({ requestId: row._id, activity: toActivityJson(row.activities) }));
}

/** What the activities show of their requests, one read; a request deleted meanwhile drops its. */
export async function withTheirRequests(
  ctx: AppContext,
  due: readonly DueActivity[],
): Promise<AgendaItem[]> {
  const summaries = await requestSummaries(
    ctx,
    due.map(({ requestId }) => ({ _id: requestId })),
  );
  return due.flatMap(({ requestId, activity }) => {
    const request = summaries.get(requestId.toHexString());
    return request ? [{ activity, request }] : [];
  });
}
