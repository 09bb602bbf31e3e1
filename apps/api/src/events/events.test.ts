import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventsPageSchema, type CrmEvent, type EventsPage } from '@crm/shared';
import { afterAnswerSettled } from '../http/after-answer.js';
import { publishRequestEvents, sweepPendingEvents } from '../requests/index.js';
import {
  listening,
  openStream,
  type StreamMessage,
  type TestStream,
} from '../test/event-stream.js';
import {
  bearer,
  createRequest,
  login,
  solvedCaptcha,
  startTestApp,
  useSignedInRoles,
  useTestApp,
  type TestApp,
} from '../test/test-app.js';
import { FEED_POLL_MS } from './feed.js';
import { SETTLE_MS } from './read.js';

// Issue 36's event log on a real database: every change once, in its request's order, none
// lost by a process that stops between the change and the publication; and the live stream.

const t = useTestApp();
const { admin, vendor } = useSignedInRoles(t);

async function page(after = 0, token = vendor.token): Promise<EventsPage> {
  await afterAnswerSettled(t.ctx);
  const res = await request(t.app).get(`/api/events?after=${after}`).set(bearer(token));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return eventsPageSchema.parse(res.body);
}

/** Every event in the log after `from`, oldest first, and the position after the newest. */
async function everything(from = 0): Promise<{ events: CrmEvent[]; last: number }> {
  const events: CrmEvent[] = [];
  let after = from;
  for (;;) {
    const next = await page(after);
    events.push(...next.events);
    if (next.last === after) return { events, last: after };
    after = next.last;
  }
}

/** Every event of one request in the log, oldest first. */
async function eventsOf(requestId: string): Promise<CrmEvent[]> {
  const { events } = await everything();
  return events.filter((event) => event.requestId === requestId);
}

const newest = async () => (await everything()).last;

const typesOf = (events: CrmEvent[]) => events.map((event) => event.type);

describe('the event log: each change once, as its request changed', () => {
  it('when a request is created, edited, moved, closed, assigned, noted, planned and deleted, then the log has each event once, in that order, with who and what changed', async () => {
    const created = await createRequest(t, vendor.token);
    const id = created._id;
    const updated = await request(t.app)
      .put(`/api/form-contact/update/${id}`)
      .set(bearer(vendor.token))
      .send({ ...created, company: 'Acme', priority: 'high' })
      .expect(200);
    await request(t.app)
      .patch(`/api/form-contact/${id}/status`)
      .set(bearer(vendor.token))
      .send({ from: 'new request', to: 'contacted' })
      .expect(200);
    await request(t.app)
      .put('/api/user/assign-vendor')
      .set(bearer(admin.token))
      .send({ formId: id, vendorId: vendor.user._id })
      .expect(200);
    await request(t.app)
      .post(`/api/form-contact/${id}/notes`)
      .set(bearer(vendor.token))
      .send({ text: 'Llamar el lunes' })
      .expect(201);
    const planned = await request(t.app)
      .post(`/api/form-contact/${id}/activities`)
      .set(bearer(vendor.token))
      .send({ type: 'call', title: 'Llamar', dueDate: '2030-01-02' })
      .expect(201);
    const activity = planned.body as { _id: string; version: number }[] | { _id: string };
    const activityId = Array.isArray(activity) ? activity[0]!._id : activity._id;
    await request(t.app)
      .post(`/api/form-contact/${id}/activities/${activityId}/complete`)
      .set(bearer(vendor.token))
      .send({ version: 0 })
      .expect(200);
    await request(t.app)
      .patch(`/api/form-contact/${id}/status`)
      .set(bearer(vendor.token))
      .send({ from: 'contacted', to: 'closed', outcome: { result: 'won' } })
      .expect(200);
    await request(t.app)
      .delete(`/api/form-contact/delete/${id}`)
      .set(bearer(admin.token))
      .expect(200);

    const events = await eventsOf(id);
    expect(typesOf(events)).toEqual([
      'request.created',
      'request.updated',
      'request.moved',
      'request.assigned',
      'request.note',
      'request.activity.planned',
      'request.activity.completed',
      'request.moved',
      'request.outcome',
      'request.deleted',
    ]);
    expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
    const positions = events.map((event) => event.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    const [first, edit] = events;
    expect(first!.actor).toEqual({ id: vendor.user._id, name: expect.any(String) });
    expect(first!.data.request).toMatchObject({ _id: id, name: created.name });
    expect(edit!.data.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'company', to: 'Acme' }),
        expect.objectContaining({ field: 'priority', to: 'high' }),
      ]),
    );
    expect(edit!.data.request).toMatchObject({ company: 'Acme', version: updated.body.version });
    expect(events.at(-1)!.data).toEqual({
      requestNumber: created.requestNumber,
      name: created.name,
    });
    expect(events.at(-1)!.actor?.id).toBe(admin.user._id);
    // The deletion happened: the request is gone once its event is in the log.
    await request(t.app).get(`/api/form-contact/${id}`).set(bearer(admin.token)).expect(404);
  });

  it('when the website form sends a lead, then the log has request.lead with no actor', async () => {
    const email = `lead-${Date.now()}@example.com`;
    await request(t.app)
      .post('/api/form-contact/create')
      .send({
        name: 'Visitante',
        email,
        requestType: 'obtener una demo',
        message: 'Quiero una demo',
        altcha: await solvedCaptcha(t.app),
      })
      .expect(201);
    const { events } = await everything();
    const lead = events.find((event) => event.data.request?.email === email);
    expect(lead).toMatchObject({ type: 'request.lead', actor: null });
    expect(lead!.data.request).toMatchObject({ sourceOfContact: 'website', status: 'new request' });
  });

  it('when many notes are added at once, then the log has one event each, in the order the request recorded them', async () => {
    const { _id: id } = await createRequest(t, vendor.token);
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        request(t.app)
          .post(`/api/form-contact/${id}/notes`)
          .set(bearer(vendor.token))
          .send({ text: `nota ${i}` })
          .expect(201),
      ),
    );
    const notes = (await eventsOf(id)).filter((event) => event.type === 'request.note');
    const history = await request(t.app)
      .get(`/api/form-contact/${id}/history`)
      .set(bearer(vendor.token))
      .expect(200);
    const recorded = (history.body.entries as { field: string; to: string }[])
      .filter((entry) => entry.field === 'note')
      .map((entry) => entry.to);
    expect(notes.map((event) => event.data.changes![0]!.to)).toEqual(
      // The history lists the newest first.
      [...recorded].reverse(),
    );
  });
});

