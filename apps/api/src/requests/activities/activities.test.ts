import { Types } from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_MESSAGES,
  FIELD_MAX_LENGTH,
  FIELD_MESSAGES,
  MAX_ACTIVITIES_PER_REQUEST,
  activityListSchema,
  activitySchema,
  dayIn,
  requestHistorySchema,
  requestSchema,
  zonedDueAt,
  type Activity,
  type HistoryEntry,
  type Request,
} from '@crm/shared';
import {
  addUser,
  bearer,
  login,
  signInEachRole,
  startTestApp,
  UNKNOWN_ID,
  type SignedIn,
  type TestApp,
} from '../../test/test-app.js';

// Issue 20, first slice: activities on a request, kept inside it, each change recorded in its
// history in the same write.

let t: TestApp;
let admin: SignedIn, vendor: SignedIn, driver: SignedIn;

beforeAll(async () => {
  t = await startTestApp();
  ({ admin, vendor, driver } = await signInEachRole(t));
});
afterAll(async () => {
  await t.close();
});

const roles = [
  ['system admin', () => admin],
  ['vendor', () => vendor],
  ['driver', () => driver],
] as const;

const PLAN = { type: 'call', title: 'Llamar a Lucía', dueDate: '2026-12-12', dueTime: '15:00' };

async function createRequest(token = vendor.token): Promise<Request> {
  const res = await request(t.app)
    .post('/api/form-contact/crm-create')
    .set(bearer(token))
    .send({ name: 'Lucía', email: 'lucia@example.com', requestType: 'otro', message: 'Hola' });
  expect(res.status).toBe(201);
  return requestSchema.parse(res.body);
}

const activitiesPath = (id: string) => `/api/form-contact/${id}/activities`;
const activityPath = (id: string, activityId: string) => `${activitiesPath(id)}/${activityId}`;

const add = (id: string, body: object = PLAN, token = vendor.token) =>
  request(t.app).post(activitiesPath(id)).set(bearer(token)).send(body);

