import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { STORAGE_KEYS } from '@crm/shared';
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
    server.use(
      http.post('/api/probe', () =>
        HttpResponse.json(
          { message: 'Invalid request body', errors: [{ path: 'email', message: 'Bad' }] },
          { status: 400 },
        ),
      ),
    );
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
    server.use(http.get('/api/probe', () => HttpResponse.json({ message: 'x' }, { status: 500 })));
    await expect(
      apiRequest('/api/probe', { schema: okSchema, failureMessage: 'Failed to fetch requests' }),
    ).rejects.toThrow('Failed to fetch requests');
  });

  it('refuses an answer that does not match the shared schema', async () => {
    server.use(http.get('/api/probe', () => HttpResponse.json({ ok: 'yes' })));
    const original = console.error;
    console.error = () => undefined;
    try {
      await expect(apiRequest('/api/probe', { schema: okSchema })).rejects.toBeInstanceOf(ApiError);
    } finally {
      console.error = original;
    }
  });

  it('reports a network failure as status 0', async () => {
    server.use(http.get('/api/probe', () => HttpResponse.error()));
    await expect(apiRequest('/api/probe', { schema: okSchema })).rejects.toMatchObject({
      status: 0,
    });
  });

  it('ends the session on a 401, and only the session that made the call', async () => {
    saveSession({ token: 'old', userId: '0123456789abcdef01234567' });
    server.use(http.get('/api/probe', () => HttpResponse.json({ message: 'no' }, { status: 401 })));
    await expect(apiRequest('/api/probe', { schema: okSchema })).rejects.toMatchObject({
      status: 401,
    });
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    resetSessionCache();
    expect(getSession()).toBeNull();
  });
});
