import {
  AGENDA_BELL_POLL_MS,
  AGENDA_OWNER_ME,
  agendaBounds,
  agendaBucketOf,
  compareAgendaItems,
  encodeAgendaCursor,
  type AgendaCursor,
  type AgendaItem,
  api,
  compareActivities,
  dueText,
  API_MESSAGES,
  FIELD_MESSAGES,
  MAX_ACTIVITIES_PER_REQUEST,
  systemTimeZone,
  UNREAD_MAIL_LIST_LIMIT,
  dayIn,
  wallClockOf,
  zonedDueAt,
  type Activity,
  type HistoryField,
  type NextActivity,
} from '@crm/shared';
import { newId, db, record, findRequest } from './db';
import { Failure, fail, fake } from './http';
import { historyLength, publishChanges } from './events';

// Activities on a request and the agenda (activities-endpoints).

// Activities on a request (issue 20), as activities.service.ts answers. Due instants are read
// in the runtime's zone, the API's APP_TIME_ZONE default.
const activityOf = (requestId: string, activityId: string) =>
  (db.activities.get(requestId) ?? []).find((a) => a._id === activityId);

const activityConflict = (message: string, activity: Activity) =>
  fail(409, message, undefined, { activity: { ...activity } });

const unknownOwner = (ownerId: string | undefined) =>
  ownerId !== undefined && !db.users.some((u) => u._id === ownerId)
    ? fail(400, FIELD_MESSAGES.activityOwnerUnknown, [
        { path: 'ownerId', message: FIELD_MESSAGES.activityOwnerUnknown },
      ])
    : undefined;

/** The open activity due first (compareActivities), as a card shows it; null: none planned. */
function nextActivityOf(activities: Activity[]): NextActivity | null {
  const [next] = activities.filter((activity) => !activity.done).sort(compareActivities);
  if (!next) return null;
  const { _id, type, title, dueDate, dueTime, dueAt } = next;
  return { _id, type, title, dueDate, dueTime, dueAt };
}

/** As the API, in the same write as the activities: the request's next activity follows them. */
function activitiesChanged(requestId: string) {
  const request = findRequest(requestId);
  if (request) request.nextActivity = nextActivityOf(db.activities.get(requestId) ?? []);
}

/** Issue 36: the events of an activity's write, from the history entries it recorded. */
function publishActivityEvents(requestId: string, by: string, firstEntry: number) {
  const request = findRequest(requestId);
  if (request) publishChanges(request, by, firstEntry);
}

/** Seeds an open activity on a stored request (due tomorrow by default), its card following. */
export function addActivity(requestId: string, overrides: Partial<Activity> = {}): Activity {
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const dueDate = overrides.dueDate ?? tomorrow;
  const dueTime = overrides.dueTime ?? null;
  const activity: Activity = {
    _id: newId(),
    type: 'call',
    title: 'Llamar',
    dueDate,
    dueTime,
    dueAt: zonedDueAt(dueDate, dueTime, systemTimeZone()).toISOString(),
    ownerId: null,
    done: false,
    doneAt: null,
    doneBy: null,
    createdAt: new Date().toISOString(),
    createdBy: null,
    version: 0,
    ...overrides,
  };
  db.activities.set(requestId, [...(db.activities.get(requestId) ?? []), activity]);
  activitiesChanged(requestId);
  return activity;
}

/** The request and its activity for a change, or the API's 404. */
function findActivity(requestId: string, activityId: string) {
  if (!findRequest(requestId)) return fail(404, API_MESSAGES.requestNotFound);
  return activityOf(requestId, activityId) ?? fail(404, API_MESSAGES.activityNotFound);
}

