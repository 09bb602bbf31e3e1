import { Types } from 'mongoose';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  API_MESSAGES,
  BULK_FAILURES,
  BULK_MAX,
  BULK_MESSAGES,
  DEFAULT_LOST_REASONS,
  FIELD_MESSAGES,
  boardSchema,
  bulkResultSchema,
  requestHistorySchema,
  requestSchema,
  type Priority,
  type Request,
  type RequestStatus,
} from '@crm/shared';
import {
  bearer,
  createRequest,
  UNKNOWN_ID,
  useSignedInRoles,
  useTestApp,
} from '../../test/test-app.js';

// Issue 24: POST /api/form-contact/bulk, each request in its own conditional write and history
// entry, as the one-request move, assignment and delete do it; a priority as a save records it.

const BULK = '/api/form-contact/bulk';
const t = useTestApp();
const { admin, vendor, driver } = useSignedInRoles(t);

let counter = 0;
/** A name no other test uses: each test reads its own requests on the board with `q`. */
const uniqueName = () => `Lote ${++counter}-${Date.now().toString(36)}`;

const bulk = (body: object, token = vendor.token) =>
  request(t.app).post(BULK).set(bearer(token)).send(body);

/** A bulk action that must answer 200, parsed. */
async function done(body: object, token = vendor.token) {
  const res = await bulk(body, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return bulkResultSchema.parse(res.body);
}

async function requests(count: number, name = uniqueName()): Promise<Request[]> {
  const created: Request[] = [];
  for (let i = 0; i < count; i++) {
    created.push(
      await createRequest(t, vendor.token, {
        name,
        email: 'lote@example.com',
        requestType: 'otro',
        message: 'Hola',
      }),
    );
  }
  return created;
}

const get = async (id: string) =>
  requestSchema.parse(
    (await request(t.app).get(`/api/form-contact/${id}`).set(bearer(driver.token))).body,
  );
const exists = async (id: string) =>
  (await request(t.app).get(`/api/form-contact/${id}`).set(bearer(driver.token))).status === 200;

/** The history's entries of `field`, oldest first. */
async function changesOf(id: string, field: string) {
  const res = await request(t.app).get(`/api/form-contact/${id}/history`).set(bearer(driver.token));
  return requestHistorySchema
    .parse(res.body)
    .entries.filter((entry) => entry.field === field)
    .map(({ from, to, by }) => ({ from, to, by }))
    .reverse();
}

const moveOne = (id: string, from: RequestStatus, to: RequestStatus) =>
  request(t.app)
    .patch(`/api/form-contact/${id}/status`)
    .set(bearer(driver.token))
    .send({ from, to })
    .expect(200);

const moveItems = (list: Request[]) => list.map(({ _id, status }) => ({ id: _id, from: status }));
const priorityItems = (list: Request[]) =>
  list.map(({ _id, priority }) => ({ id: _id, from: priority }));
const idItems = (list: Request[]) => list.map(({ _id }) => ({ id: _id }));
const idsOf = (list: Request[]) => list.map(({ _id }) => _id);

/** The board's count of each column, for the requests named `name`. */
async function counts(name: string): Promise<Record<string, number>> {
  const res = await request(t.app)
    .get('/api/form-contact/board')
    .query({ q: name })
    .set(bearer(driver.token));
  return Object.fromEntries(
    boardSchema.parse(res.body).columns.map(({ status, count }) => [status, count]),
  );
}

const failedAs = (ids: string[], reason: keyof typeof BULK_FAILURES) =>
  ids.map((id) => ({ id, reason, message: BULK_FAILURES[reason] }));

describe('POST /api/form-contact/bulk: move', () => {
  it('when a vendor moves a selection, then each moves with its own history entry and the board counts follow', async () => {
    const name = uniqueName();
    const selection = await requests(4, name);
    const before = Date.now();

    const result = await done({ action: 'move', to: 'contacted', items: moveItems(selection) });

    expect(result).toEqual({ changed: idsOf(selection), unchanged: [], failed: [] });
    for (const { _id, version } of selection) {
      const moved = await get(_id);
      // As one move: a new stage (the card's "Estancada" count restarts), `version` untouched.
      expect(moved).toMatchObject({ status: 'contacted', statusVersion: 1, version });
      expect(Date.parse(moved.stageChangedAt)).toBeGreaterThanOrEqual(before);
      expect(await changesOf(_id, 'status')).toEqual([
        { from: 'new request', to: 'contacted', by: vendor.user._id },
      ]);
    }
    expect(await counts(name)).toMatchObject({ 'new request': 0, contacted: 4 });
  });

  it('when some were moved by someone else first, then those are listed as changed meanwhile and the rest still move', async () => {
    const name = uniqueName();
    const selection = await requests(5, name);
    const [first, , third] = selection;
    await moveOne(first!._id, 'new request', 'follow up');
    await moveOne(third!._id, 'new request', 'quote sent');

    const result = await done({ action: 'move', to: 'contacted', items: moveItems(selection) });

    const others = [selection[1]!, selection[3]!, selection[4]!];
    expect(result).toEqual({
      changed: idsOf(others),
      unchanged: [],
      failed: failedAs([first!._id, third!._id], 'changed'),
    });
    expect((await get(first!._id)).status).toBe('follow up');
    expect((await get(third!._id)).status).toBe('quote sent');
    // One entry per request: theirs for the two moved first, this action's for the others.
    expect(await changesOf(first!._id, 'status')).toEqual([
      { from: 'new request', to: 'follow up', by: driver.user._id },
    ]);
    for (const { _id } of others) {
      expect(await changesOf(_id, 'status')).toEqual([
        { from: 'new request', to: 'contacted', by: vendor.user._id },
      ]);
    }
    expect(await counts(name)).toMatchObject({
      'new request': 0,
      contacted: 3,
      'quote sent': 1,
      'follow up': 1,
    });
  });

  it('when some are already where they go, or gone, then those are unchanged or not found, in the order sent', async () => {
    const selection = await requests(3);
    const [already, gone, moving] = selection;
    await moveOne(already!._id, 'new request', 'contacted');
    await request(t.app)
      .delete(`/api/form-contact/delete/${gone!._id}`)
      .set(bearer(admin.token))
      .expect(200);

    const result = await done({
      action: 'move',
      to: 'contacted',
      items: [
        { id: UNKNOWN_ID, from: 'new request' },
        { id: moving!._id, from: 'new request' },
        { id: gone!._id, from: 'new request' },
        { id: already!._id, from: 'contacted' },
      ],
    });

    expect(result).toEqual({
      changed: [moving!._id],
      unchanged: [already!._id],
      failed: failedAs([UNKNOWN_ID, gone!._id], 'notFound'),
    });
    // Nothing written for the one already there.
    expect(await changesOf(already!._id, 'status')).toHaveLength(1);
    expect((await get(already!._id)).statusVersion).toBe(1);
  });

  it('when the move is to CERRADO without an outcome, or with a reason not in Ajustes, then 400 and nothing changes', async () => {
    const name = uniqueName();
    const selection = await requests(3, name);

    const missing = await bulk({ action: 'move', to: 'closed', items: moveItems(selection) });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      message: FIELD_MESSAGES.outcomeRequired,
      errors: [{ path: 'outcome', message: FIELD_MESSAGES.outcomeRequired }],
    });
    const unknown = await bulk({
      action: 'move',
      to: 'closed',
      outcome: { result: 'lost', reason: 'Un motivo que no está' },
      items: moveItems(selection),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      message: FIELD_MESSAGES.lostReasonUnknown,
      errors: [{ path: 'outcome.reason', message: FIELD_MESSAGES.lostReasonUnknown }],
    });

    expect(await counts(name)).toMatchObject({ 'new request': 3, closed: 0 });
    for (const { _id } of selection) expect(await changesOf(_id, 'status')).toEqual([]);
  });

  it('when the move is to CERRADO with an outcome, then all close with it, each recorded', async () => {
    const name = uniqueName();
    const selection = await requests(3, name);
    const reason = DEFAULT_LOST_REASONS[0];

    const result = await done({
      action: 'move',
      to: 'closed',
      outcome: { result: 'lost', reason, comment: 'Todas por precio' },
      items: moveItems(selection),
    });

    expect(result.changed).toEqual(idsOf(selection));
    for (const { _id } of selection) {
      expect((await get(_id)).outcome).toEqual({
        result: 'lost',
        reason,
        comment: 'Todas por precio',
      });
      expect(await changesOf(_id, 'outcome')).toEqual([
        { from: null, to: `lost: ${reason}`, by: vendor.user._id },
      ]);
    }
    expect(await counts(name)).toMatchObject({ 'new request': 0, closed: 3 });
  });

  it(`when ${BULK_MAX + 1} requests are sent, then 400 and nothing changes; ${BULK_MAX} are all answered, each as it is`, async () => {
    const name = uniqueName();
    // A tenth of them real requests, straight into the database (a hundred creates through the
    // API would be the test); the rest ids of none. Each real deletion is six writes and reads
    // on FerretDB 1.x (mark, actor, position, event, delete, its mails and files), which with
    // the other test files on the same server took most of the 120 s for a thousand.
    const REAL = BULK_MAX / 10;
    const docs = await t.ctx.models.Request.insertMany(
      Array.from({ length: REAL }, () => ({
        name,
        email: 'lote@example.com',
        requestType: 'otro',
        createdAt: new Date(),
      })),
    );
    const real = docs.map((doc) => doc._id.toHexString());
    const none = Array.from({ length: BULK_MAX - REAL + 1 }, () =>
      new Types.ObjectId().toHexString(),
    );
    const items = [...real, ...none].map((id) => ({ id, from: 'new request' as const }));

    const tooMany = await bulk({ action: 'move', to: 'contacted', items });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({
      message: BULK_MESSAGES.tooMany,
      errors: [{ path: 'items', message: BULK_MESSAGES.tooMany }],
    });
    expect(await counts(name)).toMatchObject({ 'new request': REAL, contacted: 0 });

    // A move of a thousand has its figure in docs/benchmarks.md (bench:bulk).
    const result = await done(
      { action: 'delete', items: items.slice(0, BULK_MAX).map(({ id }) => ({ id })) },
      admin.token,
    );
    expect(result.changed).toEqual(real);
    expect(result.failed).toEqual(failedAs(none.slice(0, BULK_MAX - REAL), 'notFound'));
    expect(await counts(name)).toMatchObject({ 'new request': 0 });
  }, 120_000);

  it('when a request is sent twice, or none is, then 400 and nothing changes', async () => {
    const [only] = await requests(1);
    const twice = await bulk({
      action: 'move',
      to: 'contacted',
      items: [
        { id: only!._id, from: 'new request' },
        { id: only!._id, from: 'new request' },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body).toEqual({
      message: BULK_MESSAGES.repeated,
      errors: [{ path: 'items', message: BULK_MESSAGES.repeated }],
    });
    const none = await bulk({ action: 'move', to: 'contacted', items: [] });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ message: BULK_MESSAGES.noneSelected });
    expect((await get(only!._id)).status).toBe('new request');
  });
});

