import { Types } from 'mongoose';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  activitySchema,
  requestSchema,
  type Activity,
  type NextActivity,
  type Request,
} from '@crm/shared';
import { bearer, createRequest, useSignedInRoles, useTestApp } from '../../test/test-app.js';
import { backfillStageChangedAt } from '../moves/stage-changed-at.js';

// Issue 20: what a card shows beside its request: the next activity (written in the same update
// as the activities) and when the request entered its stage (written with every status change).

const t = useTestApp();
const { vendor, driver } = useSignedInRoles(t);

const activities = (id: string) => `/api/form-contact/${id}/activities`;

async function read(id: string): Promise<Request> {
  const res = await request(t.app).get(`/api/form-contact/${id}`).set(bearer(vendor.token));
  expect(res.status).toBe(200);
  return requestSchema.parse(res.body);
}

async function plan(id: string, dueDate: string, dueTime: string | null, title: string) {
  const res = await request(t.app)
    .post(activities(id))
    .set(bearer(driver.token))
    .send({ type: 'call', title, dueDate, dueTime });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return activitySchema.parse(res.body);
}

const shown = ({ _id, type, title, dueDate, dueTime, dueAt }: Activity): NextActivity => ({
  _id,
  type,
  title,
  dueDate,
  dueTime,
  dueAt,
});

