import request from 'supertest';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_MESSAGES } from '@crm/shared';
import { DATABASE_RETRY_AFTER_S, isDatabaseUnreachableError } from '../db/availability.js';
import { startRestartableDb, type RestartableDb } from '../test/restartable-db.js';
import { bearer, startTestApp, tokenFor, type TestApp } from '../test/test-app.js';

/** The operations doc's promise: a call answers 503 within this long of the database hanging. */
const ANSWER_WITHIN_MS = 5_000;

/** A call's status, message and how long it took, in ms (status 0: no answer at all). */
async function timed(
  call: () => request.Test,
): Promise<{ status: number; message?: string; ms: number }> {
  const started = performance.now();
  // A client gives up at twice the promise: a hang shows as a status 0, not a stuck test.
  const answer = await call()
    .timeout(2 * ANSWER_WITHIN_MS)
    .then(
      (res) => ({ status: res.status, message: (res.body as { message?: string }).message }),
      () => ({ status: 0 }),
    );
  return { ...answer, ms: performance.now() - started };
}

// Stops and restarts a database server of its own under the running API.
describe('the database goes away and comes back', () => {
  let db: RestartableDb;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    db = await startRestartableDb();
    t = await startTestApp({ mongoUrl: db.url });
    ({ token } = await tokenFor(t, 'vendor'));
    await request(t.app)
      .post('/api/form-contact/crm-create')
      .set(bearer(token))
      .send({
        name: 'Before Outage',
        email: 'before@example.com',
        requestType: 'otro',
        message: 'hi',
      })
      .expect(201);
  }, 90_000);

  afterAll(async () => {
    await t.close().catch(() => undefined);
    await db.dispose();
  });

  it('is ready while the database answers', async () => {
    const res = await request(t.app).get('/api/ready').expect(200);
    expect(res.body).toEqual({ status: 'ready' });
  });

  it('answers 503 with a clear message while it is down, without hanging, then recovers by itself', async () => {
    await db.stop();

    // Readiness fails; liveness still answers (the process is fine, only its database is not).
    await vi.waitFor(
      async () => {
        const res = await request(t.app).get('/api/ready');
        expect(res.status).toBe(503);
        expect(res.body).toEqual({ message: API_MESSAGES.databaseUnavailable });
      },
      { timeout: 20_000, interval: 250 },
    );
    await request(t.app).get('/api/health').expect(200);

    // Calls get the message at once and a hint when to retry, rather than a 500 or a timeout.
    const list = await request(t.app)
      .get('/api/form-contact/all')
      .set(bearer(token))
      .timeout(4_000);
    expect(list.status).toBe(503);
    expect(list.body).toEqual({ message: API_MESSAGES.databaseUnavailable });
    expect(list.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_S));
    const create = await request(t.app)
      .post('/api/form-contact/crm-create')
      .set(bearer(token))
      .send({
        name: 'During Outage',
        email: 'during@example.com',
        requestType: 'otro',
        message: 'x',
      })
      .timeout(4_000);
    expect(create.status).toBe(503);

    await db.start();

    // Nobody restarts the API (only polls it): the driver finds the database again by itself.
    await vi.waitFor(() => request(t.app).get('/api/ready').expect(200), {
      timeout: 30_000,
      interval: 250,
    });
    const after = await request(t.app).get('/api/form-contact/all').set(bearer(token)).expect(200);
    const names = (after.body as { name: string }[]).map((r) => r.name);
    expect(names).toEqual(['Before Outage']);
  }, 90_000);

  it('answers 503 within 5 s while the database hangs (SIGSTOP), and recovers within 5 s of it resuming', async () => {
    const list = () => request(t.app).get('/api/form-contact/all').set(bearer(token));
    const create = () =>
      request(t.app).post('/api/form-contact/crm-create').set(bearer(token)).send({
        name: 'During Freeze',
        email: 'frozen@example.com',
        requestType: 'otro',
        message: 'x',
      });
    await vi.waitFor(() => list().expect(200), { timeout: 20_000, interval: 250 });

    db.freeze();
    // The signal takes effect a moment later: a call sent at once could still be answered.
    await delay(200);
    // A write already sent when the database hung is cut too, as a "database away" error
    // (the error handler's 503), not an unknown one (a 500).
    const writeStarted = performance.now();
    const write = t.ctx.models.Request.updateOne({}, { $set: { message: 'y' } }).then(
      () => 'written',
      (error: unknown) => (isDatabaseUnreachableError(error) ? 'unreachable' : error),
    );
    const writeCut = write.then(() => performance.now() - writeStarted);
    // Calls caught by the freeze mid-way (sent at once) and sent later, while the driver has
    // noticed: each answers 503, none later than the promise.
    const calls: ReturnType<typeof timed>[] = [];
    for (let i = 0; i < 8; i++) {
      calls.push(timed(i % 2 === 0 ? list : create));
      await delay(1_000);
    }
    const answers = await Promise.all(calls);
    expect(await write).toBe('unreachable');
    expect(await writeCut).toBeLessThan(ANSWER_WITHIN_MS);
    const thawedAt = performance.now();
    db.thaw();
    // Back within 5 s of the database resuming, with nobody restarting the API.
    let recovered = await timed(list);
    while (recovered.status !== 200 && performance.now() - thawedAt < 3 * ANSWER_WITHIN_MS) {
      await delay(100);
      recovered = await timed(list);
    }
    const recoveryMs = performance.now() - thawedAt;

    for (const answer of answers) {
      expect(answer).toMatchObject({ status: 503, message: API_MESSAGES.databaseUnavailable });
      expect(answer.ms).toBeLessThan(ANSWER_WITHIN_MS);
    }
    expect(recovered.status).toBe(200);
    expect(recoveryMs).toBeLessThan(ANSWER_WITHIN_MS);
  }, 90_000);
});