export const activityRoutes = [
  fake(api.activities.list, ({ input }) => {
    if (!findRequest(input.params.id)) return fail(404, API_MESSAGES.requestNotFound);
    const items = [...(db.activities.get(input.params.id) ?? [])].sort(compareActivities);
    return { items: items.map((activity) => ({ ...activity })) };
  }),

  fake(api.activities.add, ({ input, user }) => {
    const { type, title, dueDate, dueTime = null, ownerId } = input.body;
    const refused = unknownOwner(ownerId);
    if (refused) return refused;
    const stored = findRequest(input.params.id);
    if (!stored) return fail(404, API_MESSAGES.requestNotFound);
    const activities = db.activities.get(stored._id) ?? [];
    if (activities.length >= MAX_ACTIVITIES_PER_REQUEST) {
      return fail(400, FIELD_MESSAGES.tooManyActivities(MAX_ACTIVITIES_PER_REQUEST));
    }
    const activity: Activity = {
      _id: newId(),
      type,
      title,
      dueDate,
      dueTime,
      dueAt: zonedDueAt(dueDate, dueTime, systemTimeZone()).toISOString(),
      ownerId: ownerId ?? stored.vendor ?? user._id,
      done: false,
      doneAt: null,
      doneBy: null,
      createdAt: new Date().toISOString(),
      createdBy: user._id,
      version: 0,
    };
    db.activities.set(stored._id, [...activities, activity]);
    activitiesChanged(stored._id);
    const firstEntry = historyLength(stored._id);
    record(stored._id, user._id, 'activity', null, title, activity);
    publishChanges(stored, user._id, firstEntry);
    return { ...activity };
  }),

  // Issue 33: one already done, logged in one step (activities.service.ts logActivity).
  fake(api.activities.log, ({ input, user }) => {
    const { type, title, outcome } = input.body;
    const stored = findRequest(input.params.id);
    if (!stored) return fail(404, API_MESSAGES.requestNotFound);
    const activities = db.activities.get(stored._id) ?? [];
    if (activities.length >= MAX_ACTIVITIES_PER_REQUEST) {
      return fail(400, FIELD_MESSAGES.tooManyActivities(MAX_ACTIVITIES_PER_REQUEST));
    }
    const now = new Date();
    const dueDate = dayIn(now, systemTimeZone());
    const dueTime = wallClockOf(now, systemTimeZone()).toISOString().slice(11, 16);
    const activity: Activity = {
      _id: newId(),
      type,
      title,
      dueDate,
      dueTime,
      dueAt: zonedDueAt(dueDate, dueTime, systemTimeZone()).toISOString(),
      ownerId: user._id,
      done: true,
      doneAt: now.toISOString(),
      doneBy: user._id,
      createdAt: now.toISOString(),
      createdBy: user._id,
      ...(outcome ? { outcome } : {}),
      version: 0,
    };
    db.activities.set(stored._id, [...activities, activity]);
    activitiesChanged(stored._id);
    const firstEntry = historyLength(stored._id);
    record(stored._id, user._id, 'activityLogged', type, outcome || null, activity);
    publishChanges(stored, user._id, firstEntry);
    return { ...activity };
  }),

  fake(api.activities.change, ({ input, user }) => {
    const { version, ...changes } = input.body;
    const refused = unknownOwner(changes.ownerId);
    if (refused) return refused;
    const { id, activityId } = input.params;
    const activity = findActivity(id, activityId);
    if (activity instanceof Failure) return activity;
    if (activity.version !== version) {
      return activityConflict(API_MESSAGES.activityConflict, activity);
    }
    const before = { ...activity };
    const changed: [HistoryField, string | null, string | null][] = [];
    if (changes.title !== undefined && changes.title !== before.title) {
      activity.title = changes.title;
      changed.push(['activity', before.title, changes.title]);
    }
    if (changes.type !== undefined && changes.type !== before.type) {
      activity.type = changes.type;
      changed.push(['activityType', before.type, changes.type]);
    }
    const dueTime = changes.dueTime ?? null;
    if (
      changes.dueDate !== undefined &&
      (changes.dueDate !== before.dueDate || dueTime !== before.dueTime)
    ) {
      activity.dueDate = changes.dueDate;
      activity.dueTime = dueTime;
      activity.dueAt = zonedDueAt(changes.dueDate, dueTime, systemTimeZone()).toISOString();
      changed.push(['activityDue', dueText(before), dueText(activity)]);
    }
    if (changes.ownerId !== undefined && changes.ownerId !== before.ownerId) {
      activity.ownerId = changes.ownerId;
      changed.push(['activityOwner', before.ownerId, changes.ownerId]);
    }
    if (changed.length > 0) activity.version += 1;
    activitiesChanged(id);
    const firstEntry = historyLength(id);
    for (const [field, from, to] of changed) record(id, user._id, field, from, to, activity);
    publishActivityEvents(id, user._id, firstEntry);
    return { ...activity };
  }),
];

