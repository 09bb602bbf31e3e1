import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@crm/shared';
import { DATABASE_RETRY_AFTER_S, DatabaseUnavailableError } from '../db/availability.js';
import { RateLimitedError } from '../db/expiring-counter.js';
import { LockBusyError } from '../db/lock.js';
import { ConflictRetriesExhaustedError } from '../db/retry-on-conflict.js';
import { errorHandler } from './error-handler.js';

/** An app whose one route throws `error`, answered by the API's error handler. */
function throwing(error: Error) {
  const app = express();
  app.get('/boom', () => {
    throw error;
  });
  app.use(errorHandler);
  return app;
}

// db/ raises its own errors; the HTTP layer alone decides their status, message and headers.
describe('data-layer errors over HTTP', () => {
  it('when the database is unavailable, then 503 with its message and Retry-After', async () => {
    const res = await request(throwing(new DatabaseUnavailableError())).get('/boom');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_S));
    expect(res.body).toEqual({ message: API_MESSAGES.databaseUnavailable });
  });

  it('when a limit is reached, then 429 with its message and Retry-After in whole seconds', async () => {
    const res = await request(throwing(new RateLimitedError('Slow down', 1_200))).get('/boom');
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBe('2');
    expect(res.body).toEqual({ message: 'Slow down' });
  });

  it('when a limit lapses in under a second, then Retry-After still says 1', async () => {
    const res = await request(throwing(new RateLimitedError('Slow down', 10))).get('/boom');
    expect(res.headers['retry-after']).toBe('1');
  });

  it.each([
    ['a lock stays taken', new LockBusyError('admins')],
    ['a write keeps losing to concurrent ones', new ConflictRetriesExhaustedError()],
  ])(
    'when %s, then 503 "The server is busy, please try again" with Retry-After, without internals',
    async (_what, error) => {
      const res = await request(throwing(error)).get('/boom');
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.body).toEqual({ message: 'The server is busy, please try again' });
    },
  );
});