async function added(id: string, body: object = PLAN, token = vendor.token): Promise<Activity> {
  const res = await add(id, body, token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return activitySchema.parse(res.body);
}

const change = (id: string, activityId: string, body: object, token = vendor.token) =>
  request(t.app).patch(activityPath(id, activityId)).set(bearer(token)).send(body);

const complete = (id: string, activityId: string, version: number, token = vendor.token) =>
  request(t.app)
    .post(`${activityPath(id, activityId)}/complete`)
    .set(bearer(token))
    .send({ version });

const reopen = (id: string, activityId: string, version: number, token = vendor.token) =>
  request(t.app)
    .post(`${activityPath(id, activityId)}/reopen`)
    .set(bearer(token))
    .send({ version });

const remove = (id: string, activityId: string, token = vendor.token) =>
  request(t.app).delete(activityPath(id, activityId)).set(bearer(token));

async function list(id: string, token = vendor.token): Promise<Activity[]> {
  const res = await request(t.app).get(activitiesPath(id)).set(bearer(token));
  expect(res.status).toBe(200);
  return activityListSchema.parse(res.body).items;
}

async function historyOf(id: string): Promise<HistoryEntry[]> {
  const res = await request(t.app).get(`/api/form-contact/${id}/history`).set(bearer(admin.token));
  expect(res.status).toBe(200);
  return requestHistorySchema.parse(res.body).entries;
}

const activityEntries = async (id: string) =>
  (await historyOf(id))
    .filter((entry) => entry.activity)
    .map(({ by, field, from, to, activity }) => ({ by, field, from, to, title: activity?.title }));

const fieldError = (path: string, message: string) => ({
  message,
  errors: [{ path, message }],
});

describe('POST /api/form-contact/:id/activities', () => {
  it('answers 401 without a token', async () => {
    const created = await createRequest();
    const res = await request(t.app).post(activitiesPath(created._id)).send(PLAN);
    expect(res.status).toBe(401);
  });

  it.each(roles)(
    'lets a %s plan one, owned by the caller when the request has no executive',
    async (_role, caller) => {
      const created = await createRequest();
      const before = Date.now();
      const activity = await added(created._id, PLAN, caller().token);
      expect(activity).toEqual({
        _id: expect.any(String),
        type: 'call',
        title: 'Llamar a Lucía',
        dueDate: '2026-12-12',
        dueTime: '15:00',
        dueAt: zonedDueAt('2026-12-12', '15:00', t.ctx.config.timeZone).toISOString(),
        ownerId: caller().user._id,
        done: false,
        doneAt: null,
        doneBy: null,
        createdAt: expect.any(String),
        createdBy: caller().user._id,
        version: 0,
      });
      expect(Date.parse(activity.createdAt)).toBeGreaterThanOrEqual(before);
      expect(await list(created._id)).toEqual([activity]);
      expect(await activityEntries(created._id)).toEqual([
        {
          by: caller().user._id,
          field: 'activity',
          from: null,
          to: 'Llamar a Lucía',
          title: 'Llamar a Lucía',
        },
      ]);
    },
  );

  it('defaults the owner to the request’s executive, and takes another one when named', async () => {
    const created = await createRequest();
    await request(t.app)
      .put('/api/user/assign-vendor')
      .set(bearer(admin.token))
      .send({ formId: created._id, vendorId: vendor.user._id })
      .expect(200);
    expect((await added(created._id, PLAN, driver.token)).ownerId).toBe(vendor.user._id);
    const named = await added(created._id, { ...PLAN, ownerId: admin.user._id }, driver.token);
    expect(named.ownerId).toBe(admin.user._id);
  });

  it('trims the title, keeps a day without a time, and leaves the request’s version alone', async () => {
    const created = await createRequest();
    const activity = await added(created._id, {
      type: 'task',
      title: '  Enviar cotización  ',
      dueDate: '2028-02-29',
    });
    expect(activity).toMatchObject({
      title: 'Enviar cotización',
      dueDate: '2028-02-29',
      dueTime: null,
    });
    const read = requestSchema.parse(
      (await request(t.app).get(`/api/form-contact/${created._id}`).set(bearer(vendor.token))).body,
    );
    // Only the card's next activity changed, in the same write as the activities.
    const { _id, type, title, dueDate, dueTime, dueAt } = activity;
    expect(read).toEqual({
      ...created,
      nextActivity: { _id, type, title, dueDate, dueTime, dueAt },
    });
  });

  it('reads the due day and time in APP_TIME_ZONE when the planner has no zone, DST days included', async () => {
    const zone = t.ctx.config.timeZone;
    t.ctx.config.timeZone = 'America/Santiago';
    try {
      const created = await createRequest();
      // Santiago's spring day 2026-09-06 starts at 01:00 (-03): the day's start is 04:00Z.
      const day = await added(created._id, { ...PLAN, dueDate: '2026-09-06', dueTime: null });
      expect(day.dueAt).toBe('2026-09-06T04:00:00.000Z');
      const timed = await added(created._id, { ...PLAN, dueDate: '2026-09-06', dueTime: '09:00' });
      expect(timed.dueAt).toBe('2026-09-06T12:00:00.000Z');
      t.ctx.config.timeZone = 'Europe/Madrid';
      const madrid = await added(created._id, { ...PLAN, dueDate: '2026-03-29', dueTime: '02:30' });
      expect(madrid.dueAt).toBe('2026-03-29T01:30:00.000Z');
    } finally {
      t.ctx.config.timeZone = zone;
    }
  });

  it("reads them in the planner's own time zone when they set one, on planning and rescheduling", async () => {
    const zone = t.ctx.config.timeZone;
    t.ctx.config.timeZone = 'UTC';
    await t.ctx.models.User.updateOne({ _id: vendor.user._id }, { timeZone: 'Asia/Tokyo' });
    try {
      const created = await createRequest();
      const day = await added(created._id, { ...PLAN, dueDate: '2026-12-12', dueTime: null });
      // Tokyo's 12 December starts at 15:00Z on the 11th.
      expect(day.dueAt).toBe('2026-12-11T15:00:00.000Z');
      const moved = await request(t.app)
        .patch(`/api/form-contact/${created._id}/activities/${day._id}`)
        .set(bearer(vendor.token))
        .send({ version: day.version, dueDate: '2026-12-13', dueTime: '09:00' });
      expect(moved.status).toBe(200);
      expect(moved.body.dueAt).toBe('2026-12-13T00:00:00.000Z');
    } finally {
      t.ctx.config.timeZone = zone;
      await t.ctx.models.User.updateOne({ _id: vendor.user._id }, { timeZone: null });
    }
  });

  it.each([
    ['title', { title: '   ' }, FIELD_MESSAGES.activityTitleRequired],
    [
      'title',
      { title: 'x'.repeat(FIELD_MAX_LENGTH.activityTitle + 1) },
      FIELD_MESSAGES.tooLong(FIELD_MAX_LENGTH.activityTitle),
    ],
    ['type', { type: 'visit' }, FIELD_MESSAGES.activityTypeInvalid],
    ['dueDate', { dueDate: '2026-02-30' }, FIELD_MESSAGES.activityDateInvalid],
    ['dueDate', { dueDate: '12/12/2026' }, FIELD_MESSAGES.activityDateInvalid],
    ['dueDate', { dueDate: undefined }, FIELD_MESSAGES.activityDateRequired],
    ['dueTime', { dueTime: '25:00' }, FIELD_MESSAGES.activityTimeInvalid],
    ['ownerId', { ownerId: UNKNOWN_ID }, FIELD_MESSAGES.activityOwnerUnknown],
  ])('answers 400 naming %s when it is %j', async (field, patch, message) => {
    const created = await createRequest();
    const res = await add(created._id, { ...PLAN, ...patch });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errors: [{ path: field, message }] });
    if (field === 'ownerId') expect(res.body).toEqual(fieldError(field, message));
    expect(await list(created._id)).toEqual([]);
  });

  it('answers 400 on dueDate when only a time is given', async () => {
    const created = await createRequest();
    const res = await add(created._id, { type: 'call', title: 'Llamar', dueTime: '10:00' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      errors: [{ path: 'dueDate', message: FIELD_MESSAGES.activityDateRequired }],
    });
  });

  it('answers 404 for an unknown request and 400 for a bad id', async () => {
    expect((await add(UNKNOWN_ID)).body).toEqual({ message: API_MESSAGES.requestNotFound });
    expect((await add(UNKNOWN_ID)).status).toBe(404);
    const bad = await add('nope');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: API_MESSAGES.invalidId });
  });

  it(`answers 400 past ${MAX_ACTIVITIES_PER_REQUEST} activities on one request`, async () => {
    const created = await createRequest();
    const now = new Date();
    const full = Array.from({ length: MAX_ACTIVITIES_PER_REQUEST }, (_, i) => ({
      _id: new Types.ObjectId(),
      type: 'task',
      title: `Tarea ${i}`,
      dueDate: '2026-12-12',
      dueTime: null,
      dueAt: now,
      ownerId: new Types.ObjectId(vendor.user._id),
      createdAt: now,
    }));
    await t.ctx.models.Request.updateOne({ _id: created._id }, { $set: { activities: full } });
    const res = await add(created._id);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: FIELD_MESSAGES.tooManyActivities(MAX_ACTIVITIES_PER_REQUEST),
    });
    expect(await list(created._id)).toHaveLength(MAX_ACTIVITIES_PER_REQUEST);
  });

  it('keeps every one of several activities planned at the same moment', async () => {
    const created = await createRequest();
    const titles = ['Uno', 'Dos', 'Tres', 'Cuatro', 'Cinco'];
    const answers = await Promise.all(titles.map((title) => add(created._id, { ...PLAN, title })));
    expect(answers.map((res) => res.status)).toEqual(titles.map(() => 201));
    expect((await list(created._id)).map((a) => a.title).sort()).toEqual([...titles].sort());
    expect(await activityEntries(created._id)).toHaveLength(titles.length);
  });

  it('keeps a note added at the same moment, and the note keeps the activity', async () => {
    const created = await createRequest();
    const [planned, noted] = await Promise.all([
      add(created._id),
      request(t.app)
        .post(`/api/form-contact/${created._id}/notes`)
        .set(bearer(driver.token))
        .send({ text: 'Nota' }),
    ]);
    expect([planned.status, noted.status]).toEqual([201, 201]);
    expect(await list(created._id)).toHaveLength(1);
    const read = requestSchema.parse(
      (await request(t.app).get(`/api/form-contact/${created._id}`).set(bearer(vendor.token))).body,
    );
    expect(read.notes).toEqual(['Nota']);
  });
});

