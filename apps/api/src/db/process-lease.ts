import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import { Schema, type Connection } from 'mongoose';
import { isDuplicateKeyError } from './errors.js';
import { isolatesConcurrentUpdates } from './server-features.js';

/*
 * One API process per database on FerretDB 1.x. Its conditional updates (the compare-and-set
 * writes of notes, activities, moves, edits…) are not atomic across connections, so two
 * processes lose acknowledged writes; an insert under a unique `_id` does hold. So the process
 * that starts first inserts the lease and renews it on a heartbeat; it deletes it on a graceful
 * shutdown, and a holder that died leaves it to lapse after LEASE_TTL_MS. On MongoDB, where the
 * same writes are atomic, no lease is taken and any number of processes may run.
 */

/** A dead holder's lease lapses this long after its last renewal. */
const LEASE_TTL_MS = 10_000;
/** A live holder renews its lease this often: several renewals fit in one TTL. */
export const LEASE_RENEW_MS = 2_500;
/** How often a starting process looks at a lease held by another. */
const LOOK_EVERY_MS = 500;

const LEASE_ID = 'api';

const leaseSchema = new Schema(
  {
    _id: String,
    owner: { type: String, required: true },
    host: { type: String, required: true },
    pid: { type: Number, required: true },
    startedAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'processlease' },
);
const leaseModel = (connection: Connection) => connection.model('ProcessLease', leaseSchema);

/** Who holds the lease, as the refusal names them. */
export type LeaseHolder = { host: string; pid: number; startedAt: Date };

/** The lease is held by a live process: this one must not serve on the database. */
export class LeaseTakenError extends Error {
  constructor(
    readonly dbName: string,
    readonly holder: LeaseHolder,
  ) {
    super(leaseTakenMessage(dbName, holder));
    this.name = 'LeaseTakenError';
  }
}

/** The one line an operator reads when a second process is refused (or a holder is displaced). */
function leaseTakenMessage(dbName: string, holder: LeaseHolder): string {
  return (
    `Another API process (pid ${holder.pid} on ${holder.host}, since ` +
    `${holder.startedAt.toISOString()}) is using the database "${dbName}" on this FerretDB ` +
    `server. FerretDB 1.x does not apply conditional updates atomically across connections, so ` +
    `only one API process may use a database on it: stop the other process first, or use ` +
    `MongoDB to run several (docs/operations.md, "Databases").`
  );
}

export type ProcessLease = {
  /** Stops renewing and deletes the lease, so the next process starts at once. */
  release: () => Promise<void>;
};

type Options = {
  /**
   * The lease turned out to be another's (it lapsed while this process could not renew it, as
   * in a database outage longer than the TTL, and a new process took it): this one must stop.
   */
  onLost: (error: LeaseTakenError) => void;
  /** A renewal failed for another reason (the database away): the next one tries again. */
  onRenewFailed: (error: unknown) => void;
};

const holderOf = (doc: { host: string; pid: number; startedAt: Date }): LeaseHolder => ({
  host: doc.host,
  pid: doc.pid,
  startedAt: doc.startedAt,
});

/**
 * On FerretDB 1.x, takes the database's lease for this process, or throws LeaseTakenError.
 * A lease held by another is watched for up to one TTL: renewed meanwhile, its holder is alive
 * (refused at once); not renewed, its holder died (a crash, a `kill -9`) and the lease is taken
 * then, so a process restarted right after a crash starts within LEASE_TTL_MS.
 * On MongoDB: nothing to hold (undefined).
 */
export async function takeProcessLease(
  connection: Connection,
  { onLost, onRenewFailed }: Options,
): Promise<ProcessLease | undefined> {
  if (await isolatesConcurrentUpdates(connection)) return undefined;
  const Lease = leaseModel(connection);
  const dbName = connection.name;
  const mine = {
    _id: LEASE_ID,
    owner: randomUUID(),
    host: hostname(),
    pid: process.pid,
    startedAt: new Date(),
  };
  const insert = () =>
    Lease.create({ ...mine, expiresAt: new Date(Date.now() + LEASE_TTL_MS) }).then(
      () => true,
      (error: unknown) => {
        if (isDuplicateKeyError(error)) return false;
        throw error;
      },
    );

  let firstSeen: Date | undefined;
  const lookingSince = Date.now();
  while (!(await insert())) {
    const held = await Lease.findById(LEASE_ID).lean();
    if (!held) continue; // released meanwhile
    if (firstSeen !== undefined && held.expiresAt.getTime() !== firstSeen.getTime()) {
      throw new LeaseTakenError(dbName, holderOf(held)); // renewed: its holder is alive
    }
    firstSeen ??= held.expiresAt;
    // Its holder is gone when this process watched it a whole TTL without a renewal, or when it
    // lapsed a TTL ago already: by this host's clock, so hosts' clocks may be a TTL apart.
    const unrenewed = Date.now() - lookingSince >= LEASE_TTL_MS;
    const longLapsed = held.expiresAt.getTime() < Date.now() - LEASE_TTL_MS;
    if (unrenewed || longLapsed) {
      // Removed only as it was read: a renewal meanwhile keeps it (and refuses this start).
      await Lease.deleteOne({ _id: LEASE_ID, owner: held.owner, expiresAt: held.expiresAt });
      continue;
    }
    await delay(LOOK_EVERY_MS);
  }

  let lost = false;
  const renew = async () => {
    const { matchedCount } = await Lease.updateOne(
      { _id: LEASE_ID, owner: mine.owner },
      { $set: { expiresAt: new Date(Date.now() + LEASE_TTL_MS) } },
    );
    // Gone (swept, or lapsed and removed by a starter that then failed): this process's again.
    if (matchedCount === 1 || (await insert())) return;
    const holder = await Lease.findById(LEASE_ID).lean();
    if (!holder) return; // released meanwhile: the next beat inserts it
    lost = true;
    clearInterval(timer);
    onLost(new LeaseTakenError(dbName, holderOf(holder)));
  };
  let renewing: Promise<void> | undefined;
  const timer = setInterval(() => {
    // A renewal still waiting on the database (an outage) is not doubled.
    renewing ??= renew()
      .catch(onRenewFailed)
      .finally(() => (renewing = undefined));
  }, LEASE_RENEW_MS);
  timer.unref();

  return {
    release: async () => {
      clearInterval(timer);
      await renewing;
      if (!lost) await Lease.deleteOne({ _id: LEASE_ID, owner: mine.owner });
    },
  };
}
