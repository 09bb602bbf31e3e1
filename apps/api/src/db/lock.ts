import type { Connection } from 'mongoose';
import { expiringSchema } from './expiring-schema.js';
import { AppError } from '../http/app-error.js';
import { isDuplicateKeyError } from './errors.js';

/**
 * A short mutual-exclusion lock in MongoDB, for the few checks that span documents
 * (the last-admin rule) on servers without multi-document transactions (FerretDB).
 */
const lockSchema = expiringSchema();
export const lockModel = (connection: Connection) => connection.model('Lock', lockSchema);
type LockModel = ReturnType<typeof lockModel>;

const LOCK_TTL_MS = 10_000;
const WAIT_MS = 25;
const GIVE_UP_MS = 5_000;

export async function withLock<T>(
  Lock: LockModel,
  name: string,
  work: () => Promise<T>,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      await Lock.create({ _id: name, expiresAt: new Date(Date.now() + LOCK_TTL_MS) });
      break;
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      // A holder that died leaves its lock behind; take it over once it has expired.
      await Lock.deleteOne({ _id: name, expiresAt: { $lt: new Date() } });
      if (Date.now() - started > GIVE_UP_MS)
        throw new AppError(503, 'The server is busy, please try again');
      await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
    }
  }
  try {
    return await work();
  } finally {
    await Lock.deleteOne({ _id: name });
  }
}