// Issue 33: a call, meeting, mail or task that already happened, logged done in one step.
describe('POST /api/form-contact/:id/activities/done', () => {
  const LOG = { type: 'call', title: 'Llamé a Lucía', outcome: 'Interesada, pide cotización' };
  const log = (id: string, body: object = LOG, token = vendor.token) =>
    request(t.app)
      .post(`${activitiesPath(id)}/done`)
      .set(bearer(token))
      .send(body);

  it('answers 401 without a token', async () => {
    const created = await createRequest();
    expect(
      (
        await request(t.app)
          .post(`${activitiesPath(created._id)}/done`)
          .send(LOG)
      ).status,
    ).toBe(401);
  });

  it.each(roles)(
    'lets a %s log a done one: done now by the caller, with its outcome, in one history entry',
    async (_role, caller) => {
      const created = await createRequest();
      const before = Date.now();
      const res = await log(created._id, LOG, caller().token);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const activity = activitySchema.parse(res.body);
      expect(activity).toMatchObject({
        type: 'call',
        title: 'Llamé a Lucía',
        outcome: 'Interesada, pide cotización',
        ownerId: caller().user._id,
        done: true,
        doneBy: caller().user._id,
        createdBy: caller().user._id,
        version: 0,
      });
      const doneAt = Date.parse(activity.doneAt ?? '');
      expect(doneAt).toBeGreaterThanOrEqual(before);
      expect(doneAt).toBeLessThanOrEqual(Date.now());
      expect(activity.dueDate).toBe(dayIn(new Date(doneAt), t.ctx.config.timeZone));
      expect(activity.dueTime).toMatch(/^[0-2][0-9]:[0-5][0-9]$/);
      expect(await list(created._id)).toEqual([activity]);
      expect(await activityEntries(created._id)).toEqual([
        {
          by: caller().user._id,
          field: 'activityLogged',
          from: 'call',
          to: 'Interesada, pide cotización',
          title: 'Llamé a Lucía',
        },
      ]);
      // Not a next step: the card's next activity stays as it was (none).
      const stored = await request(t.app)
        .get(`/api/form-contact/${created._id}`)
        .set(bearer(admin.token));
      expect(stored.body).toMatchObject({ nextActivity: null });
    },
  );

  it('takes no outcome (blank is none), and keeps the next step planned before', async () => {
    const created = await createRequest();
    const planned = await added(created._id);
    const res = await log(created._id, {
      type: 'email',
      title: 'Envié la cotización',
      outcome: ' ',
    });
    expect(res.status).toBe(201);
    expect(res.body).not.toHaveProperty('outcome');
    expect(res.body).toMatchObject({ type: 'email', done: true });
    const items = await list(created._id);
    expect(items.map((a) => [a.title, a.done])).toEqual([
      [planned.title, false],
      ['Envié la cotización', true],
    ]);
    expect((await activityEntries(created._id))[0]).toMatchObject({
      field: 'activityLogged',
      from: 'email',
      to: null,
    });
    const stored = await request(t.app)
      .get(`/api/form-contact/${created._id}`)
      .set(bearer(admin.token));
    expect(stored.body).toMatchObject({ nextActivity: { _id: planned._id } });
  });

  it('answers 400 naming the field: a missing note, an unknown type, a long outcome', async () => {
    const created = await createRequest();
    expect((await log(created._id, { type: 'call' })).body).toEqual(
      fieldError('title', FIELD_MESSAGES.activityTitleRequired),
    );
    const badType = await log(created._id, { ...LOG, type: 'visit' });
    expect(badType.status).toBe(400);
    expect(badType.body).toEqual(fieldError('type', FIELD_MESSAGES.activityTypeInvalid));
    const long = await log(created._id, {
      ...LOG,
      outcome: 'x'.repeat(FIELD_MAX_LENGTH.activityTitle + 1),
    });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ errors: [{ path: 'outcome' }] });
    expect(await list(created._id)).toEqual([]);
  });

  it('answers 404 for an unknown request', async () => {
    const res = await log(UNKNOWN_ID);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: API_MESSAGES.requestNotFound });
  });
});

