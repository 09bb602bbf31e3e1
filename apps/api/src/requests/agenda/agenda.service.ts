import { Types, type PipelineStage } from 'mongoose';
import {
  AGENDA_BELL_POLL_MS,
  AGENDA_OWNER_ME,
  agendaBounds,
  dueRange,
  encodeAgendaCursor,
  type AgendaBounds,
  type AgendaBucket,
  type AgendaCursor,
  type AgendaItem,
  type AgendaPage,
  type DueCount,
  type RequestStatus,
  type UnreadMailList,
  UNREAD_MAIL_LIST_LIMIT,
} from '@crm/shared';
import type { AppContext } from '../../context.js';
import { supportsElemMatchOnDocuments } from '../../db/server-features.js';
import type { Caller } from '../../auth/index.js';
import { toActivityJson, type StoredActivity } from '../activities/activities.service.js';
import { dueConditions } from './due-filter.js';
import { countUnreadMail, unreadMailQuery, type UnreadMailDoc } from './unread-mail.js';

/*
 * The agenda and the bell (issue 20): one owner's open activities, read through the multikey
 * index { activities.ownerId, activities.done, activities.dueAt }. The first stage's $elemMatch
 * binds owner, done and due instant to the same activity, so the index range holds exactly the
 * requests with a matching activity; after $unwind the same conditions pick those activities out
 * of each request (one request may hold several, in one range or across ranges), and the page is
 * of activities: sorted by due instant then activity id, cut after `limit`.
 */

type Filter = Record<string, unknown>;

/** One range of `dueAt`, and what the index can't say (the date-only activities' days). */
type DueRange = { from?: Date; before?: Date; also?: Filter };

/**
 * The activities of `first` to `last` at `bounds.now` (agendaBucketOf says the same of one
 * activity): the index read over the `dueAt` instants they can have, then the timed ones kept by
 * their instant and the date-only ones by their day in the caller's calendar (issue 32).
 */
function rangeOf(bounds: AgendaBounds, first: AgendaBucket, last = first): DueRange {
  const { envelope, exact } = dueConditions(dueRange(first, bounds, last), 'activities.');
  return { ...envelope, also: exact };
}

const ownerOf = (owner: string, callerId: string) =>
  new Types.ObjectId(owner === AGENDA_OWNER_ME ? callerId : owner);

/** `from ≤ dueAt < before`, either side open. */
function dueBounds({ from, before }: DueRange): Filter {
  return { ...(from && { $gte: from }), ...(before && { $lt: before }) };
}

/** The due condition on `field`, none when both sides are open (`{}` would match only `{}`). */
function dueCondition(range: DueRange, field: string): Filter {
  const bounds = dueBounds(range);
  return Object.keys(bounds).length ? { [field]: bounds } : {};
}

/**
 * The pipeline's first stage: the requests holding a matching activity, one range of the
 * multikey index. `$elemMatch` makes the three conditions hold for the same activity, which
 * lets MongoDB compound the index bounds. FerretDB 1.x refuses `$elemMatch` over documents: there
 * the dotted conditions (each may hold for another activity) narrow the requests less, and the
 * stage after `$unwind` still picks exactly the matching activities.
 */
const agendaMatch = (owner: Types.ObjectId, range: DueRange, elemMatch = true): Filter => {
  const element = { ownerId: owner, done: false, ...dueCondition(range, 'dueAt') };
  if (elemMatch) return { activities: { $elemMatch: element } };
  return Object.fromEntries(
    Object.entries(element).map(([field, condition]) => [`activities.${field}`, condition]),
  );
};

/** The same conditions on one unwound activity, with the range's extra test. */
const activityMatch = (owner: Types.ObjectId, range: DueRange): Filter => ({
  'activities.ownerId': owner,
  'activities.done': false,
  ...dueCondition(range, 'activities.dueAt'),
  ...range.also,
});

