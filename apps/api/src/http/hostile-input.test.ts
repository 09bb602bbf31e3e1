import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestSchema, type Request } from '@crm/shared';
import {
  bearer,
  signInEachRole,
  startTestApp,
  type SignedIn,
  type TestApp,
} from '../test/test-app.js';

// Issue 9: each reproduction of the security probe gets a quick, clear 4xx, and the process
// stays free to answer everyone else meanwhile.

let t: TestApp;
let server: Server;
let base: string;
let vendor: SignedIn;

beforeAll(async () => {
  t = await startTestApp();
  ({ vendor } = await signInEachRole(t));
  // A real listening server, so a hostile call and a health probe truly run side by side.
  server = t.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

/** Sends `hostile` and, while it is in flight, times `/api/health`; both answers come back. */
async function healthWhile(hostile: () => Promise<Response>) {
  const pending = hostile();
  const started = performance.now();
  const health = await fetch(`${base}/api/health`);
  const healthMs = performance.now() - started;
  return { res: await pending, healthStatus: health.status, healthMs };
}

const postJson = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body,
  });

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('over-long strings (ReDoS)', () => {
  it('answers a 128 KB dotted email at once with "too long", without stalling other callers', async () => {
    const email = 'a@' + '.'.repeat(128_000) + '@';
    const { res, healthStatus, healthMs } = await healthWhile(() =>
      postJson('/api/user/login', JSON.stringify({ email, password: 'x', altcha: 'y' })),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      errors: [{ path: 'email', message: 'Demasiado largo: máximo 254 caracteres' }],
    });
    expect(healthStatus).toBe(200);
    // Seconds before the fix; a generous bound, so a loaded CI machine does not flake.
    expect(healthMs).toBeLessThan(1500);
  });

  it('says a 101-character name is too long rather than missing', async () => {
    const res = await request(t.app)
      .post('/api/form-contact/crm-create')
      .set(bearer(vendor.token))
      .send({ name: 'x'.repeat(101), email: 'a@b.co', requestType: 'otro', message: 'hola' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Demasiado largo: máximo 100 caracteres',
      errors: [{ path: 'name', message: 'Demasiado largo: máximo 100 caracteres' }],
    });
  });
});

describe('JSON bodies', () => {
  it('are not read on routes that take none: a deep 1.8 MB body to /api/health is ignored', async () => {
    const body = nested(6000).padEnd(1_800_000, ' ');
    const res = await fetch(`${base}/api/health`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    // /api/health only answers GET; nobody parsed or walked the body.
    expect(res.status).toBe(404);
  });

  it('refuse nesting past 32 levels with 400 before parsing, and never 500', async () => {
    for (const depth of [33, 10_000]) {
      const { res, healthStatus, healthMs } = await healthWhile(() =>
        postJson('/api/user/login', nested(depth)),
      );
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        message: 'JSON body nested too deeply (at most 32 levels)',
      });
      expect(healthStatus).toBe(200);
      expect(healthMs).toBeLessThan(1500);
    }
  });

  it('take 32 levels (then the usual field messages) and ignore brackets inside strings', async () => {
    const deepButAllowed = await postJson('/api/user/login', `{"email":${nested(31)}}`);
    expect(deepButAllowed.status).toBe(400);
    expect(await deepButAllowed.json()).toMatchObject({ message: 'Invalid email format' });
    const bracketsInText = await postJson(
      '/api/user/login',
      JSON.stringify({ email: '['.repeat(100), password: 'x', altcha: 'y' }),
    );
    expect(bracketsInText.status).toBe(400);
    expect(await bracketsInText.json()).toMatchObject({ message: 'Invalid email format' });
  });

  it('answer 413 past 256 KB', async () => {
    const res = await postJson(
      '/api/user/login',
      JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(300_000), altcha: 'y' }),
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'Request body too large (at most 256 KB)' });
  });

  it('refuse a body labelled gzip (valid or not) with 415 instead of a 500', async () => {
    for (const body of [Buffer.from('not gzip at all'), gzipSync('{"email":"a@b.co"}')]) {
      const res = await request(t.app)
        .post('/api/user/login')
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', 'gzip')
        .send(body);
      expect(res.status).toBe(415);
      expect(res.body).toEqual({
        message: 'Compressed or non-UTF-8 request bodies are not accepted',
      });
    }
  });

  it('still refuse operator keys, also deep inside a body', async () => {
    const res = await request(t.app)
      .post('/api/form-contact/crm-create')
      .set(bearer(vendor.token))
      .send({
        ...{ name: 'A', email: 'a@b.co', requestType: 'otro' },
        message: [[{ x: { $gt: '' } }]],
      });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      {
        path: 'message.0.0.x.$gt',
        message: 'Keys starting with "$" or containing "." are not allowed',
      },
    ]);
  });
});

