import { Schema, type Connection, type InferSchemaType, type Types } from 'mongoose';
import {
  ACTIVITY_TYPES,
  EVENT_TYPES,
  HISTORY_FIELDS,
  NEW_REQUEST_DEFAULTS as DEFAULTS,
  OUTCOME_RESULTS,
  PRIORITIES,
  REQUEST_STATUSES,
  REQUEST_TYPES,
  SOURCES_OF_CONTACT,
  type ActivityType,
} from '@crm/shared';

/** One recorded change (issue 12); see HistoryEntry in packages/shared/request-history.ts. */
const historyEntrySchema = new Schema(
  {
    at: { type: Date, required: true },
    by: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    field: { type: String, enum: HISTORY_FIELDS, required: true },
    from: { type: String, default: null },
    to: { type: String, default: null },
    /** On activity entries: which activity, and its title at the time (issue 20). */
    activityId: { type: Schema.Types.ObjectId, default: undefined },
    activityTitle: { type: String, default: undefined },
  },
  { _id: false },
);

/**
 * One activity (issue 20), kept inside its request; see Activity in packages/shared/activity.ts.
 * Only activities.service.ts writes them, always the whole list in one conditional update.
 */
const activitySchema = new Schema(
  {
    type: { type: String, enum: ACTIVITY_TYPES, required: true },
    title: { type: String, required: true },
    /** The due day and time as typed (`YYYY-MM-DD`, `HH:MM` or null), in the planner's zone. */
    dueDate: { type: String, required: true },
    dueTime: { type: String, default: null },
    /** Their instant, for ordering and the agenda's ranges. */
    dueAt: { type: Date, required: true },
    ownerId: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    done: { type: Boolean, default: false },
    doneAt: { type: Date, default: null },
    doneBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    createdAt: { type: Date, required: true },
    createdBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    /** Issue 33: how a logged activity went; absent when none was given. */
    outcome: { type: String, default: undefined },
    /** Bumped by every change of this activity: a change names the one it read (409 if stale). */
    version: { type: Number, default: 0 },
  },
  { versionKey: false },
);

/**
 * The card's next step (issue 20): a copy of the open activity due first, written only by
 * activities.service.ts in the same update as the list it comes from, so it can't be stale.
 * Its `dueAt` is what the board's "Próxima acción" filter reads through an index.
 */
const nextActivitySchema = new Schema(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    type: { type: String, enum: ACTIVITY_TYPES, required: true },
    title: { type: String, required: true },
    dueDate: { type: String, required: true },
    dueTime: { type: String, default: null },
    dueAt: { type: Date, required: true },
  },
  { versionKey: false },
);

/**
 * Won or lost at closing (issue 21), with who said so and when. The reason is the list's text
 * when chosen: a reason later removed from the settings stays as it was here.
 */
const outcomeSchema = new Schema(
  {
    result: { type: String, enum: OUTCOME_RESULTS, required: true },
    reason: { type: String, default: null },
    comment: { type: String, default: null },
    at: { type: Date, required: true },
    by: { type: Schema.Types.ObjectId, ref: 'User', default: null },
  },
  { _id: false },
);

/** One ended stay in a stage (issue 22): where, from when to when, and how long (ms). */
const stageVisitSchema = new Schema(
  {
    status: { type: String, enum: REQUEST_STATUSES, required: true },
    enteredAt: { type: Date, required: true },
    leftAt: { type: Date, required: true },
    /** leftAt − enteredAt, stored so the database can sort and return it without arithmetic. */
    ms: { type: Number, required: true },
  },
  { _id: false },
);

/** An event not yet in the log (issue 36; requests/events/pending-events.ts). */
const pendingEventSchema = new Schema(
  {
    key: { type: String, required: true },
    type: { type: String, enum: EVENT_TYPES, required: true },
    at: { type: Date, required: true },
    by: { type: Schema.Types.ObjectId, default: null },
    changes: {
      type: [new Schema({ field: String, from: String, to: String }, { _id: false })],
      default: undefined,
    },
  },
  { _id: false },
);