describe('POST /api/form-contact/bulk: priority', () => {
  it('when a driver sets the priority, then each changes with a "Prioridad" entry and bumps version, so an older copy gets its 409', async () => {
    const selection = await requests(3);
    const [stale] = selection;
    await request(t.app)
      .put(`/api/form-contact/update/${selection[1]!._id}`)
      .set(bearer(vendor.token))
      .send({ ...selection[1], priority: 'high' })
      .expect(200);
    const current = [selection[0]!, await get(selection[1]!._id), selection[2]!];

    const result = await done(
      { action: 'priority', priority: 'high', items: priorityItems(current) },
      driver.token,
    );

    expect(result).toEqual({
      changed: [selection[0]!._id, selection[2]!._id],
      unchanged: [selection[1]!._id],
      failed: [],
    });
    const after = await get(stale!._id);
    expect(after).toMatchObject({ priority: 'high', version: stale!.version + 1 });
    expect(await changesOf(stale!._id, 'priority')).toEqual([
      { from: 'mid', to: 'high', by: driver.user._id },
    ]);
    // The modal opened before the change: its save is refused, not a silent overwrite.
    const save = await request(t.app)
      .put(`/api/form-contact/update/${stale!._id}`)
      .set(bearer(vendor.token))
      .send({ ...stale, priority: 'low' });
    expect(save.status).toBe(409);
    expect((await get(stale!._id)).priority).toBe('high');
  });

  it('when one changed priority meanwhile or is gone, then it is listed and the others change', async () => {
    const selection = await requests(2);
    const items: { id: string; from: Priority }[] = [
      { id: selection[0]!._id, from: 'low' },
      { id: UNKNOWN_ID, from: 'mid' },
      { id: selection[1]!._id, from: 'mid' },
    ];

    const result = await done({ action: 'priority', priority: 'low', items });

    expect(result).toEqual({
      changed: [selection[1]!._id],
      unchanged: [],
      failed: [...failedAs([selection[0]!._id], 'changed'), ...failedAs([UNKNOWN_ID], 'notFound')],
    });
    expect((await get(selection[0]!._id)).priority).toBe('mid');
    expect(await changesOf(selection[0]!._id, 'priority')).toEqual([]);
  });
});