describe('the event log: nothing lost when a process stops', () => {
  afterEach(() => vi.restoreAllMocks());

  it('when the process stops after the change and before the publication, then the sweep publishes it once, before the next change', async () => {
    const { _id: id } = await createRequest(t, vendor.token);
    await afterAnswerSettled(t.ctx);
    // The change is written; its publication never happens (as if the process died there).
    const create = vi
      .spyOn(t.ctx.models.Event.collection, 'insertMany')
      .mockRejectedValueOnce(new Error('muerto'));
    await request(t.app)
      .patch(`/api/form-contact/${id}/status`)
      .set(bearer(vendor.token))
      .send({ from: 'new request', to: 'contacted' })
      .expect(200);
    await afterAnswerSettled(t.ctx);
    expect(typesOf(await eventsOf(id))).toEqual(['request.created']);
    create.mockRestore();

    // Not the sweep's yet: a live process may still be publishing it.
    expect(await sweepPendingEvents(t.ctx)).toBe(0);
    const later = new Date(t.ctx.clock.now().getTime() + 60_000);
    expect(await sweepPendingEvents(t.ctx, later)).toBe(1);
    await request(t.app)
      .patch(`/api/form-contact/${id}/status`)
      .set(bearer(vendor.token))
      .send({ from: 'contacted', to: 'quote sent' })
      .expect(200);
    const events = await eventsOf(id);
    expect(typesOf(events)).toEqual(['request.created', 'request.moved', 'request.moved']);
    expect(events.map((event) => event.data.changes?.[0]?.to)).toEqual([
      undefined,
      'contacted',
      'quote sent',
    ]);
  });

  it('when the process stops after the log got the event and before the request let it go, then publishing again stores nothing twice', async () => {
    const { _id: id } = await createRequest(t, vendor.token);
    await afterAnswerSettled(t.ctx);
    const pull = vi
      .spyOn(t.ctx.models.Request.collection, 'bulkWrite')
      .mockRejectedValueOnce(new Error('muerto'));
    await request(t.app)
      .post(`/api/form-contact/${id}/notes`)
      .set(bearer(vendor.token))
      .send({ text: 'hola' })
      .expect(201);
    await afterAnswerSettled(t.ctx);
    expect(pull).toHaveBeenCalled();
    await publishRequestEvents(t.ctx, [id]);
    await publishRequestEvents(t.ctx, [id]);
    expect(typesOf(await eventsOf(id))).toEqual(['request.created', 'request.note']);
    const stored = await t.ctx.models.Request.findById(id, 'pendingEvents').lean();
    expect(stored?.pendingEvents ?? []).toHaveLength(0);
  });

  it('when a deletion stops after its event reached the log, then the sweep finishes it', async () => {
    const { _id: id } = await createRequest(t, vendor.token);
    const remove = vi
      .spyOn(t.ctx.models.Request, 'deleteOne')
      .mockRejectedValueOnce(new Error('muerto'));
    const res = await request(t.app)
      .delete(`/api/form-contact/delete/${id}`)
      .set(bearer(admin.token));
    expect(res.status).toBe(500);
    expect(remove).toHaveBeenCalled();
    expect(typesOf(await eventsOf(id))).toEqual(['request.created', 'request.deleted']);
    await sweepPendingEvents(t.ctx);
    await request(t.app).get(`/api/form-contact/${id}`).set(bearer(admin.token)).expect(404);
    expect(typesOf(await eventsOf(id))).toEqual(['request.created', 'request.deleted']);
  });
});

