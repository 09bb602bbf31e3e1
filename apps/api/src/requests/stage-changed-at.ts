import type { Types } from 'mongoose';
import type { AppContext } from '../context.js';

/*
 * Requests stored before issue 20 have no `stageChangedAt`. Once, on start, each gets the
 * instant of its last recorded status change (its history's last `status` entry), else its
 * creation (never moved, or moved before moves were recorded). Idempotent: each write applies
 * only while the field is still missing, so two processes starting together, or a start cut
 * short, leave the same result; a marker then spares later starts the scan.
 */

/** The marker, in the named counters' collection: present once every request has the field. */
const DONE_MARKER = 'backfill:stageChangedAt';
const BATCH = 500;

type Missing = {
  _id: Types.ObjectId;
  createdAt: Date;
  history?: { field?: string; at?: Date }[];
};

/** When a stored request entered its stage, as far as it recorded. */
export function stageStartOf({ createdAt, history = [] }: Missing): Date {
  for (let i = history.length - 1; i >= 0; i--) {
    const entry = history[i];
    if (entry?.field === 'status' && entry.at) return entry.at;
  }
  return createdAt;
}

/** Sets `stageChangedAt` on every request without it, a batch at a time. Returns how many. */
export async function backfillStageChangedAt(ctx: AppContext): Promise<number> {
  const { Request, Counter } = ctx.models;
  if (await Counter.exists({ _id: DONE_MARKER })) return 0;
  let filled = 0;
  let after: Types.ObjectId | undefined;
  for (;;) {
    // In _id order from the last batch on, so each pass moves forward whatever happens meanwhile;
    // only the fields it needs (not the notes, activities or the rest of each history entry).
    const batch = await Request.find(
      { stageChangedAt: { $exists: false }, ...(after && { _id: { $gt: after } }) },
      'createdAt history.field history.at',
    )
      .sort({ _id: 1 })
      .limit(BATCH)
      .lean<Missing[]>();
    if (batch.length > 0) {
      const result = await Request.bulkWrite(
        batch.map((request) => ({
          updateOne: {
            filter: { _id: request._id, stageChangedAt: { $exists: false } },
            update: { $set: { stageChangedAt: stageStartOf(request) } },
          },
        })),
        { ordered: false },
      );
      filled += result.modifiedCount;
      after = batch.at(-1)?._id;
    }
    if (batch.length < BATCH) break;
  }
  await Counter.updateOne({ _id: DONE_MARKER }, { $set: { seq: 1 } }, { upsert: true });
  if (filled > 0) ctx.logger.info({ filled }, 'requests: stageChangedAt backfilled');
  return filled;
}
