import type { Connection } from 'mongoose';

/*
 * What the connected server can do, asked once per connection. FerretDB 1.x (the CI database
 * here) applies a conditional update non-atomically across connections (another connection's
 * write can land between its read and its write); it refuses `$elemMatch` over an array of
 * documents ("unknown operator"), which MongoDB needs to bind several conditions of a multikey
 * index to the same array element; and its `$group` computes only its first accumulator,
 * answering 0 for the others (FerretDB#4616).
 */

const isMongoDb = new WeakMap<Connection, Promise<boolean>>();

async function askServer(connection: Connection): Promise<boolean> {
  const db = connection.db;
  if (!db) return true;
  const info = await db.admin().command({ buildInfo: 1 });
  return typeof info.ferretdbVersion !== 'string';
}

function askOnce(connection: Connection): Promise<boolean> {
  let answer = isMongoDb.get(connection);
  if (!answer) {
    answer = askServer(connection);
    // A failed question (the database away) is asked again next time.
    answer.catch(() => isMongoDb.delete(connection));
    isMongoDb.set(connection, answer);
  }
  return answer;
}

/** Whether `{ array: { $elemMatch: { field: …, other: … } } }` is understood. */
export const supportsElemMatchOnDocuments = askOnce;

/** Whether one `$group` computes all its accumulators (`{ count: { $sum: 1 }, total: … }`). */
export const groupsSeveralAccumulators = askOnce;

/**
 * Whether a conditional single-document update is atomic across connections, so that several
 * API processes may share the database (process-lease.ts keeps FerretDB 1.x to one).
 */
export const isolatesConcurrentUpdates = askOnce;