const requestSchema = new Schema(
  {
    /** Absent (not null) when unknown, so the sparse unique index allows many such requests. */
    requestNumber: { type: Number },
    name: { type: String, required: true },
    email: { type: String, required: true },
    jobPosition: { type: String, default: DEFAULTS.jobPosition },
    company: { type: String, default: DEFAULTS.company },
    contactNumber: { type: String, default: DEFAULTS.contactNumber },
    message: { type: String, default: '' },
    requestType: { type: String, enum: REQUEST_TYPES, required: true },
    status: { type: String, enum: REQUEST_STATUSES, default: DEFAULTS.status },
    priority: { type: String, enum: PRIORITIES, default: DEFAULTS.priority },
    /** The assigned user (§3 "vendor"): the one record of who works a request. */
    vendor: { type: Schema.Types.ObjectId, ref: 'User', default: DEFAULTS.vendor },
    sourceOfContact: { type: String, enum: SOURCES_OF_CONTACT, default: DEFAULTS.sourceOfContact },
    notes: { type: [String], default: () => [...DEFAULTS.notes] },
    createdAt: { type: Date, default: () => new Date() },
    eventDate: { type: Date, default: DEFAULTS.eventDate },
    paymentMethod: { type: String, default: DEFAULTS.paymentMethod },
    eventsQuantity: { type: Number, default: DEFAULTS.eventsQuantity },
    pax: { type: Number, default: DEFAULTS.pax },
    bussinesItem: { type: String, default: DEFAULTS.bussinesItem },
    amoutPaid: { type: Number, default: DEFAULTS.amoutPaid },
    /** true/false once set in the modal's checkbox, "pending" until then. */
    emailSentToCloseEvents: {
      type: Schema.Types.Mixed,
      default: DEFAULTS.emailSentToCloseEvents,
    },
    /** Optimistic concurrency: every update must name the version it read. */
    version: { type: Number, default: DEFAULTS.version },
    /** Bumped by every status change, so a copy read before a move never moves it back. */
    statusVersion: { type: Number, default: DEFAULTS.statusVersion },
    /**
     * Moves, assignments and notes, oldest first, each appended in the same write as its change.
     * Not capped: FerretDB 1.x ignores $push's $slice, and at ~150 bytes an entry a request would
     * need some 100,000 changes to near MongoDB's 16 MB document limit. Never read with the
     * request itself (see REQUEST_FIELDS_ONLY): only GET /api/form-contact/:id/history reads it.
     */
    history: { type: [historyEntrySchema], default: () => [] },
    /**
     * The request's activities (issue 20), at most MAX_ACTIVITIES_PER_REQUEST, planned and done.
     * Deleted with the request. Changed only by activities.service.ts, which writes the whole
     * list only while `activitiesVersion` is the one it read (else reads again), so it never
     * conflicts with an edit of the request's fields or notes (which bump `version`).
     */
    activities: { type: [activitySchema], default: () => [] },
    activitiesVersion: { type: Number, default: 0 },
    /** Null: no open activity. Absent on requests stored before issue 20 (read as null). */
    nextActivity: { type: nextActivitySchema, default: null },
    /**
     * When the request entered its current stage (issue 20's "Estancada N días"): set at creation
     * and in the same write as every status change. Backfilled once on start for requests stored
     * before it (stage-changed-at.ts). By default the creation's instant (createdAt is set first).
     */
    stageChangedAt: {
      type: Date,
      default: function (this: { createdAt?: Date }) {
        return this.createdAt ?? new Date();
      },
    },
    /**
     * Inicio's funnel (issue 22): the furthest stage the request has been in, as its index in
     * REQUEST_STATUSES (skipping a stage passes it). Set at creation and raised with `$max` in the
     * same write as every status change; absent until the one-time start-up backfill
     * (stage-visits.ts) has read it from the history.
     */
    furthestStage: { type: Number },
    /**
     * Inicio's "Tiempo en cada etapa" (issue 22): each stay in a stage that has ended, appended in
     * the same write as the status change that ends it (from `stageChangedAt`, to that instant),
     * oldest first. Absent until the start-up backfill, like `furthestStage`.
     */
    stageVisits: { type: [stageVisitSchema], default: undefined },
    /**
     * Staff's estimate of its worth (issue 21), a whole amount in APP_CURRENCY; null: none.
     * Absent on requests stored before it (read as null; the board's $sum counts it 0).
     */
    expectedValue: { type: Number, default: null },
    /**
     * Set only on a closed request (outcome.ts), in the same write as the move or update that
     * closes it, cleared by the one that reopens it. Null (or absent, before issue 21) on a
     * closed request: "Sin resultado".
     */
    outcome: { type: outcomeSchema, default: null },
    /**
     * Issue 24: on a request an import created, `<importId>:<row>`, unique, so a row resumed or
     * run twice (two processes, a restart mid-chunk) is stored once. Absent otherwise.
     */
    importKey: { type: String },
    /** Issue 24: the import row that last updated it (the "update" policy), so it is applied once. */
    lastImportKey: { type: String },
    /**
     * Issue 35: the customer's mails that came since someone last opened "Correos" (the card's
     * mark); absent or 0 when none. Raised in the same write that records the mail's arrival.
     */
    unreadEmails: { type: Number },
    /**
     * Issue 36: the events of its changes not yet in the log, each pushed in the same write as
     * its change and pulled once published (requests/events/publish.ts); absent or empty
     * normally. Never read with the request (REQUEST_FIELDS_ONLY).
     */
    pendingEvents: { type: [pendingEventSchema], default: undefined },
    /**
     * Issue 36: set by a deletion in the write that records its event; the deletion itself
     * follows once the event is in the log (a crash in between: the sweep finishes it).
     */
    deleting: { type: Boolean },
  },
  { versionKey: false },
);
// The board's order within a column is createdAt then _id, both descending (board.service.ts):
// a column's page and its count are one range of this index; the cursor continues the range.
requestSchema.index({ status: 1, createdAt: -1, _id: -1 });
// The same per executive ("me", a user, "none" = null); its prefix also serves the `vendor`
// lookups of deleting a user, so the former { vendor: 1 } index is no longer declared.
requestSchema.index({ vendor: 1, status: 1, createdAt: -1, _id: -1 });
requestSchema.index({ requestNumber: 1 }, { unique: true, sparse: true });
// Issue 35: a customer's mail finds the newest request with its sender's address.
requestSchema.index({ email: 1, createdAt: -1 });
// Issue 35: the bell's count of one executive's requests with unread customer mail (a range of
// unreadEmails > 0), and the agenda's "Correos sin leer" list in the index's order read backwards
// (the most unread first, then the newest), stopping after its limit (requests/agenda/unread-mail.ts).
requestSchema.index({ vendor: 1, unreadEmails: 1, _id: 1 });
requestSchema.index({ importKey: 1 }, { unique: true, sparse: true });
// The coming agenda and bell (issue 20): one owner's open activities by due instant; a multikey
// index over the one embedded array. Its prefix serves unassigning a deleted user's activities.
requestSchema.index({ 'activities.ownerId': 1, 'activities.done': 1, 'activities.dueAt': 1 });
// The reminders' run (issue 32, due-activities.ts): everyone's open activities due in the next
// minutes, one range whatever the number of owners.
requestSchema.index({ 'activities.done': 1, 'activities.dueAt': 1 });
// The board's "Próxima acción" filter (next=, board.service.ts), per column:
// - `none` pins nextActivity.dueAt to null (a request without one has no such field), so a page
//   is one range in the column's order (createdAt, _id come right after) and a count its size.
// - `overdue`, `today` and `week` are a range of dueAt: a count reads exactly that range; a page
//   gives the planner two index plans to race: this range then an in-memory sort of what it
//   holds (best when few match, as "today"), or { status, createdAt, _id } in the column's
//   order, checking dueAt on each document until the page is full (best when most match). Both
//   stop at about a page or at what matches, whichever is smaller, never the whole collection.
requestSchema.index({ status: 1, 'nextActivity.dueAt': 1, createdAt: -1, _id: -1 });
// The board's "Resultado" filter (outcome=, issue 21) on CERRADO: won, lost or none (null
// equality, which matches a missing outcome too) pins outcome.result, so a page is one range in
// the column's order and a count its size, as `next=none` above.
requestSchema.index({ status: 1, 'outcome.result': 1, createdAt: -1, _id: -1 });
// Inicio (issue 22, dashboard.service.ts), each figure one range, whole team then per executive:
// - the funnel and each week's count of "Nuevas solicitudes por semana" read the requests created
//   in a range; the landing form's share of a week is the same range with sourceOfContact
//   checked in the index keys (a covered count: no document read).
requestSchema.index({ createdAt: 1, sourceOfContact: 1 });
requestSchema.index({ vendor: 1, createdAt: 1, sourceOfContact: 1 });
// - "Cerradas" and its outcomes (closed, got there in a range), and the team's stale requests
//   (each open stage's own range of stageChangedAt, older than its limit).
requestSchema.index({ status: 1, stageChangedAt: 1 });
requestSchema.index({ vendor: 1, status: 1, stageChangedAt: 1 });
// - "Tiempo en cada etapa": the requests holding a stay that ended in a range (multikey).
// Issue 36's sweep: requests with events left unpublished, or a deletion left unfinished, by a
// process that died (requests/events/publish.ts). Sparse: normally none.
requestSchema.index({ 'pendingEvents.at': 1 }, { sparse: true });
requestSchema.index({ deleting: 1 }, { sparse: true });
requestSchema.index({ 'stageVisits.leftAt': 1 });
requestSchema.index({ vendor: 1, 'stageVisits.leftAt': 1 });
// The pipeline (created in the period, still open) and the team's open counts are ranges of the
// board's { status, createdAt, _id } and { vendor, status, createdAt, _id } above.