describe('POST /api/form-contact/bulk: assign', () => {
  it('when a system admin assigns, then each gets the executive with its history entry; those already theirs are unchanged', async () => {
    const name = uniqueName();
    const selection = await requests(3, name);
    await request(t.app)
      .put('/api/user/assign-vendor')
      .set(bearer(admin.token))
      .send({ formId: selection[2]!._id, vendorId: vendor.user._id })
      .expect(200);

    const result = await done(
      { action: 'assign', vendorId: vendor.user._id, items: idItems(selection) },
      admin.token,
    );

    expect(result).toEqual({
      changed: idsOf(selection.slice(0, 2)),
      unchanged: [selection[2]!._id],
      failed: [],
    });
    for (const { _id } of selection) {
      expect((await get(_id)).vendor).toBe(vendor.user._id);
      expect(await changesOf(_id, 'vendor')).toEqual([
        { from: null, to: vendor.user._id, by: admin.user._id },
      ]);
    }
    const mine = await request(t.app)
      .get('/api/form-contact/board')
      .query({ q: name, vendor: 'me' })
      .set(bearer(vendor.token));
    expect(boardSchema.parse(mine.body).columns[0]!.count).toBe(3);

    const cleared = await done(
      { action: 'assign', vendorId: null, items: idItems(selection) },
      admin.token,
    );
    expect(cleared.changed).toEqual(idsOf(selection));
    expect((await get(selection[0]!._id)).vendor).toBeNull();
  });

  it('when the executive does not exist, then 400 names `vendorId` and nothing changes', async () => {
    const selection = await requests(2);
    const res = await bulk(
      { action: 'assign', vendorId: UNKNOWN_ID, items: idItems(selection) },
      admin.token,
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: FIELD_MESSAGES.activityOwnerUnknown,
      errors: [{ path: 'vendorId', message: FIELD_MESSAGES.activityOwnerUnknown }],
    });
    for (const { _id } of selection) expect((await get(_id)).vendor).toBeNull();
  });
});

