import { eventsOf, withEvents } from '../events/pending-events.js';
import { announce } from '../events/publish.js';
import { Types } from 'mongoose';
import {
  API_MESSAGES,
  FIELD_MESSAGES,
  MAX_ACTIVITIES_PER_REQUEST,
  compareActivities,
  dayIn,
  dueText,
  wallClockOf,
  zonedDueAt,
  type Activity,
  type ActivityList,
  type ActivityType,
  type ActivityVersionBody,
  type AddActivityBody,
  type ChangeActivityBody,
  type LogActivityBody,
} from '@crm/shared';
import type { AppContext } from '../../context.js';
import { CONFLICT, retryOnConflict } from '../../db/retry-on-conflict.js';
import { AppError, conflict, fieldError, notFound } from '../../http/app-error.js';
import type { Caller } from '../../auth/index.js';
import { historyEntry, type StoredHistoryEntry } from '../history/history.service.js';
import type { StoredNextActivity } from '../request.model.js';

/*
 * Activities on a request (issue 20). They live inside the request document, so a change and
 * its history entries are one single-document write (no transactions: FerretDB 1.x has none).
 * Each change reads the list, computes the new one, and writes it whole only while the
 * request's `activitiesVersion` is the one it read; otherwise another activity change came
 * first, and it reads again. No positional or arrayFilters update: FerretDB 1.x has neither.
 */

export type StoredActivity = {
  _id: Types.ObjectId;
  type: ActivityType;
  title: string;
  dueDate: string;
  dueTime: string | null;
  dueAt: Date;
  ownerId: Types.ObjectId | null;
  done: boolean;
  doneAt: Date | null;
  doneBy: Types.ObjectId | null;
  createdAt: Date;
  createdBy: Types.ObjectId | null;
  /** Issue 33: how a logged one went; absent: none given. */
  outcome?: string;
  version: number;
};

type ActivitiesDoc = {
  _id: Types.ObjectId;
  vendor: Types.ObjectId | null;
  activities?: StoredActivity[];
  activitiesVersion?: number;
};

/** What a change computes: the new list, its history entries (none: nothing to write), an answer. */
type ActivitiesChange<T> = {
  activities: StoredActivity[];
  entries: StoredHistoryEntry[];
  result: T;
};

const hex = (id: Types.ObjectId | null) => (id ? id.toHexString() : null);
const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toActivityJson(activity: StoredActivity): Activity {
  return {
    _id: activity._id.toHexString(),
    type: activity.type,
    title: activity.title,
    dueDate: activity.dueDate,
    dueTime: activity.dueTime ?? null,
    dueAt: activity.dueAt.toISOString(),
    ownerId: hex(activity.ownerId),
    done: activity.done,
    doneAt: iso(activity.doneAt),
    doneBy: hex(activity.doneBy),
    createdAt: activity.createdAt.toISOString(),
    createdBy: hex(activity.createdBy),
    ...(activity.outcome ? { outcome: activity.outcome } : {}),
    version: activity.version,
  };
}

/**
 * The request's next step: its open activity due first, in the Actividades section's order
 * (compareActivities: due instant, then planned first), as the card shows it; null: none open.
 */
function nextActivityOf(activities: readonly StoredActivity[]): StoredNextActivity | null {
  let next: StoredActivity | undefined;
  for (const activity of activities) {
    if (activity.done) continue;
    if (!next || compareActivities(toActivityJson(activity), toActivityJson(next)) < 0) {
      next = activity;
    }
  }
  if (!next) return null;
  const { _id, type, title, dueDate, dueTime, dueAt } = next;
  return { _id, type, title, dueDate, dueTime: dueTime ?? null, dueAt };
}

/**
 * Reads the request's activities, lets `change` compute the new list, and writes it with its
 * history entries only while no other activity change came in between (else reads again). The
 * card's next activity is derived from the new list and set in the same single-document write,
 * so no reader ever sees one without the other.
 */
