import type { Types } from 'mongoose';
import type { AppContext } from '../../context.js';

const BATCH = 500;

export type Backfill<Stored> = {
  /** Its marker in the named counters' collection: present once every request has the field. */
  marker: string;
  /** The field a request stored before it lacks (and gets). */
  missing: string;
  /** Only what `compute` reads (not the notes, activities or the rest of the history). */
  fields: string;
  /** The fields to set on one request, already as stored. */
  compute: (request: Stored) => Record<string, unknown>;
  /** What the log line says was filled. */
  what: string;
};

/**
 * Gives every request stored before a field existed its value, once, on start (issues 20, 22):
 * in batches in _id order from the last batch on, so each pass moves forward whatever happens
 * meanwhile. Idempotent: each write applies only while the field is still missing, so two
 * processes starting together, or a start cut short, leave the same result; the marker then
 * spares later starts the scan. Returns how many requests it filled.
 */
export async function backfillOnce<Stored extends { _id: Types.ObjectId }>(
  ctx: AppContext,
  { marker, missing, fields, compute, what }: Backfill<Stored>,
): Promise<number> {
  const { Request, Counter } = ctx.models;
  if (await Counter.exists({ _id: marker })) return 0;
  let filled = 0;
  let after: Types.ObjectId | undefined;
  for (;;) {
    const batch = await Request.find(
      { [missing]: { $exists: false }, ...(after && { _id: { $gt: after } }) },
      fields,
    )
      .sort({ _id: 1 })
      .limit(BATCH)
      .lean<Stored[]>();
    if (batch.length > 0) {
      // The driver's: the values are already as stored, and mongoose's bulkWrite types an array
      // field as a document array.
      const result = await Request.collection.bulkWrite(
        batch.map((request) => ({
          updateOne: {
            filter: { _id: request._id, [missing]: { $exists: false } },
            update: { $set: compute(request) },
          },
        })),
        { ordered: false },
      );
      filled += result.modifiedCount;
      after = batch.at(-1)?._id;
    }
    if (batch.length < BATCH) break;
  }
  await Counter.updateOne({ _id: marker }, { $set: { seq: 1 } }, { upsert: true });
  if (filled > 0) ctx.logger.info({ filled }, `requests: ${what} backfilled`);
  return filled;
}