describe('a request’s nextActivity', () => {
  it('when activities are planned, completed, reopened, rescheduled and deleted, then the card’s next activity is always the open one due first', async () => {
    const { _id: id } = await createRequest(t, vendor.token);
    expect((await read(id)).nextActivity).toBeNull();

    const later = await plan(id, '2026-12-20', null, 'Enviar propuesta');
    expect((await read(id)).nextActivity).toEqual(shown(later));
    const sooner = await plan(id, '2026-12-12', '15:00', 'Llamar');
    expect((await read(id)).nextActivity).toEqual(shown(sooner));

    const done = await request(t.app)
      .post(`${activities(id)}/${sooner._id}/complete`)
      .set(bearer(vendor.token))
      .send({ version: sooner.version });
    expect(done.status).toBe(200);
    expect((await read(id)).nextActivity).toEqual(shown(later));

    const reopened = await request(t.app)
      .post(`${activities(id)}/${sooner._id}/reopen`)
      .set(bearer(vendor.token))
      .send({ version: sooner.version + 1 });
    expect(reopened.status).toBe(200);
    expect((await read(id)).nextActivity).toEqual(shown(sooner));

    const moved = await request(t.app)
      .patch(`${activities(id)}/${sooner._id}`)
      .set(bearer(vendor.token))
      .send({ version: sooner.version + 2, dueDate: '2026-12-28', title: 'Llamar otra vez' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const rescheduled = activitySchema.parse(moved.body);
    expect((await read(id)).nextActivity).toEqual(shown(later));

    const removed = await request(t.app)
      .delete(`${activities(id)}/${later._id}`)
      .set(bearer(vendor.token));
    expect(removed.status).toBe(200);
    expect((await read(id)).nextActivity).toEqual(shown(rescheduled));

    await request(t.app)
      .post(`${activities(id)}/${rescheduled._id}/complete`)
      .set(bearer(vendor.token))
      .send({ version: rescheduled.version })
      .expect(200);
    // Only done activities left: nothing next, on the request and on the board's cards.
    expect((await read(id)).nextActivity).toBeNull();
  });

  it('when a request was stored before issue 20 (no nextActivity), then it reads as none', async () => {
    const { _id: id } = await createRequest(t, vendor.token);
    await t.ctx.models.Request.collection.updateOne(
      { _id: new Types.ObjectId(id) },
      { $unset: { nextActivity: '' } },
    );
    expect((await read(id)).nextActivity).toBeNull();
  });
});

const LONG_AGO = new Date('2020-01-01T00:00:00.000Z');

/** Puts the request's stage start in the past, to see whether a change moves it. */
async function stageStartedLongAgo(id: string) {
  await t.ctx.models.Request.collection.updateOne(
    { _id: new Types.ObjectId(id) },
    { $set: { stageChangedAt: LONG_AGO } },
  );
}

const recent = (instant: string) => Date.now() - Date.parse(instant) < 60_000;

describe('a request’s stageChangedAt', () => {
  it('when a request is created, then its stage began when it was', async () => {
    const created = await createRequest(t, vendor.token);
    expect(created.stageChangedAt).toBe(created.createdAt);
  });

  it('when it is moved, then its stage begins now; a refused move changes nothing', async () => {
    const { _id: id } = await createRequest(t, vendor.token);
    await stageStartedLongAgo(id);
    const move = (from: string, to: string) =>
      request(t.app)
        .patch(`/api/form-contact/${id}/status`)
        .set(bearer(driver.token))
        .send({ from, to });
    const moved = await move('new request', 'contacted');
    expect(moved.status).toBe(200);
    expect(recent(requestSchema.parse(moved.body).stageChangedAt)).toBe(true);

    await stageStartedLongAgo(id);
    expect((await move('new request', 'follow up')).status).toBe(409);
    expect((await read(id)).stageChangedAt).toBe(LONG_AGO.toISOString());
  });

  it('when the modal saves, then only a change of status starts a new stage', async () => {
    const created = await createRequest(t, vendor.token);
    await stageStartedLongAgo(created._id);
    const save = async (changes: Partial<Request>) => {
      const res = await request(t.app)
        .put(`/api/form-contact/update/${created._id}`)
        .set(bearer(vendor.token))
        .send({ ...(await read(created._id)), ...changes });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return requestSchema.parse(res.body);
    };
    const edited = await save({ priority: 'high', notes: ['Llamar el lunes'] });
    expect(edited.stageChangedAt).toBe(LONG_AGO.toISOString());

    const moved = await save({ status: 'quote sent' });
    expect(recent(moved.stageChangedAt)).toBe(true);

    // A copy read before a move sends an old statusVersion: its status is no change.
    await stageStartedLongAgo(created._id);
    const stale = await save({ status: 'contacted', statusVersion: 0 });
    expect(stale.status).toBe('quote sent');
    expect(stale.stageChangedAt).toBe(LONG_AGO.toISOString());
  });
});

describe('the start-up backfill of stageChangedAt', () => {
  it('when requests were stored without it, then each gets its last move’s instant, else its creation, once', async () => {
    const { Request, Counter } = t.ctx.models;
    const createdAt = new Date('2025-05-01T10:00:00.000Z');
    const lastMove = new Date('2025-06-15T09:30:00.000Z');
    const entry = (field: string, at: Date) => ({ at, by: null, field, from: 'a', to: 'b' });
    const base = {
      name: 'Antigua',
      email: 'antigua@example.com',
      requestType: 'otro',
      status: 'contacted',
      notes: [],
      createdAt,
      version: 0,
    };
    const moved = new Types.ObjectId();
    const neverMoved = new Types.ObjectId();
    const alreadySet = new Types.ObjectId();
    await Request.collection.insertMany([
      {
        ...base,
        _id: moved,
        history: [
          entry('status', new Date('2025-05-02T00:00:00.000Z')),
          entry('status', lastMove),
          entry('note', new Date('2025-07-01T00:00:00.000Z')),
        ],
      },
      { ...base, _id: neverMoved, history: [entry('vendor', lastMove)] },
      { ...base, _id: alreadySet, stageChangedAt: LONG_AGO },
    ]);
    // As on a database the marker has not seen yet.
    await Counter.deleteOne({ _id: 'backfill:stageChangedAt' });

    expect(await backfillStageChangedAt(t.ctx)).toBe(2);
    const stageOf = async (id: Types.ObjectId) =>
      (await Request.findById(id, 'stageChangedAt').lean())?.stageChangedAt?.toISOString();
    expect(await stageOf(moved)).toBe(lastMove.toISOString());
    expect(await stageOf(neverMoved)).toBe(createdAt.toISOString());
    expect(await stageOf(alreadySet)).toBe(LONG_AGO.toISOString());

    // Once: a later start finds the marker; and without it, nothing is left to fill.
    expect(await backfillStageChangedAt(t.ctx)).toBe(0);
    await Counter.deleteOne({ _id: 'backfill:stageChangedAt' });
    expect(await backfillStageChangedAt(t.ctx)).toBe(0);
    expect(await Request.countDocuments({ stageChangedAt: { $exists: false } })).toBe(0);
  });
});
