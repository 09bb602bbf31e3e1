import { randomUUID } from 'node:crypto';
import { Schema, type Connection } from 'mongoose';
import type { AppContext } from '../context.js';
import { isDuplicateKeyError } from '../db/errors.js';

/*
 * Which API process runs an import: the holder of its lease, a document keyed `import:<id>`.
 * Inserting a document with a taken `_id` fails on every server, FerretDB 1.x included (where a
 * findAndModify is not atomic across connections), so two processes never both take it; the
 * pattern is db/lock.ts's. The holder renews it between chunks; one that died (SIGKILL, power
 * cut, the database gone for longer than a lease) leaves it to expire, and the next process
 * deletes it and takes over.
 *
 * The lease also counts how many runs in a row ended on the same chunk without finishing it
 * (each one that lost its lease rather than releasing it): after MAX_FAILED_RUNS the import is
 * given up (the worker marks it failed) instead of retried forever.
 *
 * Its own collection, not the Lock model's: no TTL index may sweep the count away, and a lock's
 * document has no room for it.
 */
const leaseSchema = new Schema(
  {
    _id: String,
    owner: { type: String, required: true },
    expiresAt: { type: Date, required: true },
    /** The chunk the holder is on (the import's nextChunk). */
    chunk: { type: Number, required: true },
    /** Earlier runs in a row that ended on `chunk` without finishing it. */
    failures: { type: Number, default: 0 },
  },
  { versionKey: false },
);

const leaseModel = (connection: Connection) =>
  (connection.models.ImportLease as ReturnType<typeof register> | undefined) ??
  register(connection);
const register = (connection: Connection) =>
  connection.model('ImportLease', leaseSchema, 'import_leases');

export const LEASE_MS = 30_000;
/** Runs in a row that may end on one chunk before the import is marked failed. */
export const MAX_FAILED_RUNS = 5;

export type LeaseClock = () => Date;

export type Lease = {
  readonly owner: string;
  /** Failed runs on `chunk` before this one (0 on a fresh start). */
  readonly failures: number;
  /**
   * Extends the lease and records the chunk the holder is on; false when the lease was lost
   * (another process took it over after it expired): the holder must stop.
   */
  renew(chunk: number): Promise<boolean>;
  /** Gives it up at once (done, cancelled, or nothing to do), so nobody waits for it to expire. */
  release(): Promise<void>;
};

const leaseId = (importId: string) => `import:${importId}`;

/**
 * The lease on an import, or undefined when another process holds it. `chunk` is where this run
 * starts (the import's nextChunk): an expired lease left on that same chunk counts one more failure.
 */
export async function takeLease(
  ctx: AppContext,
  importId: string,
  chunk: number,
  clock: LeaseClock,
  leaseMs = LEASE_MS,
): Promise<Lease | undefined> {
  const Lease = leaseModel(ctx.connection);
  const _id = leaseId(importId);
  const owner = randomUUID();
  let failures = 0;
  const expiry = () => new Date(clock().getTime() + leaseMs);
  const insert = async () => {
    try {
      await Lease.create({ _id, owner, expiresAt: expiry(), chunk, failures });
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  };
  if (!(await insert())) {
    const held = await Lease.findById(_id).lean();
    if (!held || held.expiresAt.getTime() >= clock().getTime()) return undefined;
    // Its holder stopped without releasing it: that run failed on the chunk it was on.
    failures = held.chunk === chunk ? held.failures + 1 : 1;
    // Only the very lease read: another process that got here first has replaced it.
    await Lease.deleteOne({ _id, owner: held.owner, expiresAt: { $lt: clock() } });
    if (!(await insert())) return undefined;
  }
  return {
    owner,
    failures,
    renew: async (at: number) => {
      const renewed = await Lease.updateOne(
        { _id, owner },
        // Moving on to another chunk starts its count afresh.
        { $set: { expiresAt: expiry(), chunk: at, ...(at !== chunk && { failures: 0 }) } },
      );
      return renewed.matchedCount === 1;
    },
    release: async () => {
      await Lease.deleteOne({ _id, owner });
    },
  };
}
