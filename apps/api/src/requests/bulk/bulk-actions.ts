import {
  BULK_FAILURES,
  FIELD_MESSAGES,
  type BulkActionBody,
  type BulkFailureReason,
  type BulkResult,
  type Priority,
} from '@crm/shared';
import { isAdmin, type AuthUser } from '../../auth/index.js';
import type { AppContext } from '../../context.js';
import { CONFLICT, retryOnConflict } from '../../db/retry-on-conflict.js';
import { AppError, fieldError, forbidden } from '../../http/app-error.js';
import { editedFieldEntries } from '../history/history.service.js';
import { moveOne } from '../moves/move.service.js';
import { outcomeAfter } from '../outcome/outcome.js';
import { REQUEST_FIELDS_ONLY, type RequestDoc } from '../request.model.js';
import { eventsOfEntries, withEvents } from '../events/pending-events.js';
import { announce } from '../events/publish.js';
import { assignOne, BUSY, deleteOne, GONE, type RequestWrite } from '../requests.service.js';

/*
 * POST /api/form-contact/bulk (issue 24): the one-request move, assignment and delete applied to
 * each request of a selection, each in its own conditional write with its own history entry.
 * Whatever applies to the whole action (the role, the outcome, the executive) is checked once,
 * before anything is written; after that a request that can't change is listed and the others
 * still change. Nothing is undone: there is no transaction to undo with, and none is wanted.
 */

/**
 * Writes in flight at once. The API's pool (MONGO_MAX_POOL_SIZE, 20 by default) keeps the rest
 * of its connections for the other users; a selection of 1,000 never opens 1,000 operations, so
 * FerretDB's one SQLite writer is not flooded and the board's reads interleave.
 */
const CONCURRENT_WRITES = 8;

/**
 * Runs `write` on each item, at most `limit` at a time, and answers the results in the items'
 * order. A failure (the database gone) stops the items not yet started and is rethrown once the
 * writes already running have finished.
 */
async function eachBounded<T, R>(
  items: readonly T[],
  limit: number,
  write: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (!failure && next < items.length) {
      const index = next++;
      try {
        results[index] = await write(items[index]!);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw failure.error;
  return results;
}

/**
 * One request's priority set to `to` while it still is `from`, recorded in the same write as a
 * save records it (editedFieldEntries: "Prioridad: Baja → Alta"). It bumps `version` as a save
 * does: the priority is one of the fields the Edit Request modal saves, so a modal opened before
 * this change gets its 409 on save instead of silently putting the old priority back.
 */
async function setPriorityOne(
  ctx: AppContext,
  id: string,
  from: Priority,
  to: Priority,
  userId: string,
): Promise<RequestWrite> {
  const { Request } = ctx.models;
  return retryOnConflict<RequestWrite>(
    async () => {
      // Read by `_id` alone, as a move does (move.service.ts): an index read on FerretDB 1.x too.
      const stored = await Request.findById(id, REQUEST_FIELDS_ONLY).lean<RequestDoc>();
      if (!stored) return GONE;
      if (stored.priority !== from) {
        return { done: false, reason: 'changed', current: { priority: stored.priority } };
      }
      if (from === to) return { done: true, changed: false, request: stored };
      const at = ctx.clock.now();
      const entries = editedFieldEntries(at, userId, { priority: from }, { priority: to });
      const updated = await Request.findOneAndUpdate(
        { _id: id, priority: from },
        withEvents(
          { $set: { priority: to }, $inc: { version: 1 }, $push: { history: { $each: entries } } },
          eventsOfEntries(at, userId, entries),
        ),
        { new: true },
      ).lean<RequestDoc>();
      // Not applied: it changed between the read and the write; the next read says how.
      if (!updated) return CONFLICT;
      announce(ctx, id);
      return { done: true, changed: true, request: updated };
    },
    { exhausted: () => BUSY },
  );
}

/**
 * The write for each item of `body`, once what applies to the whole action is checked: assign
 * and delete are for system admins (403), the executive must exist (400 `vendorId`), a move's
 * outcome is checked once against the settings' lost reasons (400 `outcome…`).
 */
async function writerFor(
  ctx: AppContext,
  body: BulkActionBody,
  caller: AuthUser,
): Promise<(index: number) => Promise<RequestWrite>> {
  const { userId } = caller;
  switch (body.action) {
    case 'move': {
      const { to, items } = body;
      // As for one move, a move into CERRADO comes from a stage without an outcome: checked as
      // the first request that really moves (those already in `to` change nothing).
      const mover = items.find((item) => item.from !== to) ?? items[0]!;
      const outcome = await outcomeAfter(
        ctx,
        { status: mover.from, outcome: null },
        to,
        body.outcome,
      );
      return (index) =>
        moveOne(ctx, items[index]!.id, { from: items[index]!.from, to }, outcome, userId);
    }
    case 'priority': {
      const { priority, items } = body;
      return (index) => setPriorityOne(ctx, items[index]!.id, items[index]!.from, priority, userId);
    }
    case 'assign': {
      if (!isAdmin(caller)) throw forbidden();
      const { vendorId, items } = body;
      if (vendorId !== null && !(await ctx.users.exists(vendorId))) {
        throw fieldError('vendorId', FIELD_MESSAGES.activityOwnerUnknown);
      }
      return (index) => assignOne(ctx, items[index]!.id, vendorId, userId);
    }
    case 'delete': {
      if (!isAdmin(caller)) throw forbidden();
      const { items } = body;
      return (index) => deleteOne(ctx, items[index]!.id, userId);
    }
  }
}

/** What one request's write came to, as the answer lists it; a failure names its reason. */
type Verdict = { listed: 'changed' | 'unchanged' } | { failed: BulkFailureReason };

async function verdictOf(write: Promise<RequestWrite>): Promise<Verdict> {
  try {
    const done = await write;
    if (!done.done) return { failed: done.reason };
    return { listed: done.changed ? 'changed' : 'unchanged' };
  } catch (error) {
    // A request the move's rules refuse on its own is listed, not a 400 for the whole action
    // (today those rules are all checked once, before; this keeps a new one from undoing that).
    if (error instanceof AppError && error.status === 400) return { failed: 'invalid' };
    throw error;
  }
}

/** POST /api/form-contact/bulk: what changed, what already was so, and what could not change. */
export async function bulkAction(
  ctx: AppContext,
  body: BulkActionBody,
  caller: AuthUser,
): Promise<BulkResult> {
  const write = await writerFor(ctx, body, caller);
  const positions = body.items.map((_, index) => index);
  const verdicts = await eachBounded(positions, CONCURRENT_WRITES, (index) =>
    verdictOf(write(index)),
  );
  const result: BulkResult = { changed: [], unchanged: [], failed: [] };
  // Each list in the order the requests were sent.
  verdicts.forEach((verdict, index) => {
    const { id } = body.items[index]!;
    if ('listed' in verdict) result[verdict.listed].push(id);
    else result.failed.push({ id, reason: verdict.failed, message: BULK_FAILURES[verdict.failed] });
  });
  ctx.audit.record({
    action: 'requests.bulk',
    details: {
      kind: body.action,
      count: body.items.length,
      changed: result.changed.length,
      failed: result.failed.length,
    },
    deleted: body.action === 'delete' ? result.changed.length : 0,
  });
  return result;
}
