import type { RequestHandler } from 'express';
import mongoose, { type Connection } from 'mongoose';
import { API_MESSAGES } from '@crm/shared';
import { AppError } from '../http/app-error.js';

/** Seconds a client is told to wait before retrying while the database is away. */
export const DATABASE_RETRY_AFTER_S = 5;

export const databaseUnavailable = () =>
  new AppError(503, API_MESSAGES.databaseUnavailable, undefined, {
    'Retry-After': String(DATABASE_RETRY_AFTER_S),
  });

// The driver's "can't reach the server" family; mongoose wraps server selection in its own name.
const UNREACHABLE_ERRORS = new Set([
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoPoolClearedError',
]);

export function isDatabaseUnreachableError(error: unknown): boolean {
  return error instanceof Error && UNREACHABLE_ERRORS.has(error.name);
}

export const isConnected = (connection: Connection) =>
  connection.readyState === mongoose.ConnectionStates.connected;

/**
 * Answers 503 at once while the driver knows the database is away, instead of letting each
 * call wait for server selection. The driver keeps probing in the background (heartbeat), so
 * the gate reopens by itself when the database comes back.
 */
export function requireDatabase(connection: Connection): RequestHandler {
  return (_req, _res, next) => {
    next(isConnected(connection) ? undefined : databaseUnavailable());
  };
}
