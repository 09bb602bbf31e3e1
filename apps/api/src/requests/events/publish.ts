import type { CrmEvent } from '@crm/shared';
import type { AppContext } from '../../context.js';
import { appendEvents, type NewEvent } from '../../events/index.js';
import { afterAnswer } from '../../http/after-answer.js';
import type { BackgroundJob } from '../../jobs/index.js';
import type { RequestDoc } from '../request.model.js';
import { toRequestJson } from '../requests.service.js';
import { eventId, type PendingEvent } from './pending-events.js';

/*
 * Issue 36: requests' pending events into the log (pending-events.ts), then off the requests.
 * The process that made a change publishes it just after the answer (`announce`), through one
 * publisher a process that takes every request announced meanwhile in one batch (a bulk move of
 * 1,000 requests is a few writes, not thousands); the sweep (a job, any one process) publishes
 * what a dead process left. Published twice (two processes, a crash between the log's write and
 * the pull) an event is stored once: its id is unique.
 */

export type PublishedDoc = Omit<RequestDoc, 'pendingEvents'> & {
  pendingEvents?: PendingEvent[];
  deleting?: boolean;
};

/** Unpublished this long, an event is the sweep's: its process died or its publish failed. */
export const ORPHANED_AFTER_MS = 5000;
/** Requests one sweep, or one batch of the publisher, publishes; more wait for the next. */
const BATCH = 200;
/** A request as the publisher reads it: the card, its pending events, whether it is going. */
const PUBLISHED_FIELDS = '-history -activities -activitiesVersion -stageVisits';

/** What the log keeps of a deleted request: enough to name it. */
const deletedData = (doc: PublishedDoc): CrmEvent['data'] => ({
  ...(doc.requestNumber != null && { requestNumber: doc.requestNumber }),
  name: doc.name,
});

function toNewEvents(doc: PublishedDoc, names: Map<string, string>): NewEvent[] {
  const requestId = doc._id.toHexString();
  const request = toRequestJson(doc as RequestDoc);
  return (doc.pendingEvents ?? []).map((event) => {
    const by = event.by?.toHexString();
    const name = by ? names.get(by) : undefined;
    return {
      id: eventId(requestId, event.key),
      type: event.type,
      occurredAt: event.at,
      actor: by && name !== undefined ? { id: by, name } : null,
      requestId,
      data:
        event.type === 'request.deleted'
          ? deletedData(doc)
          : { request, ...(event.changes && { changes: event.changes }) },
    };
  });
}

/** The actors' names, one read for all the requests' events. */
function actorNames(ctx: AppContext, docs: readonly PublishedDoc[]): Promise<Map<string, string>> {
  const ids = new Set(
    docs.flatMap((doc) => (doc.pendingEvents ?? []).flatMap((event) => event.by ?? [])),
  );
  if (ids.size === 0) return Promise.resolve(new Map<string, string>());
  return ctx.users.namesByIds([...ids].map((id) => id.toHexString()));
}

/**
 * Publishes these requests' pending events (each request's oldest first) in one append, and
 * takes them off the requests in one bulk write; `pull: false` for requests about to be deleted.
 */
async function publishDocs(
  ctx: AppContext,
  docs: readonly PublishedDoc[],
  { pull = true } = {},
): Promise<void> {
  const withEvents = docs.filter((doc) => (doc.pendingEvents ?? []).length > 0);
  if (withEvents.length === 0) return;
  const names = await actorNames(ctx, withEvents);
  await appendEvents(
    ctx,
    withEvents.flatMap((doc) => toNewEvents(doc, names)),
  );
  if (!pull) return;
  // The very elements read, through the driver (no casting that could change a field's order):
  // FerretDB 1.x pulls only by equal value, not by a condition on `key`.
  await ctx.models.Request.collection.bulkWrite(
    withEvents.map((doc) => {
      const update: Record<string, unknown> = { $pullAll: { pendingEvents: doc.pendingEvents } };
      return { updateOne: { filter: { _id: doc._id }, update } };
    }),
    { ordered: false },
  );
}

/**
 * Publishes the requests' pending events; those marked `deleting` are then deleted (their
 * deletion's event is in the log first). One read, and writes only where events wait.
 */