async function changeActivities<T>(
  ctx: AppContext,
  id: string,
  change: (stored: ActivitiesDoc) => ActivitiesChange<T>,
): Promise<T> {
  const { Request } = ctx.models;
  return retryOnConflict<T>(
    async () => {
      const stored = await Request.findById(
        id,
        'vendor activities activitiesVersion',
      ).lean<ActivitiesDoc>();
      if (!stored) throw notFound(API_MESSAGES.requestNotFound);
      const { activities, entries, result } = change(stored);
      if (entries.length === 0) return result;
      const { matchedCount } = await Request.updateOne(
        {
          _id: id,
          // A request stored before issue 20 has no counter yet.
          activitiesVersion: stored.activitiesVersion ?? { $exists: false },
        },
        withEvents(
          {
            $set: { activities, nextActivity: nextActivityOf(activities) },
            $inc: { activitiesVersion: 1 },
            $push: { history: { $each: entries } },
          },
          eventsOf(entries),
        ),
      );
      if (matchedCount !== 1) return CONFLICT;
      announce(ctx, id);
      return result;
    },
    {
      exhausted: () => {
        throw conflict(API_MESSAGES.requestConflict);
      },
    },
  );
}

/** The activity of a request, or 404. */
function findActivity(stored: ActivitiesDoc, activityId: string): StoredActivity {
  const found = (stored.activities ?? []).find((a) => a._id.toHexString() === activityId);
  if (!found) throw notFound(API_MESSAGES.activityNotFound);
  return found;
}

/** 409 with the activity as it is now, so the caller can show it without a read. */
const activityConflict = (message: string, activity: StoredActivity) =>
  conflict(message, { activity: toActivityJson(activity) });

function assertVersion(activity: StoredActivity, version: number) {
  if (activity.version !== version) {
    throw activityConflict(API_MESSAGES.activityConflict, activity);
  }
}

/** 400 on `ownerId` unless the user exists. */
async function assertOwnerExists(ctx: AppContext, ownerId: string) {
  if (!(await ctx.users.exists(ownerId))) {
    throw fieldError('ownerId', FIELD_MESSAGES.activityOwnerUnknown);
  }
}

/**
 * An owner deleted between the check and the write would keep activities: the user deletion
 * has already released theirs. Checked again after the write, as deleting a user does for
 * requests assigned meanwhile.
 */
async function releaseIfOwnerGone(ctx: AppContext, ownerId: Types.ObjectId | null) {
  if (ownerId && !(await ctx.users.exists(ownerId.toHexString()))) {
    await releaseActivitiesOf(ctx, ownerId.toHexString(), null);
  }
}

const replaced = (list: StoredActivity[], activity: StoredActivity) =>
  list.map((a) => (a._id.equals(activity._id) ? activity : a));

/** GET /api/form-contact/:id/activities */
export async function listActivities(ctx: AppContext, id: string): Promise<ActivityList> {
  const found = await ctx.models.Request.findById(id, 'activities').lean<ActivitiesDoc>();
  if (!found) throw notFound(API_MESSAGES.requestNotFound);
  return { items: (found.activities ?? []).map(toActivityJson).sort(compareActivities) };
}

/**
 * One more activity on the request (planned or already done), refused past the cap, recorded by
 * the history entry `entryOf` makes of it.
 */
function appendActivity(
  ctx: AppContext,
  id: string,
  build: (stored: ActivitiesDoc) => StoredActivity,
  entryOf: (activity: StoredActivity) => StoredHistoryEntry,
): Promise<StoredActivity> {
  return changeActivities(ctx, id, (stored) => {
    const activities = stored.activities ?? [];
    if (activities.length >= MAX_ACTIVITIES_PER_REQUEST) {
      throw new AppError(400, FIELD_MESSAGES.tooManyActivities(MAX_ACTIVITIES_PER_REQUEST));
    }
    const activity = build(stored);
    return {
      activities: [...activities, activity],
      entries: [entryOf(activity)],
      result: activity,
    };
  });
}