for (const [endpoint, done] of [
  [api.activities.complete, true],
  [api.activities.reopen, false],
] as const) {
  activityRoutes.push(
    fake(endpoint, ({ input, user }) => {
      const { id, activityId } = input.params;
      const activity = findActivity(id, activityId);
      if (activity instanceof Failure) return activity;
      if (activity.done === done) {
        const message = done ? API_MESSAGES.activityAlreadyDone : API_MESSAGES.activityNotDone;
        return activityConflict(message, activity);
      }
      if (activity.version !== input.body.version) {
        return activityConflict(API_MESSAGES.activityConflict, activity);
      }
      Object.assign(activity, {
        done,
        doneAt: done ? new Date().toISOString() : null,
        doneBy: done ? user._id : null,
        version: activity.version + 1,
      });
      activitiesChanged(id);
      const firstEntry = historyLength(id);
      record(
        id,
        user._id,
        'activityDone',
        done ? 'open' : 'done',
        done ? 'done' : 'open',
        activity,
      );
      publishActivityEvents(id, user._id, firstEntry);
      return { ...activity };
    }),
  );
}

activityRoutes.push(
  fake(api.activities.remove, ({ input, user }) => {
    const { id, activityId } = input.params;
    const activity = findActivity(id, activityId);
    if (activity instanceof Failure) return activity;
    db.activities.set(
      id,
      (db.activities.get(id) ?? []).filter((a) => a !== activity),
    );
    activitiesChanged(id);
    const firstEntry = historyLength(id);
    record(id, user._id, 'activity', activity.title, null, activity);
    publishActivityEvents(id, user._id, firstEntry);
    return activity;
  }),
);

// The agenda and the bell (issue 20), as agenda.service.ts answers: the shared ranges
// (agendaBounds, agendaBucketOf) in the runtime's zone, the API's APP_TIME_ZONE default.
function openActivitiesOf(owner: string, callerId: string): AgendaItem[] {
  const ownerId = owner === AGENDA_OWNER_ME ? callerId : owner;
  return db.requests.flatMap(({ _id, name, company, status, requestNumber }) =>
    (db.activities.get(_id) ?? [])
      .filter((activity) => !activity.done && activity.ownerId === ownerId)
      .map((activity) => ({
        activity: { ...activity },
        request: { _id, name, company, status, requestNumber: requestNumber ?? null },
      })),
  );
}

/** Strictly after a page's last activity, in the agenda's order. */
const afterPosition = (item: AgendaItem, position: AgendaCursor) =>
  Date.parse(item.activity.dueAt) > Date.parse(position.dueAt) ||
  (Date.parse(item.activity.dueAt) === Date.parse(position.dueAt) &&
    item.activity._id > position._id);

activityRoutes.push(
  fake(api.activities.agenda, ({ input, user }) => {
    const { owner, due, cursor, limit } = input.query;
    const bounds = agendaBounds(new Date(), systemTimeZone());
    const items = openActivitiesOf(owner, user._id)
      .filter((item) => agendaBucketOf(item.activity, bounds) === due)
      .filter((item) => !cursor || afterPosition(item, cursor))
      .sort(compareAgendaItems);
    const page = items.slice(0, limit);
    const last = page.at(-1);
    return {
      items: page,
      nextCursor: items.length > limit && last ? encodeAgendaCursor(last.activity) : null,
    };
  }),

  fake(api.activities.dueCount, ({ input, user }) => {
    const bounds = agendaBounds(new Date(), systemTimeZone());
    const due = openActivitiesOf(input.query.owner, user._id).filter((item) =>
      ['overdue', 'today'].includes(agendaBucketOf(item.activity, bounds)),
    );
    return {
      count: due.length,
      unreadMail: withUnreadMail(input.query.owner, user._id).length,
      pollAfterMs: AGENDA_BELL_POLL_MS,
    };
  }),

  fake(api.activities.unreadMail, ({ input, user }) => {
    const requests = withUnreadMail(input.query.owner, user._id);
    return {
      items: requests
        .slice(0, UNREAD_MAIL_LIST_LIMIT)
        .map(({ _id, name, company, status, requestNumber, unreadEmails = 0 }) => ({
          _id,
          name,
          company,
          status,
          requestNumber: requestNumber ?? null,
          unreadEmails,
        })),
      total: requests.length,
    };
  }),
);

/**
 * Issue 35: the owner's requests (their executive) with unread customer mail, as
 * requests/agenda/unread-mail.ts reads them: the most unread first, then the newest (ids grow).
 */
function withUnreadMail(owner: string, callerId: string) {
  const ownerId = owner === AGENDA_OWNER_ME ? callerId : owner;
  return db.requests
    .filter((request) => request.vendor === ownerId && (request.unreadEmails ?? 0) > 0)
    .sort(
      (a, b) =>
        (b.unreadEmails ?? 0) - (a.unreadEmails ?? 0) ||
        (a._id < b._id ? 1 : a._id > b._id ? -1 : 0),
    );
}
