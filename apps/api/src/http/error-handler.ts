import type { ErrorRequestHandler } from 'express';
import mongoose from 'mongoose';
import type { ErrorBody } from '@crm/shared';
import { API_MESSAGES } from '@crm/shared';
import {
  DATABASE_RETRY_AFTER_S,
  DatabaseUnavailableError,
  isDatabaseUnreachableError,
} from '../db/availability.js';
import { isDuplicateKeyError } from '../db/errors.js';
import { RateLimitedError } from '../db/expiring-counter.js';
import { LockBusyError } from '../db/lock.js';
import { ConflictRetriesExhaustedError } from '../db/retry-on-conflict.js';
import { AppError } from './app-error.js';

/** Seconds a client is told to wait when the server is busy with concurrent writes. */
const BUSY_RETRY_AFTER_S = 1;

/** body-parser's error types, with what the caller is told. */
const BODY_ERROR_MESSAGES: Record<string, string> = {
  'entity.parse.failed': API_MESSAGES.malformedJson,
  'encoding.unsupported': API_MESSAGES.bodyEncodingNotAccepted,
  'charset.unsupported': API_MESSAGES.bodyEncodingNotAccepted,
};

/** Turns anything thrown into the API's error body; internals never reach the client. */
function toAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof mongoose.Error.CastError) return new AppError(400, API_MESSAGES.invalidId);
  // Services turn the duplicates they expect into their own 409s; this is the safety net.
  if (isDuplicateKeyError(error)) return new AppError(409, API_MESSAGES.duplicate);
  // The database went away mid-call (the gate in require-database.ts catches it between calls).
  if (error instanceof DatabaseUnavailableError || isDatabaseUnreachableError(error)) {
    return new AppError(503, API_MESSAGES.databaseUnavailable, undefined, {
      'Retry-After': String(DATABASE_RETRY_AFTER_S),
    });
  }
  // Retry-After in whole seconds, at least one.
  if (error instanceof RateLimitedError) {
    return new AppError(429, error.message, undefined, {
      'Retry-After': String(Math.max(1, Math.ceil(error.retryAfterMs / 1000))),
    });
  }
  // Busy: a lock that stayed taken, or a write that kept losing to others; a second will do.
  if (error instanceof LockBusyError || error instanceof ConflictRetriesExhaustedError) {
    return new AppError(503, 'The server is busy, please try again', undefined, {
      'Retry-After': String(BUSY_RETRY_AFTER_S),
    });
  }
  // body-parser's errors carry `type` and a client status (bad JSON, too large, wrong charset).
  const clientError = error as { type?: unknown; status?: unknown };
  if (typeof clientError.type === 'string' && typeof clientError.status === 'number') {
    if (clientError.status < 500) {
      return new AppError(
        clientError.status,
        BODY_ERROR_MESSAGES[clientError.type] ?? API_MESSAGES.bodyNotAccepted,
      );
    }
  }
  // The router could not percent-decode a path parameter (e.g. /api/user/data/%C0%AF).
  if (error instanceof URIError) return new AppError(400, API_MESSAGES.malformedUrl);
  return undefined;
}

/** Logs through `req.log` (pino-http), so the line carries the request id. */
export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  const appError = toAppError(error);
  if (!appError) {
    req.log.error({ err: error }, 'unexpected error');
    const body: ErrorBody = { message: API_MESSAGES.internalError };
    res.status(500).json(body);
    return;
  }
  if (appError.headers) res.set(appError.headers);
  const body: ErrorBody = {
    message: appError.message,
    ...(appError.errors ? { errors: appError.errors } : {}),
    ...(appError.current ? { current: appError.current } : {}),
  };
  res.status(appError.status).json(body);
};