export async function publishRequestEvents(
  ctx: AppContext,
  requestIds: readonly string[],
): Promise<void> {
  if (requestIds.length === 0) return;
  const docs = await ctx.models.Request.find({ _id: { $in: requestIds } }, PUBLISHED_FIELDS).lean<
    PublishedDoc[]
  >();
  await publishDocs(ctx, docs);
  for (const doc of docs) if (doc.deleting) await finishDeletion(ctx, doc._id.toHexString());
}

/**
 * A deletion's last step, the request read with its deletion's event (requests.service.ts): its
 * events into the log, then the request and what other features keep of it (its mails, files).
 */
export async function publishAndDelete(ctx: AppContext, marked: PublishedDoc): Promise<void> {
  await publishDocs(ctx, [marked], { pull: false });
  await finishDeletion(ctx, marked._id.toHexString());
}

async function finishDeletion(ctx: AppContext, requestId: string): Promise<void> {
  // Only requests marked `deleting` come here; by `_id` alone, an index read on FerretDB too.
  await ctx.models.Request.deleteOne({ _id: requestId });
  await ctx.requestData.forget(requestId);
}

/** Each context's publisher: the requests announced and not yet taken, and whether it runs. */
type Publisher = { waiting: Set<string>; running: boolean };
const publishers = new WeakMap<AppContext, Publisher>();

/**
 * Publishes the requests' events after the answer, not making the caller wait. A failure is
 * logged and left to the sweep, which finds the events on the requests. Tests wait for it with
 * `afterAnswerSettled`.
 */
export function announce(ctx: AppContext, ...requestIds: string[]): void {
  if (requestIds.length === 0) return;
  let publisher = publishers.get(ctx);
  if (!publisher) {
    publisher = { waiting: new Set(), running: false };
    publishers.set(ctx, publisher);
  }
  for (const id of requestIds) publisher.waiting.add(id);
  if (publisher.running) return;
  publisher.running = true;
  const own = publisher;
  afterAnswer(ctx, 'publishing events failed; the sweep publishes them', async () => {
    try {
      // One batch at a time: a request is never published by two of this process's batches
      // at once (both would find its events, and the second would waste positions).
      while (own.waiting.size > 0) {
        const batch = [...own.waiting].slice(0, BATCH);
        for (const id of batch) own.waiting.delete(id);
        await publishRequestEvents(ctx, batch);
      }
    } finally {
      own.running = false;
    }
  });
}

/** Requests with an event unpublished since before `cutoff` (index-bound.test.ts). */
export const orphanedEventsQuery = (ctx: AppContext, cutoff: Date) =>
  ctx.models.Request.find({ 'pendingEvents.at': { $lt: cutoff } }, '_id').limit(BATCH);

/** Requests whose deletion was left half done (index-bound.test.ts). */
export const unfinishedDeletionsQuery = (ctx: AppContext) =>
  ctx.models.Request.find({ deleting: true }, '_id').limit(BATCH);

/**
 * One sweep: the requests whose events have waited ORPHANED_AFTER_MS or more, and those whose
 * deletion was left half done; two reads of sparse indexes, whatever the number of requests.
 */
export async function sweepPendingEvents(ctx: AppContext, now = ctx.clock.now()): Promise<number> {
  const cutoff = new Date(now.getTime() - ORPHANED_AFTER_MS);
  const [pending, deleting] = await Promise.all([
    orphanedEventsQuery(ctx, cutoff).lean(),
    unfinishedDeletionsQuery(ctx).lean(),
  ]);
  const ids = [...new Set([...pending, ...deleting].map((doc) => doc._id.toHexString()))];
  await publishRequestEvents(ctx, ids);
  return ids.length;
}

/** The sweep on the app's scheduler: one process at a time, every few seconds. */
export const publishEventsJob: BackgroundJob = {
  name: 'events.sweep',
  every: '10 seconds',
  run: (ctx) =>
    sweepPendingEvents(ctx).then(
      () => undefined,
      (error: unknown) => ctx.logger.warn({ err: error }, 'sweeping pending events failed'),
    ),
};
