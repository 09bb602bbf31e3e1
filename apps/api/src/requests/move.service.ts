import { API_MESSAGES, type MoveRequestBody, type Request } from '@crm/shared';
import type { AppContext } from '../context.js';
import { conflict, notFound } from '../http/app-error.js';
import { historyEntry } from './history.service.js';
import { outcomeAfter, outcomeChange, toOutcomeJson, type StoredOutcome } from './outcome.js';
import { REQUEST_FIELDS_ONLY, type RequestDoc } from './request.model.js';
import { toRequestJson } from './requests.service.js';

/** 409 naming where the request is now, or 404 when it is gone. */
async function refuseMove(ctx: AppContext, id: string): Promise<never> {
  const current = await ctx.models.Request.findById(id, 'status').lean<
    Pick<RequestDoc, 'status'>
  >();
  if (!current) throw notFound(API_MESSAGES.requestNotFound);
  throw conflict(API_MESSAGES.requestMoved, { status: current.status });
}

type OutcomeBaseDoc = Pick<RequestDoc, 'status' | 'version'> & { outcome?: StoredOutcome | null };

/**
 * PATCH /api/form-contact/:id/status. One conditional write: it applies only while the request
 * is still in `from`, sets nothing but the status and when its stage began (not `version`, so
 * no edit conflicts with it), bumps statusVersion and records the move.
 *
 * Issue 21: the outcome is checked against `from` and `to` before anything is read (400 before
 * 409): CERRADO is reached only with one, no other stage takes one. A move into or out of
 * CERRADO also sets or clears it, recorded in the same write; as it names the outcome it
 * replaces, that write also needs the `version` read with it (an edit may have changed the
 * outcome meanwhile), and reads again when an edit came first: never a 409 for an edit.
 */
export async function moveRequest(
  ctx: AppContext,
  id: string,
  { from, to, outcome: sent }: MoveRequestBody,
  userId: string,
): Promise<Request> {
  const { Request } = ctx.models;
  // A move into CERRADO comes from a stage without an outcome.
  const outcome = await outcomeAfter(ctx, { status: from, outcome: null }, to, sent);
  if (from === to) {
    const same = await Request.findOne(
      { _id: id, status: from },
      REQUEST_FIELDS_ONLY,
    ).lean<RequestDoc>();
    return same ? toRequestJson(same) : refuseMove(ctx, id);
  }
  const move = {
    // The new stage starts now, in the same write (the card's "Estancada" count).
    $set: { status: to, stageChangedAt: new Date() },
    $inc: { statusVersion: 1 },
  };
  if (from !== 'closed' && to !== 'closed') {
    const moved = await Request.findOneAndUpdate(
      { _id: id, status: from },
      { ...move, $push: { history: historyEntry(userId, 'status', from, to) } },
      { new: true },
    ).lean<RequestDoc>();
    return moved ? toRequestJson(moved) : refuseMove(ctx, id);
  }
  for (let attempt = 0; attempt < 20; attempt++) {
    const stored = await Request.findOne(
      { _id: id, status: from },
      'status version outcome',
    ).lean<OutcomeBaseDoc>();
    if (!stored) return refuseMove(ctx, id);
    const change = outcomeChange(userId, toOutcomeJson(stored.outcome), outcome);
    const moved = await Request.findOneAndUpdate(
      { _id: id, status: from, version: stored.version },
      {
        ...move,
        $set: { ...move.$set, ...change.set },
        $push: {
          history: { $each: [historyEntry(userId, 'status', from, to), ...change.entries] },
        },
      },
      { new: true },
    ).lean<RequestDoc>();
    if (moved) return toRequestJson(moved);
  }
  throw conflict(API_MESSAGES.requestConflict);
}