describe('GET /api/form-contact/:id/activities', () => {
  it('lists planned ones first, nearest first, then done ones, most recently done first', async () => {
    const created = await createRequest();
    const later = await added(created._id, { ...PLAN, title: 'Después', dueDate: '2026-12-20' });
    const first = await added(created._id, { ...PLAN, title: 'Antes', dueDate: '2026-12-01' });
    const doneFirst = await added(created._id, { ...PLAN, title: 'Hecha 1' });
    const doneLast = await added(created._id, { ...PLAN, title: 'Hecha 2' });
    expect((await complete(created._id, doneFirst._id, 0)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await complete(created._id, doneLast._id, 0)).status).toBe(200);
    expect((await list(created._id, driver.token)).map((a) => a.title)).toEqual([
      first.title,
      later.title,
      'Hecha 2',
      'Hecha 1',
    ]);
  });

  it('answers 401 without a token and 404 for an unknown request', async () => {
    expect((await request(t.app).get(activitiesPath(UNKNOWN_ID))).status).toBe(401);
    const res = await request(t.app).get(activitiesPath(UNKNOWN_ID)).set(bearer(driver.token));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: API_MESSAGES.requestNotFound });
  });

  it('is gone with its request: deleting a request deletes its activities', async () => {
    const created = await createRequest();
    await added(created._id);
    await request(t.app)
      .delete(`/api/form-contact/delete/${created._id}`)
      .set(bearer(admin.token))
      .expect(200);
    expect(
      (await request(t.app).get(activitiesPath(created._id)).set(bearer(vendor.token))).status,
    ).toBe(404);
    expect(await t.ctx.models.Request.countDocuments({ _id: created._id })).toBe(0);
  });
});

