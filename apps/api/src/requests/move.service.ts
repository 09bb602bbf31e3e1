import { API_MESSAGES, type MoveRequestBody, type Request } from '@crm/shared';
import type { AppContext } from '../context.js';
import { conflict, notFound } from '../http/app-error.js';
import { historyEntry } from './history.service.js';
import { outcomeAfter, outcomeChange, toOutcomeJson, type StoredOutcome } from './outcome.js';
import { REQUEST_FIELDS_ONLY, type RequestDoc } from './request.model.js';
import { toRequestJson } from './requests.service.js';
import { stageChange } from './stage-visits.js';

/** 409 naming where the request is now, or 404 when it is gone. */
async function refuseMove(ctx: AppContext, id: string): Promise<never> {
  const current = await ctx.models.Request.findById(id, 'status').lean<
    Pick<RequestDoc, 'status'>
  >();
  if (!current) throw notFound(API_MESSAGES.requestNotFound);
  throw conflict(API_MESSAGES.requestMoved, { status: current.status });
}

type MoveBaseDoc = Pick<
  RequestDoc,
  'status' | 'statusVersion' | 'version' | 'createdAt' | 'stageChangedAt'
> & { outcome?: StoredOutcome | null };

/**
 * PATCH /api/form-contact/:id/status. One conditional write: it applies only while the request
 * is still in `from` and no other status change came since it was read (statusVersion), sets
 * nothing but the status and when its stage began (not `version`, so no edit conflicts with it),
 * bumps statusVersion and records the move, the furthest stage and the stay it ends (issue 22).
 * Another move back into `from` meanwhile: it reads again; out of `from`: 409.
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
  const closing = from === 'closed' || to === 'closed';
  for (let attempt = 0; attempt < 20; attempt++) {
    const stored = await Request.findOne(
      { _id: id, status: from },
      'status statusVersion version outcome createdAt stageChangedAt',
    ).lean<MoveBaseDoc>();
    if (!stored) return refuseMove(ctx, id);
    const change = closing
      ? outcomeChange(userId, toOutcomeJson(stored.outcome), outcome)
      : { set: {}, entries: [] };
    // The new stage starts now (the card's "Estancada" count) and the stay read ends now.
    const stage = stageChange(stored, to, new Date());
    const moved = await Request.findOneAndUpdate(
      {
        _id: id,
        status: from,
        // The copy read is the one replaced, so the stay ended is the one that was running; null
        // also matches a request stored before statusVersion existed.
        statusVersion: stored.statusVersion ?? null,
        // A move that sets or clears the outcome names the one read.
        ...(closing && { version: stored.version }),
      },
      {
        $set: { status: to, ...stage.set, ...change.set },
        $inc: { statusVersion: 1 },
        $max: stage.max,
        $push: {
          history: { $each: [historyEntry(userId, 'status', from, to), ...change.entries] },
          stageVisits: stage.visit,
        },
      },
      { new: true },
    ).lean<RequestDoc>();
    if (moved) return toRequestJson(moved);
  }
  throw conflict(API_MESSAGES.requestConflict);
}