/** POST /api/form-contact/:id/activities: owned by `ownerId`, the executive, else the caller. */
export async function addActivity(
  ctx: AppContext,
  id: string,
  { type, title, dueDate, dueTime = null, ownerId }: AddActivityBody,
  { userId, timeZone }: Caller,
): Promise<Activity> {
  if (ownerId) await assertOwnerExists(ctx, ownerId);
  const added = await appendActivity(
    ctx,
    id,
    (stored) => ({
      _id: new Types.ObjectId(),
      type,
      title,
      dueDate,
      dueTime,
      dueAt: zonedDueAt(dueDate, dueTime, timeZone),
      ownerId: new Types.ObjectId(ownerId ?? hex(stored.vendor) ?? userId),
      done: false,
      doneAt: null,
      doneBy: null,
      createdAt: ctx.clock.now(),
      createdBy: new Types.ObjectId(userId),
      version: 0,
    }),
    (activity) => historyEntry(ctx.clock.now(), userId, 'activity', null, title, activity),
  );
  await releaseIfOwnerGone(ctx, added.ownerId);
  return toActivityJson(added);
}

/**
 * POST /api/form-contact/:id/activities/done (issue 33): a call, meeting, mail or task that
 * already happened, stored done now by the caller, who owns it; due now in the caller's zone
 * (to the minute). One history entry says it all (`activityLogged`: its type, its outcome).
 */
export async function logActivity(
  ctx: AppContext,
  id: string,
  { type, title, outcome }: LogActivityBody,
  { userId, timeZone }: Caller,
): Promise<Activity> {
  const logged = await appendActivity(
    ctx,
    id,
    () => {
      const now = ctx.clock.now();
      const dueDate = dayIn(now, timeZone);
      const dueTime = wallClockOf(now, timeZone).toISOString().slice(11, 16);
      const caller = new Types.ObjectId(userId);
      const activity: StoredActivity = {
        _id: new Types.ObjectId(),
        type,
        title,
        dueDate,
        dueTime,
        dueAt: zonedDueAt(dueDate, dueTime, timeZone),
        ownerId: caller,
        done: true,
        doneAt: now,
        doneBy: caller,
        createdAt: now,
        createdBy: caller,
        ...(outcome ? { outcome } : {}),
        version: 0,
      };
      return activity;
    },
    (activity) =>
      historyEntry(activity.createdAt, userId, 'activityLogged', type, outcome || null, activity),
  );
  return toActivityJson(logged);
}

/** PATCH /api/form-contact/:id/activities/:activityId: each changed field recorded. */
export async function changeActivity(
  ctx: AppContext,
  id: string,
  activityId: string,
  { version, ...changes }: ChangeActivityBody,
  { userId, timeZone }: Caller,
): Promise<Activity> {
  if (changes.ownerId) await assertOwnerExists(ctx, changes.ownerId);
  const changed = await changeActivities(ctx, id, (stored) => {
    const before = findActivity(stored, activityId);
    assertVersion(before, version);
    const after: StoredActivity = { ...before };
    const entries: StoredHistoryEntry[] = [];
    const record = (
      field: Parameters<typeof historyEntry>[2],
      from: string | null,
      to: string | null,
    ) => entries.push(historyEntry(ctx.clock.now(), userId, field, from, to, after));
    if (changes.title !== undefined && changes.title !== before.title) {
      after.title = changes.title;
      record('activity', before.title, changes.title);
    }
    if (changes.type !== undefined && changes.type !== before.type) {
      after.type = changes.type;
      record('activityType', before.type, changes.type);
    }
    if (changes.dueDate !== undefined) {
      const dueTime = changes.dueTime ?? null;
      if (changes.dueDate !== before.dueDate || dueTime !== (before.dueTime ?? null)) {
        after.dueDate = changes.dueDate;
        after.dueTime = dueTime;
        after.dueAt = zonedDueAt(changes.dueDate, dueTime, timeZone);
        record('activityDue', dueText(before), dueText(after));
      }
    }
    if (changes.ownerId !== undefined && changes.ownerId !== hex(before.ownerId)) {
      after.ownerId = new Types.ObjectId(changes.ownerId);
      record('activityOwner', hex(before.ownerId), changes.ownerId);
    }
    if (entries.length === 0) return { activities: [], entries, result: before };
    after.version = before.version + 1;
    return { activities: replaced(stored.activities ?? [], after), entries, result: after };
  });
  await releaseIfOwnerGone(ctx, changes.ownerId ? changed.ownerId : null);
  return toActivityJson(changed);
}