describe('PATCH /api/form-contact/:id/activities/:activityId', () => {
  it.each(roles)(
    'lets a %s change each field, each change recorded, version +1',
    async (_role, caller) => {
      const created = await createRequest();
      const activity = await added(created._id);
      const res = await change(
        created._id,
        activity._id,
        {
          version: 0,
          title: ' Llamar otra vez ',
          type: 'meeting',
          dueDate: '2026-12-13',
          dueTime: '10:30',
          ownerId: driver.user._id,
        },
        caller().token,
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        ...activity,
        title: 'Llamar otra vez',
        type: 'meeting',
        dueDate: '2026-12-13',
        dueTime: '10:30',
        dueAt: zonedDueAt('2026-12-13', '10:30', t.ctx.config.timeZone).toISOString(),
        ownerId: driver.user._id,
        version: 1,
      });
      const by = caller().user._id;
      const title = 'Llamar otra vez';
      expect(await activityEntries(created._id)).toEqual([
        { by, field: 'activityOwner', from: vendor.user._id, to: driver.user._id, title },
        { by, field: 'activityDue', from: '2026-12-12 15:00', to: '2026-12-13 10:30', title },
        { by, field: 'activityType', from: 'call', to: 'meeting', title },
        { by, field: 'activity', from: 'Llamar a Lucía', to: title, title },
        {
          by: vendor.user._id,
          field: 'activity',
          from: null,
          to: 'Llamar a Lucía',
          title: 'Llamar a Lucía',
        },
      ]);
    },
  );

  it('drops the time when a new day comes without one; a change to nothing is no change', async () => {
    const created = await createRequest();
    const activity = await added(created._id);
    const res = await change(created._id, activity._id, { version: 0, dueDate: '2026-12-12' });
    expect(res.body).toMatchObject({ dueDate: '2026-12-12', dueTime: null, version: 1 });
    const same = await change(created._id, activity._id, { version: 1, title: activity.title });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ version: 1 });
    expect(await activityEntries(created._id)).toHaveLength(2);
  });

  it('answers 409 with the current activity when the version is stale, changing nothing', async () => {
    const created = await createRequest();
    const activity = await added(created._id);
    const first = await change(created._id, activity._id, { version: 0, title: 'Primero' });
    expect(first.status).toBe(200);
    const stale = await change(created._id, activity._id, { version: 0, title: 'Segundo' });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      message: API_MESSAGES.activityConflict,
      current: { activity: first.body },
    });
    expect((await list(created._id))[0]?.title).toBe('Primero');
  });

  it('answers 400 on dueTime for a time without its day, and on ownerId for an unknown user', async () => {
    const created = await createRequest();
    const activity = await added(created._id);
    const timeOnly = await change(created._id, activity._id, { version: 0, dueTime: '11:00' });
    expect(timeOnly.status).toBe(400);
    expect(timeOnly.body).toMatchObject({
      errors: [{ path: 'dueTime', message: FIELD_MESSAGES.activityTimeWithoutDate }],
    });
    const owner = await change(created._id, activity._id, { version: 0, ownerId: UNKNOWN_ID });
    expect(owner.status).toBe(400);
    expect(owner.body).toEqual(fieldError('ownerId', FIELD_MESSAGES.activityOwnerUnknown));
    const date = await change(created._id, activity._id, { version: 0, dueDate: '2026-13-01' });
    expect(date.body).toMatchObject({
      errors: [{ path: 'dueDate', message: FIELD_MESSAGES.activityDateInvalid }],
    });
    const noVersion = await change(created._id, activity._id, { title: 'x' });
    expect(noVersion.status).toBe(400);
    expect(noVersion.body).toMatchObject({ errors: [{ path: 'version' }] });
  });

  it('answers 404 for an unknown activity, another request’s activity, or an unknown request', async () => {
    const created = await createRequest();
    const other = await createRequest();
    const foreign = await added(other._id);
    for (const [id, activityId, message] of [
      [created._id, UNKNOWN_ID, API_MESSAGES.activityNotFound],
      [created._id, foreign._id, API_MESSAGES.activityNotFound],
      [UNKNOWN_ID, foreign._id, API_MESSAGES.requestNotFound],
    ] as const) {
      const res = await change(id, activityId, { version: 0, title: 'x' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message });
    }
    expect((await list(other._id))[0]).toEqual(foreign);
  });
});

