import { randomUUID } from 'node:crypto';
import { Schema, type Connection } from 'mongoose';
import type { AppContext, Clock } from '../context.js';
import { isDuplicateKeyError } from '../db/errors.js';

/**
 * What a job's run may still do (scheduler.ts): false once its lock could lapse before the next
 * step ends, so that another process may take the job. The run then stops where it is (its
 * steps are each written down as they go: what it did is kept, what it didn't the next run does).
 */
export type JobLease = { held(): boolean };

/** For a run outside the scheduler (tests, benchmarks): always held. */
export const unleased: JobLease = { held: () => true };

export class LeaseLost extends Error {}

/** Throws LeaseLost when `lease` is no longer held: the run's next step must not start. */
export function holding(lease: JobLease, job: string): void {
  if (!lease.held()) throw new LeaseLost(`the ${job} job lost its lock`);
}

/*
 * A job's lease on one piece of its work (an import, issue 24; moved here in issue 34): a
 * document keyed by the work (`import:<id>`) in `job_leases`. Agenda's lock gives a job's run to
 * one process, but on FerretDB 1.x its findAndModify is not atomic across connections; inserting
 * a document with a taken `_id` fails on every server, so two processes never both hold a key
 * (db/lock.ts's pattern). The holder renews it between steps; one that died (SIGKILL, power cut,
 * the database gone for longer than a lease) leaves it to expire, and the next run deletes it and
 * takes over.
 *
 * The lease also counts how many runs in a row ended on the same step without finishing it
 * (each one that lost its lease rather than releasing it), so the work can be given up after a
 * few (imports: MAX_FAILED_RUNS) instead of retried forever. Its own collection, not the Lock
 * model's: no TTL index may sweep that count away.
 */
const leaseSchema = new Schema(
  {
    _id: String,
    owner: { type: String, required: true },
    expiresAt: { type: Date, required: true },
    /** The step the holder is on (an import's nextChunk). */
    step: { type: Number, required: true },
    /** Earlier runs in a row that ended on `step` without finishing it. */
    failures: { type: Number, default: 0 },
  },
  { versionKey: false },
);

const leaseModel = (connection: Connection) =>
  (connection.models.KeyedJobLease as ReturnType<typeof register> | undefined) ??
  register(connection);
const register = (connection: Connection) =>
  connection.model('KeyedJobLease', leaseSchema, 'job_leases');

/** A keyed lease not renewed for this long was left by a run that died. */
export const KEYED_LEASE_MS = 30_000;

export type KeyedLease = {
  /** Failed runs on this step before this one (0 on a fresh start or a new step). */
  readonly failures: number;
  /**
   * Extends the lease and records the step the holder is on; false when the lease was lost
   * (another process took it over after it expired): the holder must stop.
   */
  renew(step: number): Promise<boolean>;
  /** Gives it up at once (done, cancelled, or nothing to do), so nobody waits for it to expire. */
  release(): Promise<void>;
};

export type KeyedLeaseOptions = {
  /**
   * The clock expiries are read with: the context's, unless a test passes one moved on to see a
   * dead run's lease expire.
   */
  clock?: Clock;
  leaseMs?: number;
};

/**
 * The lease on `key`, or undefined when another run holds it. `step` is where this run starts:
 * an expired lease left on that same step counts one more failure.
 */
export async function takeKeyedLease(
  ctx: AppContext,
  key: string,
  step: number,
  { clock = ctx.clock, leaseMs = KEYED_LEASE_MS }: KeyedLeaseOptions = {},
): Promise<KeyedLease | undefined> {
  const Lease = leaseModel(ctx.connection);
  const owner = randomUUID();
  let failures = 0;
  const expiry = () => new Date(clock.now().getTime() + leaseMs);
  const insert = async () => {
    try {
      await Lease.create({ _id: key, owner, expiresAt: expiry(), step, failures });
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  };
  if (!(await insert())) {
    const held = await Lease.findById(key).lean();
    if (!held || held.expiresAt.getTime() >= clock.now().getTime()) return undefined;
    // Its holder stopped without releasing it: that run failed on the step it was on.
    failures = held.step === step ? held.failures + 1 : 1;
    // Only the very lease read: another process that got here first has replaced it.
    await Lease.deleteOne({ _id: key, owner: held.owner, expiresAt: { $lt: clock.now() } });
    if (!(await insert())) return undefined;
  }
  return {
    failures,
    renew: async (at: number) => {
      const renewed = await Lease.updateOne(
        { _id: key, owner },
        // Moving on to another step starts its count afresh.
        { $set: { expiresAt: expiry(), step: at, ...(at !== step && { failures: 0 }) } },
      );
      return renewed.matchedCount === 1;
    },
    release: async () => {
      await Lease.deleteOne({ _id: key, owner });
    },
  };
}
