import { Writable } from 'node:stream';
import { pino } from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from './app.js';
import { bearer, tokenFor, useTestApp } from './test/test-app.js';

const t = useTestApp();

describe('GET /api/health', () => {
  it('answers without authentication', async () => {
    const res = await request(t.app).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });
});

describe('Unknown routes', () => {
  it('answer 404 with the error body once authenticated', async () => {
    const { token } = await tokenFor(t, 'vendor');
    const res = await request(t.app).get('/api/nothing-here').set(bearer(token));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found' });
  });
});

describe('CORS', () => {
  it('allows the configured web origin and the Authorization header', async () => {
    const res = await request(t.app)
      .options('/api/form-contact/all')
      .set('Origin', 'http://localhost:5173')
      .set('Access-Control-Request-Method', 'GET')
      .set('Access-Control-Request-Headers', 'authorization');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(res.headers['access-control-allow-headers']).toContain('Authorization');
  });

  it('does not allow other origins', async () => {
    const res = await request(t.app).get('/api/health').set('Origin', 'https://evil.example');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('Unexpected errors', () => {
  it('answer 500 with a generic message and leave a log line, without internals', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const { token } = await tokenFor(t, 'vendor');
    const broken = createApp({ ...t.ctx, logger: pino(sink) });
    const original = t.ctx.models.Request.find.bind(t.ctx.models.Request);
    t.ctx.models.Request.find = (() => {
      throw new Error('database exploded at 10.0.0.7');
    }) as never;
    try {
      const res = await request(broken).get('/api/form-contact/all').set(bearer(token));
      expect(res.status).toBe(500);
      expect(res.body).toEqual({
        message: 'Something went wrong on our side. Please try again later.',
      });
      expect(JSON.stringify(res.body)).not.toContain('exploded');
      expect(lines.join('')).toContain('database exploded');
      expect(lines.join('')).not.toContain(token);
    } finally {
      t.ctx.models.Request.find = original;
    }
  });
});