describe('POST …/complete and …/reopen', () => {
  it.each(roles)(
    'lets a %s complete and reopen, recorded with who and when',
    async (_role, caller) => {
      const created = await createRequest();
      const activity = await added(created._id);
      const before = Date.now();
      const done = await complete(created._id, activity._id, 0, caller().token);
      expect(done.status).toBe(200);
      expect(done.body).toEqual({
        ...activity,
        done: true,
        doneAt: expect.any(String),
        doneBy: caller().user._id,
        version: 1,
      });
      expect(Date.parse((done.body as Activity).doneAt ?? '')).toBeGreaterThanOrEqual(before);
      const reopened = await reopen(created._id, activity._id, 1, caller().token);
      expect(reopened.status).toBe(200);
      expect(reopened.body).toEqual({ ...activity, version: 2 });
      const by = caller().user._id;
      const title = activity.title;
      expect((await activityEntries(created._id)).slice(0, 2)).toEqual([
        { by, field: 'activityDone', from: 'done', to: 'open', title },
        { by, field: 'activityDone', from: 'open', to: 'done', title },
      ]);
    },
  );

  it('answers 409 saying so when completing a completed one, or reopening an open one', async () => {
    const created = await createRequest();
    const activity = await added(created._id);
    const open = await reopen(created._id, activity._id, 0);
    expect(open.status).toBe(409);
    expect(open.body).toEqual({ message: API_MESSAGES.activityNotDone, current: { activity } });
    const done = await complete(created._id, activity._id, 0);
    const again = await complete(created._id, activity._id, 1);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      message: API_MESSAGES.activityAlreadyDone,
      current: { activity: done.body },
    });
  });

  it('answers 409 with the current activity for a stale version, 404 for an unknown one', async () => {
    const created = await createRequest();
    const activity = await added(created._id);
    const changed = await change(created._id, activity._id, { version: 0, title: 'Nuevo' });
    const stale = await complete(created._id, activity._id, 0);
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      message: API_MESSAGES.activityConflict,
      current: { activity: changed.body },
    });
    expect((await complete(created._id, UNKNOWN_ID, 0)).status).toBe(404);
    expect((await reopen(created._id, UNKNOWN_ID, 0)).status).toBe(404);
    expect((await complete(created._id, activity._id, -1)).status).toBe(400);
  });
});

