import {
  API_MESSAGES,
  NEW_REQUEST_DEFAULTS,
  REQUEST_EDITABLE_FIELDS,
  type AssignVendorBody,
  type CreateRequestBody,
  type NextActivity,
  type Request,
  type UpdateRequestBody,
} from '@crm/shared';
import type { AppContext } from '../context.js';
import { isDuplicateKeyError } from '../db/errors.js';
import { CONFLICT, retryOnConflict } from '../db/retry-on-conflict.js';
import { conflict, notFound } from '../http/app-error.js';
import { eventsOfEntries, pendingEvent, withEvents } from './events/pending-events.js';
import { announce, publishAndDelete, type PublishedDoc } from './events/publish.js';
import {
  editedFieldEntries,
  historyEntry,
  notesDiff,
  type StoredHistoryEntry,
} from './history/history.service.js';
import {
  expectedValueEntries,
  outcomeAfter,
  outcomeChange,
  toOutcomeJson,
  type StoredOutcome,
} from './outcome/outcome.js';
import { REQUEST_FIELDS_ONLY, type RequestDoc, type StoredNextActivity } from './request.model.js';
import { stageFieldsAtCreation } from './moves/stage-visits.js';
import { statusMove } from './moves/status-move.js';

const REQUEST_NUMBER_SEQUENCE = 'requestNumber';

function toNextActivityJson(next: StoredNextActivity | null | undefined): NextActivity | null {
  // Absent on requests stored before issue 20 that never had an activity since.
  if (!next) return null;
  return {
    _id: next._id.toHexString(),
    type: next.type,
    title: next.title,
    dueDate: next.dueDate,
    dueTime: next.dueTime ?? null,
    dueAt: next.dueAt.toISOString(),
  };
}

/**
 * A stored request as the API answers it (the shared `Request`): each field named, so nothing
 * stored beside them (a future internal field) leaks, and ids and dates are strings.
 */
export function toRequestJson(doc: RequestDoc): Request {
  return {
    _id: doc._id.toHexString(),
    // Absent, as stored, on requests that never got a number ("unnasigned").
    ...(doc.requestNumber == null ? {} : { requestNumber: doc.requestNumber }),
    name: doc.name,
    email: doc.email,
    jobPosition: doc.jobPosition,
    company: doc.company,
    contactNumber: doc.contactNumber,
    message: doc.message,
    requestType: doc.requestType,
    status: doc.status,
    priority: doc.priority,
    vendor: doc.vendor ? doc.vendor.toHexString() : null,
    sourceOfContact: doc.sourceOfContact,
    notes: doc.notes,
    createdAt: doc.createdAt.toISOString(),
    eventDate: doc.eventDate ? doc.eventDate.toISOString() : null,
    paymentMethod: doc.paymentMethod,
    eventsQuantity: doc.eventsQuantity,
    pax: doc.pax,
    bussinesItem: doc.bussinesItem,
    amoutPaid: doc.amoutPaid,
    emailSentToCloseEvents: doc.emailSentToCloseEvents as Request['emailSentToCloseEvents'],
    version: doc.version,
    // Absent on requests stored before moves were recorded: never moved since.
    statusVersion: doc.statusVersion ?? 0,
    nextActivity: toNextActivityJson(doc.nextActivity),
    // Absent until the start-up backfill reaches a request stored before issue 20.
    stageChangedAt: (doc.stageChangedAt ?? doc.createdAt).toISOString(),
    // Both absent on requests stored before issue 21.
    expectedValue: doc.expectedValue ?? null,
    outcome: toOutcomeJson(doc.outcome),
    ...(doc.unreadEmails ? { unreadEmails: doc.unreadEmails } : {}),
  };
}

const newestFirst = (a: RequestDoc, b: RequestDoc) =>
  b.createdAt.getTime() - a.createdAt.getTime() ||
  b._id.toHexString().localeCompare(a._id.toHexString());

