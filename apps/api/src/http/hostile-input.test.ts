import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES, FIELD_MESSAGES, requestSchema, type Request } from '@crm/shared';
import {
  bearer,
  PASSWORD,
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
let admin: SignedIn;

beforeAll(async () => {
  t = await startTestApp();
  ({ vendor, admin } = await signInEachRole(t));
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
    // /api/health only answers GET (so 405); nobody parsed or walked the body.
    expect(res.status).toBe(405);
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
    // A path of the contract: its own methods (refuse-unknown-methods.ts).
    expect(traced.headers.allow).toBe('GET, HEAD, OPTIONS');
    const elsewhere = await request(t.app).trace('/anything');
    expect(elsewhere.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    expect(traced.body).toEqual({ message: 'Method not allowed' });
  });
});

// Issue 18: no string gives a 5xx. Control characters are refused, with the field and its
// message, where a line of visible text is expected; kept exactly as sent in free text.
describe('control characters', () => {
  const NOT_SINGLE_LINE = FIELD_MESSAGES.notSingleLine;
  /** One of each kind: NUL, a forged mail line, ESC, DEL, C1's NEL, a line separator. */
  const HOSTILE = [
    'a\u0000b',
    'Ana\r\nBcc: x@evil.example',
    'a\u001bb',
    'a\u007fb',
    'a\u0085b',
    'a\u2028b',
  ];

  it.each(['/api/form-contact/board', '/api/form-contact?status=new%20request'])(
    'when %s is searched for a NUL, then it answers 400 on `q` instead of a database error',
    async (path) => {
      const res = await request(t.app)
        .get(`${path}${path.includes('?') ? '&' : '?'}q=%00`)
        .set(bearer(vendor.token));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message: NOT_SINGLE_LINE,
        errors: [{ path: 'q', message: NOT_SINGLE_LINE }],
      });
    },
  );

  it('when the search holds any other control character or line break, then it answers 400 on `q`', async () => {
    for (const q of [...HOSTILE, 'tab\there']) {
      const res = await request(t.app)
        .get('/api/form-contact/board')
        .query({ q })
        .set(bearer(vendor.token));
      expect(res.status, JSON.stringify(q)).toBe(400);
      expect(res.body.errors, JSON.stringify(q)).toEqual([{ path: 'q', message: NOT_SINGLE_LINE }]);
    }
  });

  it('when an id or a cursor holds a NUL, then it answers 400 naming it', async () => {
    const id = await request(t.app).get('/api/form-contact/%00').set(bearer(vendor.token));
    expect(id.status).toBe(400);
    expect(id.body).toMatchObject({ message: API_MESSAGES.invalidId });
    const cursor = await request(t.app)
      .get('/api/form-contact?status=closed&cursor=%00')
      .set(bearer(vendor.token));
    expect(cursor.status).toBe(400);
    expect(cursor.body.errors).toEqual([{ path: 'cursor', message: API_MESSAGES.invalidCursor }]);
  });

  /** A valid body for each one-line field's endpoint, and the fields checked there. */
  type Case = { method: 'post' | 'put'; path: () => string; body: () => object; fields: string[] };
  let stored: Request;
  beforeAll(async () => {
    const res = await request(t.app)
      .post('/api/form-contact/crm-create')
      .set(bearer(vendor.token))
      .send({ name: 'Ana', email: 'ana@example.com', requestType: 'otro', message: 'Hola' });
    stored = requestSchema.parse(res.body);
  });
  const user = { name: 'Ana', lastName: 'Pérez', email: 'ana.perez@example.com', role: 'vendor' };
  const cases: Record<string, Case> = {
    'POST /api/user/create': {
      method: 'post',
      path: () => '/api/user/create',
      body: () => ({ ...user, password: 'Secreto.123', photo: 'https://x.example/a.png' }),
      fields: ['name', 'lastName', 'email', 'photo'],
    },
    'PUT /api/user/update/:id': {
      method: 'put',
      path: () => `/api/user/update/${vendor.user._id}`,
      body: () => user,
      fields: ['name', 'lastName', 'email'],
    },
    'POST /api/form-contact/crm-create': {
      method: 'post',
      path: () => '/api/form-contact/crm-create',
      body: () => ({ name: 'Ana', email: 'ana@example.com', requestType: 'otro', message: 'Hola' }),
      fields: ['name', 'email'],
    },
    'PUT /api/form-contact/update/:id': {
      method: 'put',
      path: () => `/api/form-contact/update/${stored._id}`,
      body: () => stored,
      fields: [
        'name',
        'email',
        'company',
        'jobPosition',
        'contactNumber',
        'paymentMethod',
        'bussinesItem',
      ],
    },
  };

  it.each(Object.entries(cases))(
    'when a one-line field of %s holds a control character or line break, then it answers 400 on that field',
    async (_name, { method, path, body, fields }) => {
      for (const field of fields) {
        for (const value of HOSTILE) {
          const res = await request(t.app)
            [method](path())
            .set(bearer(admin.token))
            .send({ ...body(), [field]: value });
          const where = `${field}=${JSON.stringify(value)}`;
          expect(res.status, where).toBe(400);
          expect(res.body.errors, where).toEqual([{ path: field, message: NOT_SINGLE_LINE }]);
        }
      }
    },
  );

  it('when an email to sign in with holds a NUL, then it answers 400 on `email`', async () => {
    const res = await request(t.app)
      .post('/api/user/login')
      .send({ email: `${vendor.user.email}\u0000`, password: PASSWORD, altcha: 'eA==' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: 'email', message: NOT_SINGLE_LINE }]);
  });

  it('when the website form gets a name with a line break or an email with a NUL, then it answers 400 on it', async () => {
    const form = {
      name: 'Ana',
      email: 'ana@example.com',
      requestType: 'otro',
      message: 'Hola',
      altcha: 'eA==',
    };
    for (const [field, value] of [
      ['name', 'Ana\r\nBcc: x@evil.example'],
      ['email', 'ana@example.com\u0000'],
    ] as const) {
      const res = await request(t.app)
        .post('/api/form-contact/create')
        .send({ ...form, [field]: value });
      expect(res.status, field).toBe(400);
      expect(res.body.errors, field).toEqual([{ path: field, message: NOT_SINGLE_LINE }]);
    }
  });

  /** Every C0 control, DEL and a C1 one, among line breaks and text. */
  const FREE_TEXT =
    'línea 1\r\nlínea 2\n' +
    Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)).join('') +
    '\u007f\u0085\u2028 fin';

  it('when a message or a note holds NUL and other control characters, then they are stored and read back exactly', async () => {
    const created = await request(t.app)
      .post('/api/form-contact/crm-create')
      .set(bearer(vendor.token))
      .send({ name: 'Ana', email: 'ana@example.com', requestType: 'otro', message: FREE_TEXT });
    expect(created.status).toBe(201);
    const id = requestSchema.parse(created.body)._id;

    const noted = await request(t.app)
      .post(`/api/form-contact/${id}/notes`)
      .set(bearer(vendor.token))
      .send({ text: FREE_TEXT });
    expect(noted.status).toBe(201);
    const withNote = requestSchema.parse(noted.body);
    const saved = await request(t.app)
      .put(`/api/form-contact/update/${id}`)
      .set(bearer(vendor.token))
      .send({ ...withNote, notes: [...withNote.notes, `\u0000${FREE_TEXT}\u0000`] });
    expect(saved.status).toBe(200);

    const read = await request(t.app).get(`/api/form-contact/${id}`).set(bearer(vendor.token));
    expect(read.status).toBe(200);
    expect(read.body.message).toBe(FREE_TEXT);
    expect(read.body.notes).toEqual([FREE_TEXT, `\u0000${FREE_TEXT}\u0000`]);
  });
});