describe('DELETE /api/form-contact/:id/activities/:activityId', () => {
  it.each(roles)(
    'lets a %s delete one, answering it; recorded; then 404',
    async (_role, caller) => {
      const created = await createRequest();
      const kept = await added(created._id, { ...PLAN, title: 'Queda' });
      const activity = await added(created._id);
      const res = await remove(created._id, activity._id, caller().token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(activity);
      expect(await list(created._id)).toEqual([kept]);
      expect((await activityEntries(created._id))[0]).toEqual({
        by: caller().user._id,
        field: 'activity',
        from: activity.title,
        to: null,
        title: activity.title,
      });
      const again = await remove(created._id, activity._id, caller().token);
      expect(again.status).toBe(404);
      expect(again.body).toEqual({ message: API_MESSAGES.activityNotFound });
    },
  );

  it('answers 401 without a token', async () => {
    expect((await request(t.app).delete(activityPath(UNKNOWN_ID, UNKNOWN_ID))).status).toBe(401);
  });
});

describe('DELETE /api/user/delete/:id and activities', () => {
  it('leaves the user’s activities on their requests without an owner, recorded as the admin’s doing', async () => {
    const leaving = await addUser(t.ctx, 'vendor');
    const signedIn = await login(t.app, leaving.email);
    const token = (signedIn.body as { token: string }).token;
    const created = await createRequest();
    const theirs = await added(created._id, { ...PLAN, title: 'Suya' }, token);
    const other = await added(created._id, { ...PLAN, title: 'Otra' });
    const second = await createRequest();
    const alsoTheirs = await added(second._id, { ...PLAN, ownerId: leaving._id });
    await request(t.app)
      .delete(`/api/user/delete/${leaving._id}`)
      .set(bearer(admin.token))
      .expect(200);

    const activities = await list(created._id);
    expect(activities.find((a) => a._id === theirs._id)).toEqual({
      ...theirs,
      ownerId: null,
      version: 1,
    });
    expect(activities.find((a) => a._id === other._id)).toEqual(other);
    expect((await list(second._id))[0]).toMatchObject({ _id: alsoTheirs._id, ownerId: null });
    expect((await activityEntries(created._id))[0]).toEqual({
      by: admin.user._id,
      field: 'activityOwner',
      from: leaving._id,
      to: null,
      title: 'Suya',
    });
    expect(
      await t.ctx.models.Request.countDocuments({
        'activities.ownerId': new Types.ObjectId(leaving._id),
      }),
    ).toBe(0);
  });
});