describe('notes and stored size', () => {
  async function created(): Promise<Request> {
    const res = await request(t.app)
      .post('/api/form-contact/crm-create')
      .set(bearer(vendor.token))
      .send({ name: 'Ana', email: 'ana@example.com', requestType: 'otro', message: 'Hola' });
    return requestSchema.parse(res.body);
  }
  const save = (req: Request, notes: string[]) =>
    request(t.app)
      .put(`/api/form-contact/update/${req._id}`)
      .set(bearer(vendor.token))
      .send({ ...req, notes });

  it('refuse a note over 2,000 characters, more than 100 notes, or over 20,000 characters in all', async () => {
    const req = await created();
    const long = await save(req, ['ok', 'x'.repeat(2001)]);
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual([
      { path: 'notes.1', message: 'Demasiado largo: máximo 2000 caracteres' },
    ]);
    const many = await save(req, Array<string>(101).fill('n'));
    expect(many.status).toBe(400);
    expect(many.body.errors).toEqual([
      { path: 'notes', message: 'Demasiadas notas: máximo 100 por solicitud' },
    ]);
    const heavy = await save(req, Array<string>(11).fill('x'.repeat(2000)));
    expect(heavy.status).toBe(400);
    expect(heavy.body.errors).toEqual([
      {
        path: 'notes',
        message: 'Las notas suman demasiado texto: máximo 20000 caracteres en total',
      },
    ]);
    // Nothing of the refused saves was stored.
    const list = await request(t.app).get('/api/form-contact/all').set(bearer(vendor.token));
    expect((list.body as Request[]).find((r) => r._id === req._id)?.notes).toEqual([]);
  });

  it('keep the largest request every limit allows under 256 KB, and store it', async () => {
    const req = await created();
    const largest = {
      ...req,
      name: 'ñ'.repeat(100),
      company: 'ñ'.repeat(100),
      jobPosition: 'ñ'.repeat(100),
      contactNumber: '9'.repeat(50),
      paymentMethod: 'ñ'.repeat(100),
      bussinesItem: 'ñ'.repeat(100),
      notes: Array<string>(10).fill('€'.repeat(2000)),
    };
    const res = await request(t.app)
      .put(`/api/form-contact/update/${req._id}`)
      .set(bearer(vendor.token))
      .send(largest);
    expect(res.status).toBe(200);
    expect(res.body.notes).toHaveLength(10);
  });
});

describe('malformed requests', () => {
  it('answer 400 for a path that does not percent-decode, on read and delete', async () => {
    for (const method of ['get', 'delete'] as const) {
      const res = await request(t.app)[method]('/api/user/data/%C0%AF').set(bearer(vendor.token));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'Malformed URL: invalid percent-encoding' });
    }
  });

  it('answer 405 with Allow for TRACE', async () => {
    const traced = await request(t.app).trace('/api/health');
    expect(traced.status).toBe(405);
    expect(traced.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    expect(traced.body).toEqual({ message: 'Method not allowed' });
  });
});
