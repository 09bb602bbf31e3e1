import { eventsOfEntries, withEvents } from '../events/pending-events.js';
import { announce } from '../events/publish.js';
import {
  API_MESSAGES,
  FIELD_MESSAGES,
  type MoveRequestBody,
  type Outcome,
  type Request,
  type RequestStatus,
} from '@crm/shared';
import type { AppContext } from '../../context.js';
import { CONFLICT, retryOnConflict } from '../../db/retry-on-conflict.js';
import { fieldError } from '../../http/app-error.js';
import { editedFieldEntries } from '../history/history.service.js';
import {
  outcomeAfter,
  outcomeChange,
  toOutcomeJson,
  type StoredOutcome,
} from '../outcome/outcome.js';
import { REQUEST_FIELDS_ONLY, type RequestDoc } from '../request.model.js';
import { BUSY, GONE, requestAnswer, type RequestWrite } from '../requests.service.js';
import { statusMove } from './status-move.js';

/** No longer in the `from` it was moved from: changed meanwhile, naming where it is now. */
const movedAway = (status: RequestStatus): RequestWrite => ({
  done: false,
  reason: 'changed',
  current: { status },
});

type MoveBaseDoc = Pick<
  RequestDoc,
  'status' | 'statusVersion' | 'version' | 'createdAt' | 'stageChangedAt' | 'amoutPaid'
> & { outcome?: StoredOutcome | null };

/**
 * One request moved from `from` to `to`, ending with `outcome` (already checked by outcomeAfter):
 * the move of PATCH /api/form-contact/:id/status and of each request of a bulk move
 * (bulk-actions.ts). One conditional write: it applies only while the request is still in `from`
 * and no other status change came since it was read (statusVersion), sets nothing but the status
 * and when its stage began (not `version`, so no edit conflicts with it), bumps statusVersion and
 * records the move, the furthest stage and the stay it ends (issue 22). Another move back into
 * `from` meanwhile: it reads again; out of `from`: refused, naming where it is now.
 *
 * Issue 21: a move into or out of CERRADO also sets or clears the outcome, recorded in the same
 * write; as it names the outcome it replaces, that write also needs the `version` read with it
 * (an edit may have changed the outcome meanwhile), and reads again when an edit came first:
 * never a conflict for an edit.
 *
 * Issue 33: `amoutPaid`, given with a won close, is set in the same write (an edit of a field:
 * `version` goes up, so a draft read before it meets a conflict, not a silent overwrite) and
 * recorded as the modal's change of "Monto pagado" is.
 */
export async function moveOne(
  ctx: AppContext,
  id: string,
  { from, to }: Pick<MoveRequestBody, 'from' | 'to'>,
  outcome: Outcome | null,
  userId: string,
  amoutPaid?: number,
): Promise<RequestWrite> {
  const { Request } = ctx.models;
  // Read by `_id` alone and checked here: on FerretDB 1.x only an `{ _id }` filter is an index
  // read (any other condition scans the collection), which a bulk move does a thousand times.
  if (from === to) {
    const same = await Request.findById(id, REQUEST_FIELDS_ONLY).lean<RequestDoc>();
    if (!same) return GONE;
    return same.status === from
      ? { done: true, changed: false, request: same }
      : movedAway(same.status);
  }
  const closing = from === 'closed' || to === 'closed';
  return retryOnConflict<RequestWrite>(
    async () => {
      const stored = await Request.findById(
        id,
        'status statusVersion version outcome createdAt stageChangedAt amoutPaid',
      ).lean<MoveBaseDoc>();
      if (!stored) return GONE;
      if (stored.status !== from) return movedAway(stored.status);
      const now = ctx.clock.now();
      const change = closing
        ? outcomeChange(now, userId, toOutcomeJson(stored.outcome), outcome)
        : { set: {}, entries: [] };
      // The new stage starts now (the card's "Estancada" count) and the stay read ends now.
      const move = statusMove(stored, to, userId, now);
      const paid =
        amoutPaid === undefined
          ? []
          : editedFieldEntries(now, userId, { amoutPaid: stored.amoutPaid }, { amoutPaid });
      const moved = await Request.findOneAndUpdate(
        {
          _id: id,
          status: from,
          // The copy read is the one replaced, so the stay ended is the one that was running.
          ...move.when,
          // A move that sets or clears the outcome names the one read.
          ...(closing && { version: stored.version }),
        },
        withEvents(
          {
            $set: { ...move.set, ...change.set, ...(paid.length > 0 && { amoutPaid }) },
            $inc: { ...move.inc, ...(paid.length > 0 && { version: 1 }) },
            $max: move.max,
            $push: {
              history: { $each: [move.entry, ...change.entries, ...paid] },
              stageVisits: move.visit,
            },
          },
          eventsOfEntries(now, userId, [move.entry, ...change.entries, ...paid]),
        ),
        { new: true },
      ).lean<RequestDoc>();
      if (!moved) return CONFLICT;
      announce(ctx, id);
      return { done: true, changed: true, request: moved };
    },
    { exhausted: () => BUSY },
  );
}

/**
 * PATCH /api/form-contact/:id/status. The outcome is checked against `from` and `to` before
 * anything is read (400 before 404 and 409): CERRADO is reached only with one, no other stage
 * takes one. Moved meanwhile: 409 naming where it is now. `amoutPaid` goes only with a won
 * outcome (400 `amoutPaid` otherwise, before anything is read too).
 */
export async function moveRequest(
  ctx: AppContext,
  id: string,
  body: MoveRequestBody,
  userId: string,
): Promise<Request> {
  // A move into CERRADO comes from a stage without an outcome.
  const outcome = await outcomeAfter(
    ctx,
    { status: body.from, outcome: null },
    body.to,
    body.outcome,
  );
  if (body.amoutPaid !== undefined && outcome?.result !== 'won') {
    throw fieldError('amoutPaid', FIELD_MESSAGES.amountPaidOnlyWhenWon);
  }
  return requestAnswer(
    await moveOne(ctx, id, body, outcome, userId, body.amoutPaid),
    API_MESSAGES.requestMoved,
  );
}
