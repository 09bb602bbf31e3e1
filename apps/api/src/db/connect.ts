import mongoose, { type Connection } from 'mongoose';
import type { Logger } from 'pino';
import { isolatesConcurrentUpdates } from './server-features.js';

/**
 * How quickly an outage is noticed and a recovery picked up (issue 32: a hung database answers
 * 503 within 5 s). The driver's monitor sends `hello` on a connection of its own every
 * HEARTBEAT_MS and gives up on it after CONNECT_TIMEOUT_MS. Mongoose reports the connection
 * down once no heartbeat came for two HEARTBEAT_MS, so the gate (require-database.ts) answers
 * new calls 503 within 2 s of a hang (SIGSTOP, a dead link). The failed check marks the server
 * unknown and cuts the calls waiting on it (the driver interrupts in-use connections on a
 * heartbeat timeout), within HEARTBEAT_MS + CONNECT_TIMEOUT_MS (2.5 s); a read cut that way is
 * retried once, which waits SERVER_SELECTION_TIMEOUT_MS for the server before failing (503):
 * 4 s in all. The first heartbeat answered reopens the gate.
 *
 * A faster heartbeat would make a slow `hello` (300+ ms on a loaded FerretDB) look like a
 * silence of two heartbeats, and close the gate on a working database. No socket timeout on the
 * calls themselves: on FerretDB 1.x one legitimate read scans the collection for seconds (the
 * dashboard's at 10,000 requests: 5–18 s each, see docs/benchmarks.md), which any timeout short
 * enough for the 5 s promise would cut; the monitor tells a slow server (it still answers
 * `hello`) from a hung one.
 */
const HEARTBEAT_MS = 1_000;
const CONNECT_TIMEOUT_MS = 1_500;
const SERVER_SELECTION_TIMEOUT_MS = 1_500;

/** One connection per app instance: models are registered on it, not on mongoose's global. */
export async function connectDatabase(
  url: string,
  dbName: string,
  maxPoolSize: number,
): Promise<Connection> {
  const connection = mongoose.createConnection(url, {
    dbName,
    maxPoolSize,
    serverSelectionTimeoutMS: SERVER_SELECTION_TIMEOUT_MS,
    heartbeatFrequencyMS: HEARTBEAT_MS,
    connectTimeoutMS: CONNECT_TIMEOUT_MS,
    // Fail instead of queueing while disconnected: a queued call would hold its client for up
    // to 10 s and then fail anyway.
    bufferCommands: false,
    autoIndex: false, // built once, explicitly, by createContext
  });
  await connection.asPromise();
  return connection;
}

/**
 * The API process's connection. On a server whose conditional updates are not atomic across
 * connections (FerretDB 1.x), a pool of several connections loses writes as two processes do,
 * so there the pool is one connection whatever MONGO_MAX_POOL_SIZE says (a warning tells so).
 */
export async function connectForServing(
  url: string,
  dbName: string,
  maxPoolSize: number,
  logger: Logger,
): Promise<Connection> {
  const connection = await connectDatabase(url, dbName, maxPoolSize);
  if (maxPoolSize === 1 || (await isolatesConcurrentUpdates(connection))) return connection;
  logger.warn(
    { maxPoolSize },
    'FerretDB 1.x: one database connection instead of MONGO_MAX_POOL_SIZE (its updates are not atomic across connections)',
  );
  await connection.close();
  return connectDatabase(url, dbName, 1);
}
