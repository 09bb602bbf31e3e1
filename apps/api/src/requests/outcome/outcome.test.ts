import { Types } from 'mongoose';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  API_MESSAGES,
  DEFAULT_LOST_REASONS,
  DEFAULT_STALE_DAYS,
  DEFAULT_WIN_PROBABILITY,
  FIELD_MESSAGES,
  MAX_EXPECTED_VALUE,
  requestHistorySchema,
  requestSchema,
  type RequestStatus,
} from '@crm/shared';
import { bearer, createRequest, useSignedInRoles, useTestApp } from '../../test/test-app.js';

// Issue 21: a request's expected value, and the outcome it reaches CERRADO with, through the two
// ways a request changes stage (the move and the modal's update), each change in the history.

const t = useTestApp();
const { admin, vendor, driver } = useSignedInRoles(t);

const WON = { result: 'won' } as const;
const LOST = { result: 'lost', reason: 'Precio', comment: 'Eligió un salón más barato' } as const;

const move = (
  id: string,
  body: { from: RequestStatus; to: RequestStatus; outcome?: object; amoutPaid?: unknown },
) => request(t.app).patch(`/api/form-contact/${id}/status`).set(bearer(vendor.token)).send(body);

const get = async (id: string) =>
  requestSchema.parse(
    (await request(t.app).get(`/api/form-contact/${id}`).set(bearer(vendor.token))).body,
  );

/** The modal's save: the request as read now, with `changes`. */
const update = async (id: string, changes: Record<string, unknown>, token = vendor.token) =>
  request(t.app)
    .put(`/api/form-contact/update/${id}`)
    .set(bearer(token))
    .send({ ...(await get(id)), ...changes });

/** An update that must succeed. */
async function saved(id: string, changes: Record<string, unknown>) {
  const res = await update(id, changes);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res;
}

/** The history's entries of `field`, oldest first. */
async function changesOf(id: string, field: string) {
  const res = await request(t.app).get(`/api/form-contact/${id}/history`).set(bearer(driver.token));
  return requestHistorySchema
    .parse(res.body)
    .entries.filter((entry) => entry.field === field)
    .map(({ from, to, by }) => ({ from, to, by }))
    .reverse();
}

const fieldRefused = (path: string, message: string) => ({
  message,
  errors: [{ path, message }],
});

/** Straight into the database: a request closed before issue 21, without outcome or value. */
async function legacyClosed(): Promise<string> {
  const { _id } = await createRequest(t, vendor.token);
  await t.ctx.models.Request.collection.updateOne(
    { _id: new Types.ObjectId(_id) },
    { $set: { status: 'closed' }, $unset: { outcome: '', expectedValue: '' } },
  );
  return _id;
}

beforeEach(async () => {
  await t.ctx.models.Settings.deleteMany({});
});

describe('the expected value', () => {
  it('when staff set it through the update, then it is stored, answered and recorded', async () => {
    const created = await createRequest(t, vendor.token);
    expect(created.expectedValue).toBeNull();
    const res = await update(created._id, { expectedValue: 4_500_000 }, driver.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ expectedValue: 4_500_000, version: created.version + 1 });
    expect((await get(created._id)).expectedValue).toBe(4_500_000);
    await saved(created._id, { expectedValue: MAX_EXPECTED_VALUE });
    await saved(created._id, { expectedValue: null });
    // Absent: left as stored, and no entry.
    const { expectedValue: _absent, ...withoutIt } = await get(created._id);
    await request(t.app)
      .put(`/api/form-contact/update/${created._id}`)
      .set(bearer(vendor.token))
      .send({ ...withoutIt, priority: 'high' })
      .expect(200);
    expect(await changesOf(created._id, 'expectedValue')).toEqual([
      { from: null, to: '4500000', by: driver.user._id },
      { from: '4500000', to: '1000000000000', by: vendor.user._id },
      { from: '1000000000000', to: null, by: vendor.user._id },
    ]);
  });

  it.each([
    ['negative', -1],
    ['fractional', 1500.5],
    ['non-numeric', '1500'],
    ['absurd (over 10^12)', MAX_EXPECTED_VALUE + 1],
    ['not finite', 'Infinity'],
  ])('when it is %s, then 400 names `expectedValue` and nothing changes', async (_name, value) => {
    const created = await createRequest(t, vendor.token);
    const res = await update(created._id, { expectedValue: value });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(fieldRefused('expectedValue', FIELD_MESSAGES.expectedValueInvalid));
    expect(await get(created._id)).toEqual(created);
  });

  it('when a request is created, by staff or the website, then it has none', async () => {
    const res = await request(t.app)
      .post('/api/form-contact/crm-create')
      .set(bearer(vendor.token))
      .send({
        name: 'Ana',
        email: 'ana@example.com',
        requestType: 'otro',
        message: 'Hola',
        expectedValue: 99,
      });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ expectedValue: null, outcome: null });
  });
});

