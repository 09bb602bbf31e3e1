import mongoose, { type Connection } from 'mongoose';

/** Seconds a client is told to wait before retrying while the database is away. */
export const DATABASE_RETRY_AFTER_S = 5;

/** The database can't be reached; the HTTP layer answers 503 with Retry-After (error-handler.ts). */
export class DatabaseUnavailableError extends Error {
  constructor() {
    super('The database is not reachable');
    this.name = 'DatabaseUnavailableError';
  }
}

// The driver's "can't reach the server" family; mongoose wraps server selection in its own name.
const UNREACHABLE_ERRORS = new Set([
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoPoolClearedError',
  // A call cut mid-way because the monitor found the server hung (connect.ts).
  'PoolClearedOnNetworkError',
]);

export function isDatabaseUnreachableError(error: unknown): boolean {
  return error instanceof Error && UNREACHABLE_ERRORS.has(error.name);
}

export const isConnected = (connection: Connection) =>
  connection.readyState === mongoose.ConnectionStates.connected;
