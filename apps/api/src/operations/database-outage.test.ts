import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_MESSAGES } from '@crm/shared';
import { DATABASE_RETRY_AFTER_S } from '../db/availability.js';
import { startRestartableDb, type RestartableDb } from '../test/restartable-db.js';
import { bearer, startTestApp, tokenFor, type TestApp } from '../test/test-app.js';

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
});
