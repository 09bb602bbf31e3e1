import { Types } from 'mongoose';
import {
  API_MESSAGES,
  diffNotes,
  HISTORY_EDITED_FIELDS,
  historyValueText,
  shortenHistoryText,
  type HistoryEntry,
  type HistoryField,
  type RequestHistory,
} from '@crm/shared';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/app-error.js';

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
 * One change made at `at` (the context's clock) by `userId`, ready to $push in the write that
 * makes the change; an activity's change also names the activity.
 */
export function historyEntry(
  at: Date,
  userId: string | null,
  field: HistoryField,
  from: string | null,
  to: string | null,
  activity?: { _id: Types.ObjectId; title: string },
): StoredHistoryEntry {
  return {
    at,
    by: userId ? new Types.ObjectId(userId) : null,
    field,
    from,
    to,
    ...(activity && { activityId: activity._id, activityTitle: activity.title }),
  };
}

/** A note change's entry: its texts, shortened when long (issue 25). */
export function noteEntry(
  at: Date,
  userId: string | null,
  from: string | null,
  to: string | null,
): StoredHistoryEntry {
  const short = (text: string | null) => (text === null ? null : shortenHistoryText(text));
  return historyEntry(at, userId, 'note', short(from), short(to));
}

/** The note entries of a whole-notes change (the §7 update): each note removed, then each added. */
export function notesDiff(
  at: Date,
  userId: string,
  before: readonly string[],
  after: readonly string[],
): StoredHistoryEntry[] {
  const { removed, added } = diffNotes(before, after);
  return [
    ...removed.map((note) => noteEntry(at, userId, note, null)),
    ...added.map((note) => noteEntry(at, userId, null, note)),
  ];
}

type EditedValue = string | number | boolean | Date | null | undefined;
type EditedValues = Partial<Record<(typeof HISTORY_EDITED_FIELDS)[number], EditedValue>>;

/** The event date as an instant's text, whichever offset it was sent in ("…-03:00" or "Z"). */
function valueText(field: string, value: EditedValue): string | null {
  if (field === 'eventDate' && typeof value === 'string') {
    return historyValueText(new Date(value));
  }
  return historyValueText(value);
}

/**
 * Issue 25: one entry for each of the request's own fields a save changes, `from` the stored
 * value and `to` the saved one (as text); none for a field saved as it was.
 */
export function editedFieldEntries(
  at: Date,
  userId: string,
  stored: EditedValues,
  saved: EditedValues,
): StoredHistoryEntry[] {
  return HISTORY_EDITED_FIELDS.flatMap((field) => {
    const from = valueText(field, stored[field]);
    const to = valueText(field, saved[field]);
    // None and empty read the same ("(vacío)"): a field stored before it had a default isn't
    // changed by a save that sends it empty.
    return (from ?? '') === (to ?? '') ? [] : [historyEntry(at, userId, field, from, to)];
  });
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
  const nameOf = await ctx.users.namesByIds(authorIds);
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
