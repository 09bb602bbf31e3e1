import { Writable } from 'node:stream';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, bearer, login, startTestApp, tokenFor, type TestApp } from '../test/test-app.js';

/** Every JSON line the app logs, as objects, plus the raw text to search for secrets. */
function captureLogs() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return {
    logger: pino({ level: 'info' }, stream),
    entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
    text: () => lines.join('\n'),
  };
}

describe('request logs', () => {
  let t: TestApp;
  const logs = captureLogs();

  beforeAll(async () => {
    t = await startTestApp({ logger: logs.logger });
  });
  afterAll(() => t.close());

  it('logs one JSON line per call with a request id, echoed in X-Request-Id', async () => {
    const { token } = await tokenFor(t, 'vendor');
    const res = await request(t.app).get('/api/form-contact/all').set(bearer(token)).expect(200);
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const line = logs.entries().find((entry) => entry.requestId === id);
    expect(line).toMatchObject({
      msg: 'GET /api/form-contact/all 200',
      req: { method: 'GET', path: '/api/form-contact/all' },
      res: { statusCode: 200 },
    });
    expect(line?.responseTime).toEqual(expect.any(Number));
  });

  it("keeps a caller's request id, so one call can be followed through the proxy", async () => {
    const res = await request(t.app).get('/api/nope').set('X-Request-Id', 'proxy-abc.123');
    expect(res.headers['x-request-id']).toBe('proxy-abc.123');
    expect(logs.entries().some((e) => e.requestId === 'proxy-abc.123' && e.level === 40)).toBe(
      true,
    );
  });

  it('never writes tokens or passwords, and every request line carries an id', async () => {
    const { token, user } = await tokenFor(t, 'system admin');
    await login(t.app, user.email, 'Wrong.Password1');
    await request(t.app).post('/api/user/create').set(bearer(token)).send({
      name: 'Log',
      lastName: 'Check',
      email: 'log.check@example.com',
      password: 'Another.Secret9',
      role: 'vendor',
    });
    await request(t.app).get('/api/user/all?token=leaky').set(bearer(token)).expect(200);

    const text = logs.text();
    expect(text).not.toContain(token);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain('Wrong.Password1');
    expect(text).not.toContain('Another.Secret9');
    expect(text).not.toContain('leaky');
    expect(text).not.toMatch(/authorization/i);
    const requestLines = logs.entries().filter((entry) => 'req' in entry);
    expect(requestLines.length).toBeGreaterThanOrEqual(4);
    for (const entry of requestLines) expect(entry.requestId).toEqual(expect.any(String));
  });

  it('logs a calendar feed read by its route, never its secret; a long token elsewhere in a path is redacted; ids stay', async () => {
    const { token, user } = await tokenFor(t, 'vendor');
    const feed = await request(t.app).post('/api/me/calendar-feed').set(bearer(token));
    const path = new URL((feed.body as { url: string }).url).pathname;
    const secret = /\/api\/calendar\/(.+)\.ics$/.exec(path)?.[1] ?? '';
    expect(secret).toHaveLength(43);
    const read = await request(t.app).get(path).expect(200);
    await request(t.app).get(`/api/calendars/${secret}.ics`).expect(404);
    await request(t.app).get(`/api/user/data/${user._id}`).set(bearer(token));

    expect(logs.text()).not.toContain(secret);
    const line = logs.entries().find((entry) => entry.requestId === read.headers['x-request-id']);
    expect(line).toMatchObject({
      msg: 'GET /api/calendar/:secret.ics 200',
      req: { method: 'GET', path: '/api/calendar/:secret.ics' },
    });
    const paths = logs.entries().map((entry) => (entry.req as { path?: string } | undefined)?.path);
    expect(paths).toContain('/api/calendars/:redacted.ics');
    expect(paths).toContain(`/api/user/data/${user._id}`);
  });

  it('does not log health probes', async () => {
    await request(t.app).get('/api/health').expect(200);
    await request(t.app).get('/api/ready').expect(200);
    const paths = logs.entries().map((entry) => (entry.req as { path?: string } | undefined)?.path);
    expect(paths).not.toContain('/api/health');
    expect(paths).not.toContain('/api/ready');
  });
});