/** Strictly after the cursor in (dueAt, _id) order; the range starts no earlier than it. */
function afterCursor(range: DueRange, cursor: AgendaCursor): { range: DueRange; after: Filter } {
  const at = new Date(cursor.dueAt);
  const from = range.from && range.from > at ? range.from : at;
  return {
    range: { ...range, from },
    after: {
      $or: [
        { 'activities.dueAt': { $gt: at } },
        { 'activities.dueAt': at, 'activities._id': { $gt: new Types.ObjectId(cursor._id) } },
      ],
    },
  };
}

/** One matching activity and the request holding it. */
type AgendaRow = { _id: Types.ObjectId; activities: StoredActivity };

type RequestSummary = {
  _id: Types.ObjectId;
  name: string;
  company?: string;
  status: RequestStatus;
  requestNumber?: number | null;
};

/**
 * The agenda's read, unrun (index-bound.test.ts explains it): `limit + 1` activities tell
 * whether another page follows.
 */
export function agendaQuery(
  ctx: AppContext,
  owner: Types.ObjectId,
  due: AgendaBucket,
  bounds: AgendaBounds,
  limit: number,
  cursor?: AgendaCursor,
  elemMatch = true,
) {
  return rangeQuery(ctx, owner, rangeOf(bounds, due), limit, cursor, elemMatch);
}

/** The read of one range of one owner's open activities, nearest due first. */
function rangeQuery(
  ctx: AppContext,
  owner: Types.ObjectId,
  bucket: DueRange,
  limit: number,
  cursor?: AgendaCursor,
  elemMatch = true,
) {
  const paged = cursor ? afterCursor(bucket, cursor) : undefined;
  const range = paged?.range ?? bucket;
  const conditions: Filter[] = [activityMatch(owner, range), ...(paged ? [paged.after] : [])];
  const pipeline: PipelineStage[] = [
    { $match: agendaMatch(owner, range, elemMatch) },
    { $project: { activities: 1 } },
    { $unwind: '$activities' },
    { $match: { $and: conditions } },
    { $sort: { 'activities.dueAt': 1, 'activities._id': 1 } },
    { $limit: limit + 1 },
  ];
  return ctx.models.Request.aggregate<AgendaRow>(pipeline);
}

/**
 * What the rows show of their requests: one read by _id of at most a page of requests. (Not
 * carried through the pipeline: FerretDB 1.x's $unwind drops the other fields.)
 */
async function requestSummaries(ctx: AppContext, rows: AgendaRow[]) {
  const ids = [...new Set(rows.map((row) => row._id.toHexString()))];
  const docs = ids.length
    ? await ctx.models.Request.find(
        { _id: { $in: ids } },
        'name company status requestNumber',
      ).lean<RequestSummary[]>()
    : [];
  return new Map(
    docs.map((doc) => [
      doc._id.toHexString(),
      {
        _id: doc._id.toHexString(),
        name: doc.name,
        company: doc.company ?? '',
        status: doc.status,
        requestNumber: doc.requestNumber ?? null,
      },
    ]),
  );
}

type AgendaInput = { owner: string; due: AgendaBucket; limit: number; cursor?: AgendaCursor };

/** The rows of a page with what they show of their requests. */
async function withRequests(ctx: AppContext, rows: AgendaRow[]): Promise<AgendaItem[]> {
  const summaries = await requestSummaries(ctx, rows);
  return rows.flatMap((row) => {
    const summary = summaries.get(row._id.toHexString());
    // A request deleted between the two reads took its activity with it.
    if (!summary) return [];
    return [{ activity: toActivityJson(row.activities), request: summary }];
  });
}

/**
 * GET /api/activities/agenda. The ranges are the caller's days (their time zone, else
 * APP_TIME_ZONE), also when they read someone else's agenda: "today" is the day of whoever
 * looks at the screen, as the bell beside it and the board's "Próxima acción" filter.
 */