/**
 * GET /api/form-contact/all, newest first (the spec leaves the order open). Sorted here:
 * a few ms for thousands of requests, and no in-database sort on servers that sort slowly.
 */
export async function listRequests(ctx: AppContext): Promise<Request[]> {
  const requests = await ctx.models.Request.find({}, REQUEST_FIELDS_ONLY).lean<RequestDoc[]>();
  return requests.sort(newestFirst).map(toRequestJson);
}

/** GET /api/form-contact/:id */
export async function getRequest(ctx: AppContext, id: string): Promise<Request> {
  const found = await ctx.models.Request.findById(id, REQUEST_FIELDS_ONLY).lean<RequestDoc>();
  if (!found) throw notFound(API_MESSAGES.requestNotFound);
  return toRequestJson(found);
}

/**
 * The next request number from an atomic $inc on a counter document; with `count`, the last of
 * a block of that many (an import's chunk reserves its numbers in one write).
 */
/** Whether a request exists: for what other features keep of it (its mails, its files). */
export async function requestExists(ctx: AppContext, id: string): Promise<boolean> {
  return (await ctx.models.Request.exists({ _id: id })) !== null;
}

export async function nextRequestNumber(ctx: AppContext, count = 1): Promise<number> {
  // Concurrent first upserts: the loser retries and finds the counter.
  return retryOnConflict(
    async () => {
      const counter = await ctx.models.Counter.findOneAndUpdate(
        { _id: REQUEST_NUMBER_SEQUENCE },
        { $inc: { seq: count } },
        { upsert: true, new: true, lean: true },
      );
      return counter ? counter.seq : CONFLICT;
    },
    { isConflict: isDuplicateKeyError },
  );
}

/**
 * Who made a new request and how (issue 36's event): staff (`request.created`), the website form
 * or a lead's mail (`request.lead`); `entries`: history entries it starts with.
 */
export type RequestOrigin = {
  userId: string | null;
  type: 'request.created' | 'request.lead';
  entries?: StoredHistoryEntry[];
};

/**
 * POST /api/form-contact/crm-create: a request typed in by staff lands in "new request".
 * The unique index on requestNumber is the last word: should a number ever be handed out
 * twice (a server without atomic $inc across connections, such as FerretDB 1.x on SQLite),
 * the insert fails and the request takes the next number.
 */
export async function createRequest(
  ctx: AppContext,
  body: CreateRequestBody,
  origin: RequestOrigin = { userId: null, type: 'request.created' },
): Promise<Request> {
  return retryOnConflict(
    async () => {
      // Everything else comes from the model's defaults (NEW_REQUEST_DEFAULTS).
      const createdAt = ctx.clock.now();
      const created = await ctx.models.Request.create({
        ...body,
        requestNumber: await nextRequestNumber(ctx),
        createdAt,
        // It enters its first stage now, the furthest it has been, and has left none yet.
        stageChangedAt: createdAt,
        ...stageFieldsAtCreation(NEW_REQUEST_DEFAULTS.status),
        // Issue 36: its event, in the same write (events/pending-events.ts).
        pendingEvents: [pendingEvent(origin.type, createdAt, origin.userId, origin.entries)],
        ...(origin.entries && { history: origin.entries }),
      });
      announce(ctx, created._id.toHexString());
      return toRequestJson(created.toObject());
    },
    { isConflict: isDuplicateKeyError },
  );
}

type UpdateBaseDoc = RequestDoc & {
  expectedValue?: number | null;
  outcome?: StoredOutcome | null;
};

/**
 * PUT /api/form-contact/update/:id. Only the editable fields are written; the save must name
 * the version it was based on, so a save over someone else's newer changes is refused (409).
 * Moves don't bump `version`: a status sent with an older statusVersion (a copy read before a
 * move) is no change, so a stale save never undoes a move. A status change and the notes added
 * or removed are recorded in the history in the same write, which applies only if neither the
 * version nor the status changed since they were read (else it reads again). The outcome follows
 * the status as a move's does (outcome.ts); it and the expected value change only when sent, each
 * change recorded in the same write. A stale copy's outcome is ignored with its status. Each
 * other field the save changes is recorded too (issue 25), and all the save's entries share one
 * `at`, which is how the history tells one save from the next.
 */
