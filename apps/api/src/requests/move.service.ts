import { API_MESSAGES, type MoveRequestBody, type Request } from '@crm/shared';
import type { AppContext } from '../context.js';
import { conflict, notFound } from '../http/app-error.js';
import { historyEntry } from './history.service.js';
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

/**
 * PATCH /api/form-contact/:id/status. One conditional write: it applies only while the request
 * is still in `from`, sets nothing but the status and when its stage began (not `version`, so
 * no edit conflicts with it), bumps statusVersion and records the move.
 */
export async function moveRequest(
  ctx: AppContext,
  id: string,
  { from, to }: MoveRequestBody,
  userId: string,
): Promise<Request> {
  const { Request } = ctx.models;
  const moved =
    from === to
      ? await Request.findOne({ _id: id, status: from }, REQUEST_FIELDS_ONLY).lean<RequestDoc>()
      : await Request.findOneAndUpdate(
          { _id: id, status: from },
          {
            // The new stage starts now, in the same write (the card's "Estancada" count).
            $set: { status: to, stageChangedAt: new Date() },
            $inc: { statusVersion: 1 },
            $push: { history: historyEntry(userId, 'status', from, to) },
          },
          { new: true },
        ).lean<RequestDoc>();
  return moved ? toRequestJson(moved) : refuseMove(ctx, id);
}
