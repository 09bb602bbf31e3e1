import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { isDuplicateKeyError } from './errors.js';
import { expiringSchema } from './expiring-schema.js';

/**
 * A short mutual-exclusion lock in MongoDB, for the few checks that span documents
 * (the last-admin rule) on servers without multi-document transactions (FerretDB).
 * Each holding carries its own owner token: a holder that outlived its lease (and lost the lock
 * to the next one) releases nothing but its own.
 */
const lockSchema = expiringSchema({ owner: { type: String, required: true } });
const lockModel = (connection: Connection) => connection.model('Lock', lockSchema);
export type LockModel = ReturnType<typeof lockModel>;

/** The lock's model, registered on the app's connection with the features' models. */
export const lockModels = (connection: Connection) => ({ Lock: lockModel(connection) });

/** The lock stayed taken for GIVE_UP_MS; the HTTP layer answers 503 (error-handler.ts). */
export class LockBusyError extends Error {
  constructor(readonly lockName: string) {
    super(`The lock "${lockName}" stayed taken`);
    this.name = 'LockBusyError';
  }
}

const LOCK_TTL_MS = 10_000;
const WAIT_MS = 25;
const GIVE_UP_MS = 5_000;

export async function withLock<T>(
  Lock: LockModel,
  name: string,
  work: () => Promise<T>,
): Promise<T> {
  const owner = randomUUID();
  const started = Date.now();
  for (;;) {
    try {
      await Lock.create({ _id: name, owner, expiresAt: new Date(Date.now() + LOCK_TTL_MS) });
      break;
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      // A holder that died leaves its lock behind; take it over once it has expired.
      await Lock.deleteOne({ _id: name, expiresAt: { $lt: new Date() } });
      if (Date.now() - started > GIVE_UP_MS) throw new LockBusyError(name);
      await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
    }
  }
  try {
    return await work();
  } finally {
    await Lock.deleteOne({ _id: name, owner });
  }
}