export async function updateRequest(
  ctx: AppContext,
  id: string,
  body: UpdateRequestBody,
  userId: string,
): Promise<Request> {
  const { Request } = ctx.models;
  const editable = Object.fromEntries(
    REQUEST_EDITABLE_FIELDS.map((field) => [field, body[field]]),
  ) as Pick<UpdateRequestBody, (typeof REQUEST_EDITABLE_FIELDS)[number]>;
  return retryOnConflict(
    async () => {
      const stored = await Request.findById(id, REQUEST_FIELDS_ONLY).lean<UpdateBaseDoc>();
      if (!stored) throw notFound(API_MESSAGES.requestNotFound);
      if (stored.version !== body.version) throw conflict(API_MESSAGES.requestConflict);
      const statusVersion = stored.statusVersion ?? 0;
      const sawLatestMove = (body.statusVersion ?? 0) === statusVersion;
      const status = sawLatestMove ? editable.status : stored.status;
      const moved = status !== stored.status;
      const storedOutcome = toOutcomeJson(stored.outcome);
      const outcome = await outcomeAfter(
        ctx,
        { status: stored.status, outcome: storedOutcome },
        status,
        sawLatestMove ? body.outcome : undefined,
      );
      const at = ctx.clock.now();
      const outcomeChanged = outcomeChange(at, userId, storedOutcome, outcome);
      const storedValue = stored.expectedValue ?? null;
      const expectedValue = body.expectedValue === undefined ? storedValue : body.expectedValue;
      // A status change starts the new stage now (the "Estancada" count restarts) and ends the
      // stay read, which the write's statusVersion condition makes the one it replaces.
      const move = moved ? statusMove(stored, status, userId, at) : undefined;
      const entries = [
        ...(move ? [move.entry] : []),
        ...outcomeChanged.entries,
        ...expectedValueEntries(at, userId, storedValue, expectedValue),
        ...editedFieldEntries(at, userId, stored, editable),
        ...notesDiff(at, userId, stored.notes, editable.notes),
      ];
      const updated = await Request.findOneAndUpdate(
        // null also matches a request stored before statusVersion existed.
        {
          _id: id,
          version: body.version,
          status: stored.status,
          statusVersion: stored.statusVersion ?? null,
        },
        withEvents(
          {
            $set: { ...editable, status, expectedValue, ...outcomeChanged.set, ...move?.set },
            $inc: { version: 1, ...move?.inc },
            ...(move && { $max: move.max }),
            ...((entries.length > 0 || move) && {
              $push: {
                ...(entries.length > 0 && { history: { $each: entries } }),
                ...(move && { stageVisits: move.visit }),
              },
            }),
          },
          eventsOfEntries(at, userId, entries),
        ),
        { new: true },
      ).lean<RequestDoc>();
      if (!updated) return CONFLICT;
      announce(ctx, id);
      return toRequestJson(updated);
    },
    {
      exhausted: () => {
        throw conflict(API_MESSAGES.requestConflict);
      },
    },
  );
}

/**
 * What one request's conditional write came to, for the one-request endpoint to answer (or
 * refuse) and for a bulk action (bulk-actions.ts) to list: written, already so, or refused
 * because the request changed meanwhile (`current`: what it is now) or is gone.
 */
export type RequestWrite =
  | { done: true; changed: boolean; request: RequestDoc }
  | { done: false; reason: 'changed'; current?: Record<string, unknown> }
  | { done: false; reason: 'notFound' };

export const GONE: RequestWrite = { done: false, reason: 'notFound' };
/** Every attempt lost to another write: changed meanwhile, nothing more to say. */
export const BUSY: RequestWrite = { done: false, reason: 'changed' };

/**
 * A one-request endpoint's answer from its write: the request, or 404 when gone, or 409
 * (`refused`, with `current`, when the write names what it found; else the generic conflict).
 */
