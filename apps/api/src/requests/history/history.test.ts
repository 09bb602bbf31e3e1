import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  API_MESSAGES,
  FIELD_MESSAGES,
  MAX_NOTES_PER_REQUEST,
  requestHistorySchema,
  requestSchema,
  type HistoryEntry,
  type Request,
  type RequestStatus,
} from '@crm/shared';
import {
  bearer,
  createRequest,
  UNKNOWN_ID,
  useSignedInRoles,
  useTestApp,
  type SignedIn,
} from '../../test/test-app.js';

// Issue 12: moves as their own command, the history, notes saved on their own, and a stale §7
// update that never undoes a move.

const t = useTestApp();
const { admin, vendor, driver } = useSignedInRoles(t);

const create = (token = vendor.token): Promise<Request> => createRequest(t, token);

const move = (id: string, from: RequestStatus, to: RequestStatus, token = vendor.token) =>
  request(t.app).patch(`/api/form-contact/${id}/status`).set(bearer(token)).send({ from, to });

const addNote = (id: string, text: string, token = vendor.token) =>
  request(t.app).post(`/api/form-contact/${id}/notes`).set(bearer(token)).send({ text });

const get = async (id: string) =>
  requestSchema.parse(
    (await request(t.app).get(`/api/form-contact/${id}`).set(bearer(vendor.token))).body,
  );

async function historyOf(id: string, token = vendor.token): Promise<HistoryEntry[]> {
  const res = await request(t.app).get(`/api/form-contact/${id}/history`).set(bearer(token));
  expect(res.status).toBe(200);
  return requestHistorySchema.parse(res.body).entries;
}

const nameOf = (who: SignedIn) => `${who.user.name} ${who.user.lastName}`;