describe('GET /api/events', () => {
  it('pages through the log with `after` and `last`, missing nothing, and refuses a bad position with 400', async () => {
    const before = await newest();
    const a = await createRequest(t, vendor.token);
    const b = await createRequest(t, vendor.token);
    const first = await page(before);
    expect(first.events.map((event) => event.requestId)).toEqual([a._id, b._id]);
    expect(first.gap).toBe(false);
    expect(await page(first.last)).toEqual({ events: [], last: first.last, gap: false });
    const bad = await request(t.app).get('/api/events?after=ayer').set(bearer(vendor.token));
    expect(bad.status).toBe(400);
    await request(t.app).get('/api/events').expect(401);
  });

  it('when a position is missing for a moment (an event still being stored), then a reader waits for it, and steps over it once it is old', async () => {
    const last = await newest();
    // Position last+1 handed out but not stored; last+2 stored now.
    await t.ctx.models.EventCounter.updateOne({ _id: 'events' }, { $inc: { position: 1 } });
    const { _id: id } = await createRequest(t, vendor.token);
    const waiting = await page(last);
    expect(waiting.events).toEqual([]);
    expect(waiting.last).toBe(last);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + SETTLE_MS + 1 });
    try {
      const stepped = await page(last);
      expect(stepped.events.map((event) => event.requestId)).toEqual([id]);
      expect(stepped.last).toBe(last + 2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('when the events after a position are no longer kept, then `gap` says to reload', async () => {
    const last = await newest();
    await createRequest(t, vendor.token);
    await createRequest(t, vendor.token);
    await afterAnswerSettled(t.ctx);
    // The retention pruned everything up to the newest event but one.
    await t.ctx.models.Event.deleteMany({ position: { $lte: last + 1 } });
    const resumed = await page(Math.max(1, last - 1));
    expect(resumed.gap).toBe(true);
  });

  it('keeps each event EVENTS_RETENTION_DAYS', async () => {
    const { _id: id } = await createRequest(t, vendor.token);
    await afterAnswerSettled(t.ctx);
    const stored = await t.ctx.models.Event.findOne({ requestId: id }).lean();
    const days = (stored!.expiresAt.getTime() - stored!.storedAt.getTime()) / 86_400_000;
    expect(days).toBe(t.ctx.config.eventsRetentionDays);
    expect(t.ctx.config.eventsRetentionDays).toBe(30);
  });
});

describe('GET /api/events/stream', () => {
  let server: Awaited<ReturnType<typeof listening>>;
  const streams: TestStream[] = [];
  beforeAll(async () => {
    server = await listening(t.app);
  });
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });
  afterAll(() => server.close());

  const open = async (token: string, lastEventId?: string) => {
    const stream = await openStream(server.url, token, { lastEventId });
    streams.push(stream);
    return stream;
  };

  it('when a colleague moves a request, then an open stream gets the move within 2 s, with the card as it is now', async () => {
    const { _id: id } = await createRequest(t, vendor.token);
    const stream = await open(admin.token);
    expect(stream.status).toBe(200);
    await stream.next((message) => message.event === 'ready');
    await request(t.app)
      .patch(`/api/form-contact/${id}/status`)
      .set(bearer(vendor.token))
      .send({ from: 'new request', to: 'follow up' })
      .expect(200);
    const moved = await stream.next((message) => message.event === 'request.moved');
    const event = JSON.parse(moved.data) as CrmEvent;
    expect(event).toMatchObject({ requestId: id, actor: { id: vendor.user._id } });
    expect(event.data.request?.status).toBe('follow up');
    expect(moved.id).toBe(String(event.position));
  });

  it('when every stream has closed and changes went on, then a new stream starts from the newest event, not where the last one left', async () => {
    const first = await open(admin.token);
    await first.next((message) => message.event === 'ready');
    first.close();
    // The server sees the close, and its one reader goes idle after its next read.
    await sleep(3 * FEED_POLL_MS);
    const meanwhile = await createRequest(t, vendor.token);
    await afterAnswerSettled(t.ctx);

    const next = await open(admin.token);
    await next.next((message) => message.event === 'ready');
    await sleep(3 * FEED_POLL_MS);
    const requestIds = next.messages
      .filter((message) => message.event.startsWith('request.'))
      .map((message) => (JSON.parse(message.data) as CrmEvent).requestId);
    expect(requestIds).not.toContain(meanwhile._id);
  });

  it('when a stream reconnects with Last-Event-ID, then it gets what it missed, and nothing it had', async () => {
    const stream = await open(admin.token);
    await stream.next((message) => message.event === 'ready');
    const had = await createRequest(t, vendor.token);
    const createdOf = (id: string) => (message: StreamMessage) =>
      message.event === 'request.created' &&
      (JSON.parse(message.data) as CrmEvent).requestId === id;
    const seen = await stream.next(createdOf(had._id));
    stream.close();
    const missed = await createRequest(t, vendor.token);
    await afterAnswerSettled(t.ctx);
    const resumed = await open(admin.token, seen.id);
    await resumed.next(createdOf(missed._id));
    expect(resumed.messages.filter(createdOf(had._id))).toHaveLength(0);
    expect(resumed.messages.filter(createdOf(missed._id))).toHaveLength(1);
  });

  it('when the resume point is older than the events kept, then the stream says to reload', async () => {
    await createRequest(t, vendor.token);
    await afterAnswerSettled(t.ctx);
    const last = await newest();
    await t.ctx.models.Event.deleteMany({ position: { $lte: last } });
    await createRequest(t, vendor.token);
    await afterAnswerSettled(t.ctx);
    const stream = await open(admin.token, String(Math.max(1, last - 1)));
    await stream.next((message) => message.event === 'reload');
  });

  it('when the user signs out, then their stream closes at once', async () => {
    const own = await login(t.app, vendor.user.email);
    const token = (own.body as { token: string }).token;
    const stream = await open(token);
    await stream.next((message) => message.event === 'ready');
    await request(t.app).post('/api/user/logout').set(bearer(token)).expect(200);
    const closedWithin = Promise.race([
      stream.ended.then(() => true),
      new Promise((resolve) => setTimeout(() => resolve(false), 2000)),
    ]);
    expect(await closedWithin).toBe(true);
  });

  it('when an API token is revoked, then its stream closes; a read token may follow the log', async () => {
    const created = await request(t.app)
      .post('/api/me/tokens')
      .set(bearer(vendor.token))
      .send({ name: 'n8n', scope: 'read', lifetimeDays: null });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { token, _id: id } = created.body as { token: string; _id: string };
    const stream = await open(token);
    expect(stream.status).toBe(200);
    await stream.next((message) => message.event === 'ready');
    await request(t.app).delete(`/api/me/tokens/${id}`).set(bearer(vendor.token)).expect(200);
    const closedWithin = Promise.race([
      stream.ended.then(() => true),
      new Promise((resolve) => setTimeout(() => resolve(false), 2000)),
    ]);
    expect(await closedWithin).toBe(true);
  });

  it('when one user opens more streams than MAX_STREAMS_PER_USER, then their oldest close', async () => {
    const first = await open(admin.token);
    await first.next((message) => message.event === 'ready');
    const more = await Promise.all(Array.from({ length: 10 }, () => open(admin.token)));
    await Promise.all(more.map((stream) => stream.next((message) => message.event === 'ready')));
    await first.ended;
    const { _id: id } = await createRequest(t, vendor.token);
    await Promise.all(
      more.map((stream) =>
        stream.next((message) => message.data.includes(id) && message.event === 'request.created'),
      ),
    );
  });

  it('refuses a call without a token (401)', async () => {
    const res = await fetch(`${server.url}/api/events/stream`);
    expect(res.status).toBe(401);
  });
});

describe('two API processes on one database', () => {
  let second: TestApp;
  beforeAll(async () => {
    second = await startTestApp({ dbName: t.dbName });
  });
  afterAll(() => second.close());

  it('when both change requests at once, then every change is in the log once, and a stream on one hears the other', async () => {
    const server = await listening(t.app);
    try {
      const stream = await openStream(server.url, admin.token);
      const ready = await stream.next((message) => message.event === 'ready');
      const made = await Promise.all(
        Array.from({ length: 8 }, (_, i) => createRequest(i % 2 === 0 ? t : second, vendor.token)),
      );
      await afterAnswerSettled(second.ctx);
      for (const { _id } of made) {
        await stream.next(
          (message) => message.event === 'request.created' && message.data.includes(_id),
        );
      }
      stream.close();
      const ids = new Set(made.map((made) => made._id));
      // From where the stream started: earlier tests pruned the log's first positions, which a
      // reader from 0 would wait on while the oldest kept event is recent.
      const { events } = await everything(Number(ready.id));
      const created = events.filter((event) => ids.has(event.requestId));
      expect(created).toHaveLength(8);
      expect(new Set(created.map((event) => event.position)).size).toBe(8);
    } finally {
      await server.close();
    }
  });
});