export function requestAnswer(write: RequestWrite, refused?: string): Request {
  if (write.done) return toRequestJson(write.request);
  if (write.reason === 'notFound') throw notFound(API_MESSAGES.requestNotFound);
  if (refused && write.current) throw conflict(refused, write.current);
  throw conflict(API_MESSAGES.requestConflict);
}

/**
 * One request deleted, with its activities (they live inside it) and what other features keep
 * of it (its mails, issue 35: ctx.requestData).
 */
export async function deleteOne(
  ctx: AppContext,
  id: string,
  userId: string | null,
): Promise<RequestWrite> {
  // Issue 36: marked, with its event, in one write; the event reaches the log before the request
  // goes (publish.ts), so a crash in between leaves a deletion the sweep finishes, not one the
  // log never hears of.
  // By `_id` alone (on FerretDB 1.x any other condition scans the collection: a bulk deletion
  // of a thousand would scan it a thousand times). A deletion asked twice at once pushes the same
  // event twice (its key is fixed), which the log stores once.
  const marked = await ctx.models.Request.findOneAndUpdate(
    { _id: id },
    withEvents({ $set: { deleting: true } }, [
      { ...pendingEvent('request.deleted', ctx.clock.now(), userId), key: DELETED_KEY },
    ]),
    { new: true },
  ).lean<PublishedDoc>();
  if (!marked) return GONE;
  await publishAndDelete(ctx, marked);
  return { done: true, changed: true, request: marked as RequestDoc };
}

/** The key of every request's deletion event: one deletion a request, so one event. */
const DELETED_KEY = 'deleted';

/** DELETE /api/form-contact/delete/:id */
export async function deleteRequest(ctx: AppContext, id: string, userId: string): Promise<Request> {
  const write = await deleteOne(ctx, id, userId);
  if (write.done) {
    const { requestNumber, name } = write.request;
    ctx.audit.record({
      action: 'request.deleted',
      target: { kind: 'request', id, label: `#${requestNumber} ${name}` },
      deleted: 1,
    });
  }
  return requestAnswer(write);
}

/**
 * One request assigned to `vendorId` (a user known to exist), or unassigned with null. Writes
 * only `vendor` (and its history entry) and leaves `version` alone: the modal's save sends
 * assign-vendor and then the update based on the version it read (§2). The write applies only
 * if the vendor is still the one read, else it reads again. Already so: nothing written.
 */
export async function assignOne(
  ctx: AppContext,
  id: string,
  vendorId: string | null,
  userId: string,
): Promise<RequestWrite> {
  const { Request } = ctx.models;
  return retryOnConflict<RequestWrite>(
    async () => {
      const stored = await Request.findById(id, REQUEST_FIELDS_ONLY).lean<RequestDoc>();
      if (!stored) return GONE;
      const from = stored.vendor ? stored.vendor.toHexString() : null;
      if (from === vendorId) return { done: true, changed: false, request: stored };
      const at = ctx.clock.now();
      const entry = historyEntry(at, userId, 'vendor', from, vendorId);
      const updated = await Request.findOneAndUpdate(
        { _id: id, vendor: stored.vendor },
        withEvents({ $set: { vendor: vendorId }, $push: { history: entry } }, [
          pendingEvent('request.assigned', at, userId, [entry]),
        ]),
        { new: true },
      ).lean<RequestDoc>();
      if (!updated) return CONFLICT;
      announce(ctx, id);
      return { done: true, changed: true, request: updated };
    },
    { exhausted: () => BUSY },
  );
}

/** PUT /api/user/assign-vendor */
export async function assignVendor(
  ctx: AppContext,
  { formId, vendorId }: AssignVendorBody,
  userId: string,
): Promise<Request> {
  if (vendorId !== null && !(await ctx.users.exists(vendorId))) {
    throw notFound(API_MESSAGES.userNotFound);
  }
  return requestAnswer(await assignOne(ctx, formId, vendorId, userId));
}