/**
 * The projection of every read that answers a request: its history and its activities stay in
 * the database (each has its own endpoint), so a board page costs the same however long they
 * grow. Writes (findOneAndUpdate) can't project on FerretDB 1.x (findAndModify `fields` is not
 * implemented), so they bring back one request's lists, which toRequestJson leaves out.
 */
export const REQUEST_FIELDS_ONLY =
  '-history -activities -activitiesVersion -stageVisits -pendingEvents -deleting';

/** A request's `nextActivity` as stored (dueTime may be absent on a hand-written document). */
export type StoredNextActivity = {
  _id: Types.ObjectId;
  type: ActivityType;
  title: string;
  dueDate: string;
  dueTime?: string | null;
  dueAt: Date;
};

export type RequestDoc = InferSchemaType<typeof requestSchema> & { _id: Types.ObjectId };
const requestModel = (connection: Connection) => connection.model('Request', requestSchema);

/** Named sequences (requestNumber), advanced atomically with $inc. */
const counterSchema = new Schema(
  { _id: String, seq: { type: Number, default: 0 } },
  { versionKey: false },
);
const counterModel = (connection: Connection) => connection.model('Counter', counterSchema);

/** The requests feature's models, registered on the app's connection by app-context.ts. */
export const requestsModels = (connection: Connection) => ({
  Request: requestModel(connection),
  Counter: counterModel(connection),
});

declare module '../context.js' {
  interface Models {
    Request: ReturnType<typeof requestModel>;
    Counter: ReturnType<typeof counterModel>;
  }
}