describe('PATCH /api/form-contact/:id/status', () => {
  it.each([
    ['system admin', () => admin],
    ['vendor', () => vendor],
    ['driver', () => driver],
  ] as const)('lets a %s move a request, changing nothing else', async (_role, caller) => {
    const created = await create();
    const before = Date.now();
    const res = await move(created._id, 'new request', 'contacted', caller().token);
    expect(res.status).toBe(200);
    const moved = requestSchema.parse(res.body);
    // Nothing else but when the new stage began: now.
    expect(Date.parse(moved.stageChangedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(moved).toEqual({
      ...created,
      status: 'contacted',
      statusVersion: 1,
      stageChangedAt: moved.stageChangedAt,
    });
    const [entry] = await historyOf(created._id);
    expect(entry).toMatchObject({
      field: 'status',
      from: 'new request',
      to: 'contacted',
      by: caller().user._id,
      byName: nameOf(caller()),
    });
    expect(Date.parse(entry?.at ?? '')).toBeGreaterThanOrEqual(before - 1000);
  });

  it('refuses a move from a stale stage with 409 naming the current one, and changes nothing', async () => {
    const created = await create();
    expect((await move(created._id, 'new request', 'quote sent')).status).toBe(200);
    const stale = await move(created._id, 'new request', 'follow up', driver.token);
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      message: API_MESSAGES.requestMoved,
      current: { status: 'quote sent' },
    });
    expect((await get(created._id)).status).toBe('quote sent');
    expect(await historyOf(created._id)).toHaveLength(1);
  });

  it('lets exactly one of two concurrent moves from the same stage win', async () => {
    const created = await create();
    const answers = await Promise.all([
      move(created._id, 'new request', 'contacted'),
      move(created._id, 'new request', 'follow up', driver.token),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    const winner = answers.find((res) => res.status === 200)?.body as Request;
    expect((await get(created._id)).status).toBe(winner.status);
    expect(await historyOf(created._id)).toHaveLength(1);
  });

  it('treats a move to the same stage as no change, and needs a token, a known id and known stages', async () => {
    const created = await create();
    const same = await move(created._id, 'new request', 'new request');
    expect(same.status).toBe(200);
    expect(await historyOf(created._id)).toEqual([]);
    const anonymous = await request(t.app)
      .patch(`/api/form-contact/${created._id}/status`)
      .send({ from: 'new request', to: 'contacted' });
    expect(anonymous.status).toBe(401);
    expect((await move(UNKNOWN_ID, 'new request', 'contacted')).status).toBe(404);
    const unknownStage = await request(t.app)
      .patch(`/api/form-contact/${created._id}/status`)
      .set(bearer(vendor.token))
      .send({ from: 'new request', to: 'won' });
    expect(unknownStage.status).toBe(400);
    expect(unknownStage.body.errors[0].path).toBe('to');
    expect((await get(created._id)).status).toBe('new request');
  });

  it('does not conflict with a concurrent edit of notes or contact fields: both survive', async () => {
    const created = await create();
    const [moved, saved] = await Promise.all([
      move(created._id, 'new request', 'contacted', driver.token),
      request(t.app)
        .put(`/api/form-contact/update/${created._id}`)
        .set(bearer(vendor.token))
        .send({ ...created, notes: ['Llamar el lunes'], contactNumber: '555 123' }),
    ]);
    expect([moved.status, saved.status]).toEqual([200, 200]);
    const stored = await get(created._id);
    expect(stored).toMatchObject({
      status: 'contacted',
      notes: ['Llamar el lunes'],
      contactNumber: '555 123',
    });
    const added = await addNote(created._id, 'Envió la cotización', admin.token);
    const movedAgain = await move(created._id, 'contacted', 'quote sent', driver.token);
    expect([added.status, movedAgain.status]).toEqual([201, 200]);
    expect(await get(created._id)).toMatchObject({
      status: 'quote sent',
      notes: ['Envió la cotización', 'Llamar el lunes'],
    });
  });
});

describe('PUT /api/form-contact/update/:id after a move', () => {
  it('never puts the request back: a status read before the move is no change', async () => {
    const created = await create();
    expect((await move(created._id, 'new request', 'contacted', driver.token)).status).toBe(200);
    // A copy read before the move, saved with an unrelated change.
    const res = await request(t.app)
      .put(`/api/form-contact/update/${created._id}`)
      .set(bearer(vendor.token))
      .send({ ...created, priority: 'high' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'contacted', priority: 'high', statusVersion: 1 });
    expect((await historyOf(created._id)).filter((e) => e.field === 'status')).toHaveLength(1);
  });

  it('records a status change made through the update itself, by whom', async () => {
    const created = await create();
    const res = await request(t.app)
      .put(`/api/form-contact/update/${created._id}`)
      .set(bearer(admin.token))
      .send({ ...created, status: 'follow up' });
    expect(res.body).toMatchObject({ status: 'follow up', statusVersion: 1, version: 1 });
    expect(await historyOf(created._id)).toEqual([
      expect.objectContaining({
        field: 'status',
        from: 'new request',
        to: 'follow up',
        by: admin.user._id,
      }),
    ]);
  });

  it('records the notes an update adds and removes', async () => {
    const created = await create();
    const first = await request(t.app)
      .put(`/api/form-contact/update/${created._id}`)
      .set(bearer(vendor.token))
      .send({ ...created, notes: ['uno', 'dos'] });
    await request(t.app)
      .put(`/api/form-contact/update/${created._id}`)
      .set(bearer(driver.token))
      .send({ ...(first.body as Request), notes: ['uno', 'dos (corregida)'] });
    const notes = (await historyOf(created._id)).map(({ by, from, to }) => ({ by, from, to }));
    expect(notes).toEqual([
      { by: driver.user._id, from: null, to: 'dos (corregida)' },
      { by: driver.user._id, from: 'dos', to: null },
      { by: vendor.user._id, from: null, to: 'dos' },
      { by: vendor.user._id, from: null, to: 'uno' },
    ]);
  });
});

describe('field edits in the history (issue 25)', () => {
  const save = (body: Request, token = vendor.token) =>
    request(t.app).put(`/api/form-contact/update/${body._id}`).set(bearer(token)).send(body);

  it('records each field a save changes, from and to, all with the same who and when', async () => {
    const created = await create();
    const res = await save(
      { ...created, company: 'Nueva SpA', pax: 120, emailSentToCloseEvents: true },
      admin.token,
    );
    expect(res.status).toBe(200);
    const entries = await historyOf(created._id);
    expect(entries.map(({ field, from, to }) => ({ field, from, to }))).toEqual([
      { field: 'emailSentToCloseEvents', from: 'pending', to: 'true' },
      { field: 'pax', from: String(created.pax), to: '120' },
      { field: 'company', from: created.company, to: 'Nueva SpA' },
    ]);
    expect(new Set(entries.map((entry) => `${entry.at} ${entry.by ?? ''}`))).toEqual(
      new Set([`${entries[0]?.at ?? ''} ${admin.user._id}`]),
    );
  });

  it('records nothing for a save that changes nothing, an event date sent in another offset included', async () => {
    const created = await create();
    const first = await save({ ...created, eventDate: '2026-12-12T15:00:00.000Z' });
    expect(await historyOf(created._id)).toEqual([
      expect.objectContaining({ field: 'eventDate', from: null, to: '2026-12-12T15:00:00.000Z' }),
    ]);
    const again = await save({
      ...(first.body as Request),
      eventDate: '2026-12-12T12:00:00-03:00',
    });
    expect(again.status).toBe(200);
    expect(await historyOf(created._id)).toHaveLength(1);
  });

  it('keeps a note’s text in its entry, a very long one shortened', async () => {
    const created = await create();
    const long = 'L'.repeat(1500);
    expect((await addNote(created._id, 'Llamar el lunes')).status).toBe(201);
    expect((await addNote(created._id, long)).status).toBe(201);
    const [longEntry, shortEntry] = await historyOf(created._id);
    expect(shortEntry).toMatchObject({ field: 'note', from: null, to: 'Llamar el lunes' });
    expect(longEntry?.to).toBe(`${'L'.repeat(499)}…`);
  });
});

describe('notes saved on their own', () => {
  it('adds a note at the top at once, with its author and time, and bumps the version', async () => {
    const created = await create();
    const first = await addNote(created._id, 'Primera', driver.token);
    expect(first.status).toBe(201);
    const second = await addNote(created._id, 'Segunda');
    expect(second.body).toMatchObject({ notes: ['Segunda', 'Primera'], version: 2 });
    expect((await historyOf(created._id)).map((e) => [e.field, e.to, e.byName])).toEqual([
      ['note', 'Segunda', nameOf(vendor)],
      ['note', 'Primera', nameOf(driver)],
    ]);
  });

  it('refuses an empty note and one beyond the limits, with the field and message', async () => {
    const created = await create();
    const empty = await addNote(created._id, '   ');
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([{ path: 'text', message: FIELD_MESSAGES.noteEmpty }]);
    const full = await request(t.app)
      .put(`/api/form-contact/update/${created._id}`)
      .set(bearer(vendor.token))
      .send({
        ...created,
        notes: Array.from({ length: MAX_NOTES_PER_REQUEST }, (_, i) => `n${i}`),
      });
    expect(full.status).toBe(200);
    const tooMany = await addNote(created._id, 'una más');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors).toEqual([
      { path: 'text', message: FIELD_MESSAGES.tooManyNotes(MAX_NOTES_PER_REQUEST) },
    ]);
  });

  it('edits a note only while it still reads what the editor saw (409 with its text now)', async () => {
    const created = await create();
    await addNote(created._id, 'Llamar');
    const edit = (from: string, to: string, token = vendor.token) =>
      request(t.app)
        .put(`/api/form-contact/${created._id}/notes/0`)
        .set(bearer(token))
        .send({ from, to });
    expect((await edit('Llamar', 'Llamar el martes', driver.token)).status).toBe(200);
    const stale = await edit('Llamar', 'Llamar el miércoles');
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      message: API_MESSAGES.noteChanged,
      current: { note: 'Llamar el martes' },
    });
    expect((await get(created._id)).notes).toEqual(['Llamar el martes']);
    const [latest] = await historyOf(created._id);
    expect(latest).toMatchObject({ field: 'note', from: 'Llamar', to: 'Llamar el martes' });
    const beyond = await request(t.app)
      .put(`/api/form-contact/${created._id}/notes/5`)
      .set(bearer(vendor.token))
      .send({ from: 'x', to: 'y' });
    expect(beyond.status).toBe(409);
    expect(beyond.body.current).toEqual({ note: null });
  });

  it('keeps both of two notes added at the same moment', async () => {
    const created = await create();
    const answers = await Promise.all(['A', 'B', 'C'].map((text) => addNote(created._id, text)));
    expect(answers.map((res) => res.status)).toEqual([201, 201, 201]);
    expect([...(await get(created._id)).notes].sort()).toEqual(['A', 'B', 'C']);
  });
});