/** POST …/complete (done: true) and …/reopen (done: false), by the caller, now. */
export async function setActivityDone(
  ctx: AppContext,
  id: string,
  activityId: string,
  { version }: ActivityVersionBody,
  done: boolean,
  userId: string,
): Promise<Activity> {
  const changed = await changeActivities(ctx, id, (stored) => {
    const before = findActivity(stored, activityId);
    // Before the version: "already completed" says more than "changed by someone".
    if (before.done === done) {
      throw activityConflict(
        done ? API_MESSAGES.activityAlreadyDone : API_MESSAGES.activityNotDone,
        before,
      );
    }
    assertVersion(before, version);
    const after: StoredActivity = {
      ...before,
      done,
      doneAt: done ? ctx.clock.now() : null,
      doneBy: done ? new Types.ObjectId(userId) : null,
      version: before.version + 1,
    };
    const [from, to] = done ? ['open', 'done'] : ['done', 'open'];
    return {
      activities: replaced(stored.activities ?? [], after),
      entries: [historyEntry(ctx.clock.now(), userId, 'activityDone', from, to, after)],
      result: after,
    };
  });
  return toActivityJson(changed);
}

/** DELETE /api/form-contact/:id/activities/:activityId: gone, and recorded. */
export async function deleteActivity(
  ctx: AppContext,
  id: string,
  activityId: string,
  userId: string,
): Promise<Activity> {
  const deleted = await changeActivities(ctx, id, (stored) => {
    const activity = findActivity(stored, activityId);
    return {
      activities: (stored.activities ?? []).filter((a) => !a._id.equals(activity._id)),
      entries: [historyEntry(ctx.clock.now(), userId, 'activity', activity.title, null, activity)],
      result: activity,
    };
  });
  return toActivityJson(deleted);
}

/** The requests holding activities of one owner: a prefix of the activities index. */
export const withActivitiesOf = (userId: string) => ({
  'activities.ownerId': new Types.ObjectId(userId),
});

/**
 * Deleting a user (users.service.ts): their activities stay on their requests without an owner
 * (ownerId null, version +1), each recorded as `byId`'s doing (the admin; null when no one).
 * The multikey index's prefix finds the requests.
 */
export async function releaseActivitiesOf(
  ctx: AppContext,
  userId: string,
  byId: string | null,
): Promise<void> {
  const owner = new Types.ObjectId(userId);
  const requests = await ctx.models.Request.find(withActivitiesOf(userId), '_id').lean<
    { _id: Types.ObjectId }[]
  >();
  for (const { _id } of requests) {
    try {
      await changeActivities(ctx, _id.toHexString(), (stored) => {
        const entries: StoredHistoryEntry[] = [];
        const activities = (stored.activities ?? []).map((activity) => {
          if (!activity.ownerId?.equals(owner)) return activity;
          const released = { ...activity, ownerId: null, version: activity.version + 1 };
          entries.push(
            historyEntry(ctx.clock.now(), byId, 'activityOwner', userId, null, released),
          );
          return released;
        });
        return { activities, entries, result: undefined };
      });
    } catch (error) {
      // A request deleted meanwhile took its activities with it.
      if (!(error instanceof AppError && error.status === 404)) throw error;
    }
  }
}
