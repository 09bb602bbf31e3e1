import type { Model, UpdateQuery } from 'mongoose';
import { isDuplicateKeyError } from './errors.js';
import { retryOnConflict } from './retry-on-conflict.js';

/**
 * One atomic upsert of the live record `id` of an expiring collection (expiring-schema.ts):
 * `update` applies to it while it hasn't lapsed, else to a new one. The upsert collides with a
 * document the filter skipped when another first call inserted it meanwhile (the retry updates
 * it) or when it lapsed and no TTL monitor has removed it yet (FerretDB has none; MongoDB's runs
 * once a minute): the lapsed one is removed and the upsert retried. Answers the record after.
 */
export async function upsertLive<T>(
  model: Model<T>,
  id: string,
  now: number,
  update: UpdateQuery<T>,
): Promise<T | null> {
  return retryOnConflict(
    async (attempt) => {
      // After a collision: the lapsed record, if that is what it was, goes first.
      if (attempt > 0) await model.deleteOne({ _id: id, expiresAt: { $lte: new Date(now) } });
      return model
        .findOneAndUpdate({ _id: id, expiresAt: { $gt: new Date(now) } }, update, {
          upsert: true,
          new: true,
        })
        .lean<T>();
    },
    // Two retries are enough (a concurrent insert, then a lapsed record); a third clash is no race.
    { attempts: 3, isConflict: isDuplicateKeyError },
  );
}

/** Sets the record `id` (upserted); two callers doing it at once both end with it set. */
export async function setExpiring<T>(model: Model<T>, id: string, set: UpdateQuery<T>['$set']) {
  try {
    await model.updateOne({ _id: id }, { $set: set }, { upsert: true });
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
  }
}

/**
 * A caller's expiring counter is over its limit: `message` tells them so, `retryAfterMs` when
 * to try again. The HTTP layer answers 429 with Retry-After (error-handler.ts).
 */
export class RateLimitedError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message);
    this.name = 'RateLimitedError';
  }
}