export async function getAgenda(
  ctx: AppContext,
  query: AgendaInput,
  caller: Caller,
): Promise<AgendaPage> {
  const bounds = agendaBounds(ctx.clock.now(), caller.timeZone);
  const owner = ownerOf(query.owner, caller.userId);
  const elemMatch = await supportsElemMatchOnDocuments(ctx.connection);
  const rows = await agendaQuery(
    ctx,
    owner,
    query.due,
    bounds,
    query.limit,
    query.cursor,
    elemMatch,
  );
  const items = await withRequests(ctx, rows.slice(0, query.limit));
  const last = items.at(-1)?.activity;
  return {
    items,
    nextCursor: rows.length > query.limit && last ? encodeAgendaCursor(last) : null,
  };
}

/**
 * An owner's open activities due in `from ≤ dueAt < before` (either side open), at most `limit`,
 * nearest due first, with their requests: the calendar feed (all) reads them, through the same
 * index as the agenda. (The reminders read everyone's at once: due-activities.ts.)
 */
export async function openActivitiesDue(
  ctx: AppContext,
  ownerId: string,
  range: { from?: Date; before?: Date },
  limit: number,
): Promise<AgendaItem[]> {
  const elemMatch = await supportsElemMatchOnDocuments(ctx.connection);
  const owner = new Types.ObjectId(ownerId);
  const rows = await rangeQuery(ctx, owner, range, limit, undefined, elemMatch);
  return withRequests(ctx, rows.slice(0, limit));
}

/**
 * The bell's read, unrun: the owner's overdue and today's open activities (timed ones due before
 * tomorrow, date-only ones of today or before). Counted by the database; the requests read are
 * those holding an activity of the range's instants.
 */
export function dueCountQuery(
  ctx: AppContext,
  owner: Types.ObjectId,
  bounds: AgendaBounds,
  elemMatch = true,
) {
  const range = rangeOf(bounds, 'overdue', 'today');
  return ctx.models.Request.aggregate<{ count: number }>([
    { $match: agendaMatch(owner, range, elemMatch) },
    { $project: { activities: 1 } },
    { $unwind: '$activities' },
    { $match: activityMatch(owner, range) },
    { $count: 'count' },
  ]);
}

/**
 * GET /api/activities/due-count: in the caller's days, as the agenda; and (issue 35) the owner's
 * requests with unread customer mail (unread-mail.ts).
 */
export async function getDueCount(
  ctx: AppContext,
  query: { owner: string },
  caller: Caller,
): Promise<DueCount> {
  const bounds = agendaBounds(ctx.clock.now(), caller.timeZone);
  const owner = ownerOf(query.owner, caller.userId);
  const elemMatch = await supportsElemMatchOnDocuments(ctx.connection);
  const [[counted], unreadMail] = await Promise.all([
    dueCountQuery(ctx, owner, bounds, elemMatch),
    countUnreadMail(ctx, owner),
  ]);
  return { count: counted?.count ?? 0, unreadMail, pollAfterMs: AGENDA_BELL_POLL_MS };
}

/**
 * GET /api/activities/unread-mail (issue 35): the agenda's "Correos sin leer", anyone's as the
 * agenda ("me" by default): at most UNREAD_MAIL_LIST_LIMIT requests and the count of them all.
 */
export async function getUnreadMail(
  ctx: AppContext,
  query: { owner: string },
  caller: Caller,
): Promise<UnreadMailList> {
  const owner = ownerOf(query.owner, caller.userId);
  const [docs, total] = await Promise.all([
    unreadMailQuery(ctx, owner, UNREAD_MAIL_LIST_LIMIT).lean<UnreadMailDoc[]>(),
    countUnreadMail(ctx, owner),
  ]);
  return {
    items: docs.map((doc) => ({
      _id: doc._id.toHexString(),
      name: doc.name,
      company: doc.company ?? '',
      status: doc.status,
      requestNumber: doc.requestNumber ?? null,
      unreadEmails: doc.unreadEmails,
    })),
    // Two reads: a mail filed or read between them never makes the total less than the list.
    total: Math.max(total, docs.length),
  };
}
