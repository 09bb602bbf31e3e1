import type { RequestHandler } from 'express';
import type { Connection } from 'mongoose';
import { DatabaseUnavailableError, isConnected } from '../db/availability.js';

/**
 * Answers 503 at once while the driver knows the database is away, instead of letting each
 * call wait for server selection. The driver keeps probing in the background (heartbeat), so
 * the gate reopens by itself when the database comes back.
 */
export function requireDatabase(connection: Connection): RequestHandler {
  return (_req, _res, next) => {
    next(isConnected(connection) ? undefined : new DatabaseUnavailableError());
  };
}
