import mongoose, { type Connection } from 'mongoose';

/**
 * How quickly an outage is noticed and a recovery picked up: the driver probes the server every
 * HEARTBEAT_MS, and a call that finds no server gives up after SERVER_SELECTION_TIMEOUT_MS
 * (then answered 503, see availability.ts) instead of hanging.
 */
export const HEARTBEAT_MS = 2_000;
export const SERVER_SELECTION_TIMEOUT_MS = 5_000;

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
    // Fail instead of queueing while disconnected: a queued call would hold its client for up
    // to 10 s and then fail anyway.
    bufferCommands: false,
    autoIndex: false, // built once, explicitly, by createContext
  });
  await connection.asPromise();
  return connection;
}