describe('the outcome through a move', () => {
  it('when moved to CERRADO won, then it is stored with the move, and recorded after it', async () => {
    const { _id: id } = await createRequest(t, vendor.token);
    const res = await move(id, { from: 'new request', to: 'closed', outcome: WON });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'closed',
      statusVersion: 1,
      outcome: { result: 'won', reason: null, comment: null },
    });
    expect(await changesOf(id, 'status')).toEqual([
      { from: 'new request', to: 'closed', by: vendor.user._id },
    ]);
    expect(await changesOf(id, 'outcome')).toEqual([
      { from: null, to: 'won', by: vendor.user._id },
    ]);
  });

  it('when moved to CERRADO lost with a listed reason and a comment, then both are kept', async () => {
    const { _id: id } = await createRequest(t, vendor.token);
    const res = await move(id, { from: 'contacted', to: 'closed', outcome: LOST });
    // From a stale stage: 409 comes after the outcome is found valid.
    expect(res.status).toBe(409);
    await move(id, { from: 'new request', to: 'closed', outcome: LOST }).expect(200);
    expect((await get(id)).outcome).toEqual(LOST);
    expect(await changesOf(id, 'outcome')).toEqual([
      { from: null, to: 'lost: Precio', by: vendor.user._id },
    ]);
  });

  it.each([
    ['without an outcome', undefined, 'outcome', FIELD_MESSAGES.outcomeRequired],
    [
      'lost without a reason',
      { result: 'lost' },
      'outcome.reason',
      FIELD_MESSAGES.lostReasonRequired,
    ],
    [
      'lost with an empty reason',
      { result: 'lost', reason: '' },
      'outcome.reason',
      FIELD_MESSAGES.lostReasonRequired,
    ],
    [
      'lost with a reason not in the list',
      { result: 'lost', reason: 'Mala suerte' },
      'outcome.reason',
      FIELD_MESSAGES.lostReasonUnknown,
    ],
    [
      'with an unknown result',
      { result: 'tied' },
      'outcome.result',
      FIELD_MESSAGES.outcomeRequired,
    ],
  ])(
    'when moved to CERRADO %s, then 400 on its field and nothing moves',
    async (_name, outcome, path, message) => {
      const created = await createRequest(t, vendor.token);
      const res = await move(created._id, { from: 'new request', to: 'closed', outcome });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(fieldRefused(path, message));
      expect(await get(created._id)).toEqual(created);
      expect(await changesOf(created._id, 'status')).toEqual([]);
    },
  );

  it('when an outcome comes with a move to an open stage, then 400 on `outcome`', async () => {
    const created = await createRequest(t, vendor.token);
    const res = await move(created._id, { from: 'new request', to: 'contacted', outcome: WON });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(fieldRefused('outcome', FIELD_MESSAGES.outcomeOnOpenRequest));
    expect(await get(created._id)).toEqual(created);
  });

  it('when moved out of CERRADO, then its outcome is cleared in the same write, and recorded', async () => {
    const { _id: id } = await createRequest(t, vendor.token);
    await move(id, { from: 'new request', to: 'closed', outcome: LOST }).expect(200);
    const res = await move(id, { from: 'closed', to: 'follow up' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'follow up', outcome: null, statusVersion: 2 });
    expect(await changesOf(id, 'outcome')).toEqual([
      { from: null, to: 'lost: Precio', by: vendor.user._id },
      { from: 'lost: Precio', to: null, by: vendor.user._id },
    ]);
    // A stale move out of CERRADO is still the 409 of issue 12.
    const stale = await move(id, { from: 'closed', to: 'contacted' });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      message: API_MESSAGES.requestMoved,
      current: { status: 'follow up' },
    });
  });

  it('when an edit of the outcome races a move out of CERRADO, then the history names what was cleared', async () => {
    const { _id: id } = await createRequest(t, vendor.token);
    await move(id, { from: 'new request', to: 'closed', outcome: WON }).expect(200);
    const [, moved] = await Promise.all([
      update(id, { outcome: LOST }),
      move(id, { from: 'closed', to: 'quote sent' }),
    ]);
    expect(moved.status).toBe(200);
    // Whichever came first (the edit may also be refused, the request no longer closed), the
    // entry that clears names the outcome the request had right before it.
    const outcomes = await changesOf(id, 'outcome');
    expect(outcomes.at(-1)?.to).toBeNull();
    expect(outcomes.at(-1)?.from).toBe(outcomes.at(-2)?.to);
    expect((await get(id)).outcome).toBeNull();
  });
});