describe('POST /api/form-contact/bulk: delete', () => {
  it('when a system admin deletes a selection, then each is gone (activities with it) and the board counts follow', async () => {
    const name = uniqueName();
    const selection = await requests(3, name);
    await request(t.app)
      .post(`/api/form-contact/${selection[0]!._id}/activities`)
      .set(bearer(vendor.token))
      .send({ type: 'call', title: 'Llamar', dueDate: '2030-01-01' })
      .expect(201);

    const result = await done(
      { action: 'delete', items: [...idItems(selection), { id: UNKNOWN_ID }] },
      admin.token,
    );

    expect(result).toEqual({
      changed: idsOf(selection),
      unchanged: [],
      failed: failedAs([UNKNOWN_ID], 'notFound'),
    });
    for (const { _id } of selection) expect(await exists(_id)).toBe(false);
    expect(await counts(name)).toMatchObject({ 'new request': 0 });
  });
});

describe('POST /api/form-contact/bulk: permissions', () => {
  it.each([
    ['vendor', () => vendor.token],
    ['driver', () => driver.token],
  ])('when a %s assigns or deletes, then 403 and nothing changes', async (_role, token) => {
    const selection = await requests(2);
    const assign = await bulk(
      { action: 'assign', vendorId: vendor.user._id, items: idItems(selection) },
      token(),
    );
    expect(assign.status).toBe(403);
    expect(assign.body).toEqual({ message: API_MESSAGES.forbidden });
    const remove = await bulk({ action: 'delete', items: idItems(selection) }, token());
    expect(remove.status).toBe(403);
    expect(remove.body).toEqual({ message: API_MESSAGES.forbidden });
    for (const { _id } of selection) expect(await get(_id)).toMatchObject({ vendor: null });
  });

  it('when no one is signed in, then 401 and nothing changes', async () => {
    const [only] = await requests(1);
    const res = await request(t.app)
      .post(BULK)
      .send({ action: 'move', to: 'contacted', items: moveItems([only!]) });
    expect(res.status).toBe(401);
    expect((await get(only!._id)).status).toBe('new request');
  });
});