describe('assignments in the history', () => {
  it('records assign, change and unassign by the admin, and the unassigning of a deleted user', async () => {
    const created = await create();
    const assign = (vendorId: string | null) =>
      request(t.app)
        .put('/api/user/assign-vendor')
        .set(bearer(admin.token))
        .send({ formId: created._id, vendorId });
    await assign(vendor.user._id);
    await assign(vendor.user._id); // no change: not recorded
    await assign(driver.user._id);
    await assign(null);
    const vendorEntries = (await historyOf(created._id)).map(({ field, from, to, by }) => ({
      field,
      from,
      to,
      by,
    }));
    expect(vendorEntries).toEqual([
      { field: 'vendor', from: driver.user._id, to: null, by: admin.user._id },
      { field: 'vendor', from: vendor.user._id, to: driver.user._id, by: admin.user._id },
      { field: 'vendor', from: null, to: vendor.user._id, by: admin.user._id },
    ]);
  });

  it('keeps the history of a deleted user, without a name', async () => {
    const created = await create();
    const leaving = await request(t.app).post('/api/user/create').set(bearer(admin.token)).send({
      name: 'Pablo',
      lastName: 'Saliente',
      email: 'pablo.saliente@example.com',
      password: 'Secreto.123',
      role: 'vendor',
      photo: '',
    });
    const leavingId = (leaving.body as { _id: string })._id;
    await request(t.app)
      .put('/api/user/assign-vendor')
      .set(bearer(admin.token))
      .send({ formId: created._id, vendorId: leavingId });
    await request(t.app).delete(`/api/user/delete/${leavingId}`).set(bearer(admin.token));
    const [unassigned, assigned] = await historyOf(created._id);
    expect(unassigned).toMatchObject({
      field: 'vendor',
      from: leavingId,
      to: null,
      by: admin.user._id,
    });
    expect(assigned).toMatchObject({ to: leavingId, byName: nameOf(admin) });
    expect((await get(created._id)).vendor).toBeNull();
  });

  it('answers the history only to a signed-in caller and for a known request', async () => {
    const created = await create();
    expect((await request(t.app).get(`/api/form-contact/${created._id}/history`)).status).toBe(401);
    const unknown = await request(t.app)
      .get(`/api/form-contact/${UNKNOWN_ID}/history`)
      .set(bearer(driver.token));
    expect(unknown.status).toBe(404);
  });
});

describe('the board and the request leave the history in the database', () => {
  it('answers no history field in the board, a column, a request or a save', async () => {
    const created = await create();
    await move(created._id, 'new request', 'contacted');
    const board = await request(t.app).get('/api/form-contact/board').set(bearer(vendor.token));
    const one = await request(t.app)
      .get(`/api/form-contact/${created._id}`)
      .set(bearer(vendor.token));
    const moved = await move(created._id, 'contacted', 'follow up');
    expect(JSON.stringify(board.body)).not.toContain('"history"');
    expect(one.body).not.toHaveProperty('history');
    expect(moved.body).not.toHaveProperty('history');
  });
});