describe('the outcome through the update (the modal)', () => {
  it('when the status goes to CERRADO without an outcome, then 400 on `outcome`', async () => {
    const created = await createRequest(t, vendor.token);
    const res = await update(created._id, { status: 'closed' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(fieldRefused('outcome', FIELD_MESSAGES.outcomeRequired));
    expect(await get(created._id)).toEqual(created);
  });

  it('when the status goes to CERRADO lost with an unknown reason, then 400 on `outcome.reason`', async () => {
    const created = await createRequest(t, vendor.token);
    const outcome = { result: 'lost', reason: 'Otro motivo' };
    const res = await update(created._id, { status: 'closed', outcome });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(fieldRefused('outcome.reason', FIELD_MESSAGES.lostReasonUnknown));
  });

  it('when an open request is sent with an outcome, then 400 on `outcome`', async () => {
    const created = await createRequest(t, vendor.token);
    const res = await update(created._id, { outcome: WON });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(fieldRefused('outcome', FIELD_MESSAGES.outcomeOnOpenRequest));
  });

  it('when closed with an outcome, changed, then reopened, then each step is stored and recorded', async () => {
    const { _id: id } = await createRequest(t, vendor.token);
    const closed = await update(id, { status: 'closed', outcome: WON, expectedValue: 800_000 });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({
      status: 'closed',
      statusVersion: 1,
      expectedValue: 800_000,
    });
    // Sent back as read (the modal's whole request), the outcome stays as it is: no entry.
    await saved(id, { priority: 'high' });
    const changed = await update(id, { outcome: LOST }, driver.token);
    expect(changed.body).toMatchObject({ outcome: LOST });
    // Reopened with the whole request, its outcome still in it: cleared, not refused.
    const reopened = await update(id, { status: 'contacted' });
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({ status: 'contacted', outcome: null });
    expect(await changesOf(id, 'outcome')).toEqual([
      { from: null, to: 'won', by: vendor.user._id },
      { from: 'won', to: 'lost: Precio', by: driver.user._id },
      { from: 'lost: Precio', to: null, by: vendor.user._id },
    ]);
    expect(await changesOf(id, 'status')).toEqual([
      { from: 'new request', to: 'closed', by: vendor.user._id },
      { from: 'closed', to: 'contacted', by: vendor.user._id },
    ]);
  });

  it('when a copy read before a move to CERRADO is saved, then the move and its outcome stay', async () => {
    const { _id: id } = await createRequest(t, vendor.token);
    const before = await get(id);
    await move(id, { from: 'new request', to: 'closed', outcome: LOST }).expect(200);
    const res = await request(t.app)
      .put(`/api/form-contact/update/${id}`)
      .set(bearer(vendor.token))
      .send({ ...before, priority: 'high' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'closed', priority: 'high', outcome: LOST });
  });

  it('when a request closed before issue 21 is read, then it has no outcome; the modal may set one', async () => {
    const id = await legacyClosed();
    const legacy = await get(id);
    expect(legacy).toMatchObject({ status: 'closed', outcome: null, expectedValue: null });
    // Saved without one, it stays "Sin resultado" (no guessing).
    await saved(id, { notes: ['Revisada'] });
    expect((await get(id)).outcome).toBeNull();
    const set = await update(id, { outcome: { result: 'lost', reason: 'Sin respuesta' } });
    expect(set.status).toBe(200);
    expect(set.body.outcome).toEqual({ result: 'lost', reason: 'Sin respuesta', comment: null });
    expect(await changesOf(id, 'outcome')).toEqual([
      { from: null, to: 'lost: Sin respuesta', by: vendor.user._id },
    ]);
  });
});

describe('lost reasons removed from the list', () => {
  it('when a reason used by a request is removed, then the request keeps it, and may be saved with it', async () => {
    const { _id: id } = await createRequest(t, vendor.token);
    await move(id, { from: 'new request', to: 'closed', outcome: LOST }).expect(200);
    await request(t.app)
      .put('/api/settings')
      .set(bearer(admin.token))
      .send({
        staleDays: DEFAULT_STALE_DAYS,
        lostReasons: DEFAULT_LOST_REASONS.filter((reason) => reason !== 'Precio'),
        winProbability: DEFAULT_WIN_PROBABILITY,
        version: 0,
      })
      .expect(200);
    expect((await get(id)).outcome).toEqual(LOST);
    // The modal sends it back, its comment changed: still accepted.
    const saved = await update(id, { outcome: { ...LOST, comment: 'Otro comentario' } });
    expect(saved.status).toBe(200);
    expect(saved.body.outcome).toEqual({ ...LOST, comment: 'Otro comentario' });
    // A new closing can't choose it any more.
    const other = await createRequest(t, vendor.token);
    const res = await move(other._id, { from: 'new request', to: 'closed', outcome: LOST });
    expect(res.body).toEqual(fieldRefused('outcome.reason', FIELD_MESSAGES.lostReasonUnknown));
  });

  it('when the list gains a reason, then a closing may choose it at once', async () => {
    await request(t.app)
      .put('/api/settings')
      .set(bearer(admin.token))
      .send({
        staleDays: DEFAULT_STALE_DAYS,
        lostReasons: [...DEFAULT_LOST_REASONS, 'Sin presupuesto'],
        winProbability: DEFAULT_WIN_PROBABILITY,
        version: 0,
      })
      .expect(200);
    const { _id: id } = await createRequest(t, vendor.token);
    const outcome = { result: 'lost', reason: 'Sin presupuesto' };
    await move(id, { from: 'new request', to: 'closed', outcome }).expect(200);
  });
});

describe('the amount paid with a won close (issue 33)', () => {
  it('when moved to CERRADO won with `amoutPaid`, then it is stored in the same write, the version goes up and the change is recorded', async () => {
    const created = await createRequest(t, vendor.token);
    const res = await move(created._id, {
      from: 'new request',
      to: 'closed',
      outcome: WON,
      amoutPaid: 4_500_000,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      status: 'closed',
      amoutPaid: 4_500_000,
      version: created.version + 1,
      outcome: { result: 'won', reason: null, comment: null },
    });
    expect((await get(created._id)).amoutPaid).toBe(4_500_000);
    expect(await changesOf(created._id, 'amoutPaid')).toEqual([
      { from: '0', to: '4500000', by: vendor.user._id },
    ]);
  });

  it('when moved to CERRADO won without it, then the amount stays and the version too', async () => {
    const created = await createRequest(t, vendor.token);
    const res = await move(created._id, { from: 'new request', to: 'closed', outcome: WON });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ amoutPaid: created.amoutPaid, version: created.version });
    expect(await changesOf(created._id, 'amoutPaid')).toEqual([]);
  });

  it.each([
    ['lost', { from: 'new request', to: 'closed', outcome: LOST }],
    ['an open stage', { from: 'new request', to: 'contacted' }],
  ] as const)(
    'when sent with %s, then 400 names `amoutPaid` and nothing moves',
    async (_name, body) => {
      const created = await createRequest(t, vendor.token);
      const res = await move(created._id, { ...body, amoutPaid: 100 });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(fieldRefused('amoutPaid', FIELD_MESSAGES.amountPaidOnlyWhenWon));
      expect(await get(created._id)).toEqual(created);
    },
  );

  it.each([
    ['negative', -1],
    ['non-numeric', '1500'],
    ['absurd (over 10^12)', MAX_EXPECTED_VALUE + 1],
  ])('when it is %s, then 400 names `amoutPaid`', async (_name, value) => {
    const created = await createRequest(t, vendor.token);
    const res = await move(created._id, {
      from: 'new request',
      to: 'closed',
      outcome: WON,
      amoutPaid: value,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(fieldRefused('amoutPaid', FIELD_MESSAGES.amountPaidInvalid));
    expect(await get(created._id)).toEqual(created);
  });
});
