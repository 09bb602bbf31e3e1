import { Types } from 'mongoose';
import {
  API_MESSAGES,
  diffNotes,
  type HistoryEntry,
  type HistoryField,
  type RequestHistory,
} from '@crm/shared';
import type { AppContext } from '../context.js';
import { notFound } from '../http/app-error.js';

/** A history entry as stored: who is an id; names are looked up when the history is read. */
export type StoredHistoryEntry = {
  at: Date;
  by: Types.ObjectId | null;
  field: HistoryField;
  from: string | null;
  to: string | null;
  /** On activity entries (issue 20): which activity, and its title at the time. */
  activityId?: Types.ObjectId;
  activityTitle?: string;
};

/**
 * One change made now by `userId`, ready to $push in the write that makes the change; an
 * activity's change also names the activity.
 */
export function historyEntry(
  userId: string | null,
  field: HistoryField,
  from: string | null,
  to: string | null,
  activity?: { _id: Types.ObjectId; title: string },
): StoredHistoryEntry {
  return {
    at: new Date(),
    by: userId ? new Types.ObjectId(userId) : null,
    field,
    from,
    to,
    ...(activity && { activityId: activity._id, activityTitle: activity.title }),
  };
}

/** The note entries of a whole-notes change (the §7 update): each note removed, then each added. */
export function notesDiff(
  userId: string,
  before: readonly string[],
  after: readonly string[],
): StoredHistoryEntry[] {
  const { removed, added } = diffNotes(before, after);
  return [
    ...removed.map((note) => historyEntry(userId, 'note', note, null)),
    ...added.map((note) => historyEntry(userId, 'note', null, note)),
  ];
}

/**
 * GET /api/form-contact/:id/history: newest first, each author's current name (null for the
 * website form or a deleted user). Reads only the history field, and the authors in one query.
 */
export async function getRequestHistory(ctx: AppContext, id: string): Promise<RequestHistory> {
  const found = await ctx.models.Request.findById(id, 'history').lean<{
    history?: StoredHistoryEntry[];
  }>();
  if (!found) throw notFound(API_MESSAGES.requestNotFound);
  const history = found.history ?? [];
  const authorIds = [
    ...new Set(history.flatMap((entry) => (entry.by ? [entry.by.toHexString()] : []))),
  ];
  const authors = await ctx.models.User.find(
    { _id: { $in: authorIds } },
    { name: 1, lastName: 1 },
  ).lean<{ _id: Types.ObjectId; name: string; lastName: string }[]>();
  const nameOf = new Map(authors.map((u) => [u._id.toHexString(), `${u.name} ${u.lastName}`]));
  const entries: HistoryEntry[] = history
    .map((entry) => {
      const by = entry.by ? entry.by.toHexString() : null;
      return {
        at: entry.at.toISOString(),
        by,
        byName: by ? (nameOf.get(by) ?? null) : null,
        field: entry.field,
        from: entry.from,
        to: entry.to,
        ...(entry.activityId && {
          activity: { _id: entry.activityId.toHexString(), title: entry.activityTitle ?? '' },
        }),
      };
    })
    .reverse();
  return { entries };
}
