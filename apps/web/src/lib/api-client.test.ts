import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_MESSAGES, OUTAGE_LABELS, STORAGE_KEYS } from '@crm/shared';
import { answer, fieldRefusal } from '../test/answers';
import { server } from '../test/server';
import { ApiError, apiRequest } from './api-client';
import { getSession, resetSessionCache, saveSession } from './session';

const okSchema = z.object({ ok: z.boolean() });

describe('apiRequest, the one HTTP client', () => {
  it('sends the stored token as Authorization: Bearer and parses the answer', async () => {
    saveSession({ token: 'abc', userId: '0123456789abcdef01234567' });
    let seen: string | null = null;
    server.use(
      http.get('/api/probe', ({ request }) => {
        seen = request.headers.get('Authorization');
        return HttpResponse.json({ ok: true });
      }),
    );
    await expect(apiRequest('/api/probe', { schema: okSchema })).resolves.toEqual({ ok: true });
    expect(seen).toBe('Bearer abc');
  });

  it('turns an error answer into an ApiError with the status, message and field errors', async () => {
    answer('post', '/api/probe', 400, fieldRefusal('email', 'Bad', 'Invalid request body'));
    const error = await apiRequest('/api/probe', {
      method: 'POST',
      body: {},
      schema: okSchema,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Invalid request body' });
    expect((error as ApiError).fieldErrors).toEqual([{ path: 'email', message: 'Bad' }]);
  });

  it('uses the spec message of the call when one is given', async () => {
    answer('get', '/api/probe', 500, { message: 'x' });
    await expect(
      apiRequest('/api/probe', { schema: okSchema, failureMessage: 'Failed to fetch requests' }),
    ).rejects.toThrow('Failed to fetch requests');
  });

  it('refuses an answer that does not match the shared schema', async () => {
    answer('get', '/api/probe', 200, { ok: 'yes' });
    const original = console.error;
    console.error = () => undefined;
    try {
      await expect(apiRequest('/api/probe', { schema: okSchema })).rejects.toBeInstanceOf(ApiError);
    } finally {
      console.error = original;
    }
  });

  it('says in Spanish that the server is away or failed when the spec has no words for it (issue 33)', async () => {
    answer('get', '/api/probe', 503, { message: API_MESSAGES.databaseUnavailable });
    await expect(apiRequest('/api/probe', { schema: okSchema })).rejects.toMatchObject({
      status: 503,
      message: OUTAGE_LABELS.unreachable,
    });
    answer('get', '/api/probe', 500, { message: API_MESSAGES.internalError });
    await expect(apiRequest('/api/probe', { schema: okSchema })).rejects.toMatchObject({
      status: 500,
      message: OUTAGE_LABELS.serverFailed,
    });
    server.use(http.get('/api/probe', () => HttpResponse.error()));
    await expect(apiRequest('/api/probe', { schema: okSchema })).rejects.toMatchObject({
      status: 0,
      message: OUTAGE_LABELS.unreachable,
    });
  });

  it('reports a network failure as status 0', async () => {
    server.use(http.get('/api/probe', () => HttpResponse.error()));
    await expect(apiRequest('/api/probe', { schema: okSchema })).rejects.toMatchObject({
      status: 0,
    });
  });

  it('ends the session on a 401, and only the session that made the call', async () => {
    saveSession({ token: 'old', userId: '0123456789abcdef01234567' });
    answer('get', '/api/probe', 401, { message: 'no' });
    await expect(apiRequest('/api/probe', { schema: okSchema })).rejects.toMatchObject({
      status: 401,
    });
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    resetSessionCache();
    expect(getSession()).toBeNull();
  });
});
