import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { requestListSchema, requestSchema, type ColumnPage, type Request } from '@crm/shared';
import { SPEC_NEW_REQUEST_DEFAULTS } from '@crm/shared/test-utils';
import {
  bearer,
  createRequest,
  startTestApp,
  tokenFor,
  UNKNOWN_ID,
  useSignedInRoles,
  useTestApp,
} from '../test/test-app.js';

const t = useTestApp();
const { admin, vendor, driver } = useSignedInRoles(t);

const OPERATOR_MESSAGE = 'Keys starting with "$" or containing "." are not allowed';
const newRequest = {
  name: 'Lucía Fernández',
  email: 'lucia@example.com',
  requestType: 'obtener una demo',
  message: 'Quiero una demo',
};

const create = (token = vendor.token, body: object = newRequest): Promise<Request> =>
  createRequest(t, token, body);

const saveBody = (req: Request, changes: Partial<Request> = {}) => ({ ...req, ...changes });

describe('POST /api/form-contact/crm-create', () => {
  it.each(['system admin', 'vendor', 'driver'] as const)(
    'lets a %s create a request with the server defaults',
    async (role) => {
      const caller = role === 'system admin' ? admin : role === 'vendor' ? vendor : driver;
      const before = Date.now();
      const created = await create(caller.token);
      expect(created).toMatchObject({ ...newRequest, ...SPEC_NEW_REQUEST_DEFAULTS });
      expect(created.requestNumber).toEqual(expect.any(Number));
      expect(new Date(created.createdAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(created.stageChangedAt).toBe(created.createdAt);
    },
  );

  it('numbers requests one after the other', async () => {
    const first = await create();
    const second = await create();
    expect(second.requestNumber).toBe((first.requestNumber ?? 0) + 1);
  });

  it('gives 20 concurrent creates 20 distinct, consecutive numbers', async () => {
    const fresh = await startTestApp();
    try {
      const { token } = await tokenFor(fresh, 'vendor');
      const responses = await Promise.all(
        Array.from({ length: 20 }, () =>
          request(fresh.app)
            .post('/api/form-contact/crm-create')
            .set(bearer(token))
            .send(newRequest),
        ),
      );
      expect(responses.map((r) => r.status)).toEqual(Array(20).fill(201));
      const numbers = responses
        .map((r) => (r.body as Request).requestNumber)
        .sort((a, b) => (a ?? 0) - (b ?? 0));
      expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    } finally {
      await fresh.close();
    }
  });

  it('is backed by a unique index: a number can never be stored twice', async () => {
    const existing = await create();
    await expect(
      t.ctx.models.Request.create({ ...newRequest, requestNumber: existing.requestNumber }),
    ).rejects.toMatchObject({ code: 11000 });
  });

  it('ignores fields outside the four of the form', async () => {
    const created = await create(vendor.token, {
      ...newRequest,
      status: 'closed',
      vendor: admin.user._id,
      requestNumber: 999,
      isAdmin: true,
    });
    expect(created.status).toBe('new request');
    expect(created.vendor).toBeNull();
    expect(created.requestNumber).not.toBe(999);
    expect(created).not.toHaveProperty('isAdmin');
  });

  it('returns 400 with the §5 messages', async () => {
    const res = await request(t.app)
      .post('/api/form-contact/crm-create')
      .set(bearer(vendor.token))
      .send({});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Name is required',
      errors: [
        { path: 'name', message: 'Name is required' },
        { path: 'email', message: 'Email is required' },
        { path: 'requestType', message: 'RequestType is required' },
        { path: 'message', message: 'Message is required' },
      ],
    });
    const badEmail = await request(t.app)
      .post('/api/form-contact/crm-create')
      .set(bearer(vendor.token))
      .send({ ...newRequest, email: 'lucia@' });
    expect(badEmail.body.errors).toEqual([{ path: 'email', message: 'Invalid email format' }]);
  });

  it('returns 400 for operator injection and for malformed JSON, 401 without a token', async () => {
    const injected = await request(t.app)
      .post('/api/form-contact/crm-create')
      .set(bearer(vendor.token))
      .send({ ...newRequest, name: { $where: 'sleep(1000)' } });
    expect(injected.status).toBe(400);
    expect(injected.body.errors).toEqual([{ path: 'name.$where', message: OPERATOR_MESSAGE }]);
    const malformed = await request(t.app)
      .post('/api/form-contact/crm-create')
      .set(bearer(vendor.token))
      .set('Content-Type', 'application/json')
      .send('{"name": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ message: 'Malformed JSON body' });
    expect(
      (await request(t.app).post('/api/form-contact/crm-create').send(newRequest)).status,
    ).toBe(401);
  });
});

describe('GET /api/form-contact/all', () => {
  it('lists every request, newest first, in the shape of the shared schema', async () => {
    const older = await create();
    const newer = await create();
    const res = await request(t.app).get('/api/form-contact/all').set(bearer(driver.token));
    expect(res.status).toBe(200);
    const list = requestListSchema.parse(res.body);
    const ids = list.map((r) => r._id);
    expect(ids.indexOf(newer._id)).toBeLessThan(ids.indexOf(older._id));
    expect(res.body[0]).not.toHaveProperty('__v');
  });

  it('returns 401 without a token', async () => {
    expect((await request(t.app).get('/api/form-contact/all')).status).toBe(401);
  });
});

describe('GET /api/form-contact/:id', () => {
  it.each(['system admin', 'vendor', 'driver'] as const)(
    'lets a %s read one request as the list shows it',
    async (role) => {
      const caller = { 'system admin': admin, vendor, driver }[role];
      const created = await create(admin.token);
      const res = await request(t.app)
        .get(`/api/form-contact/${created._id}`)
        .set(bearer(caller.token));
      expect(res.status).toBe(200);
      expect(res.body).toEqual(created);
    },
  );

  it('returns 400 for a bad id, 404 for an unknown one, 401 without a token', async () => {
    const bad = await request(t.app).get('/api/form-contact/not-an-id').set(bearer(vendor.token));
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      message: 'Invalid id',
      errors: [{ path: 'id', message: 'Invalid id' }],
    });
    const unknown = await request(t.app)
      .get(`/api/form-contact/${UNKNOWN_ID}`)
      .set(bearer(vendor.token));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Request not found' });
    const created = await create();
    expect((await request(t.app).get(`/api/form-contact/${created._id}`)).status).toBe(401);
  });
});

describe('Response compression', () => {
  const listWith = (encoding: string) =>
    request(t.app)
      .get('/api/form-contact/all')
      .set(bearer(vendor.token))
      .set('Accept-Encoding', encoding);

  it('compresses a large JSON answer with gzip or brotli when the client accepts it', async () => {
    await create();
    await create();
    const plain = await listWith('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.stringify(plain.body).length).toBeGreaterThan(1024);

    const gzip = await listWith('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/Accept-Encoding/i);
    expect(gzip.body).toEqual(plain.body);

    const brotli = await listWith('br');
    expect(brotli.headers['content-encoding']).toBe('br');
  });

  it('leaves the tiny health answer as it is', async () => {
    const res = await request(t.app).get('/api/health').set('Accept-Encoding', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe('PUT /api/form-contact/update/:id', () => {
  it.each(['system admin', 'vendor', 'driver'] as const)(
    'lets a %s change stage, priority, type, contact fields, notes and event fields',
    async (role) => {
      const caller = role === 'system admin' ? admin : role === 'vendor' ? vendor : driver;
      const original = await create();
      const changes = {
        status: 'quote sent',
        priority: 'high',
        requestType: 'agendar reunión',
        name: 'Lucía F.',
        email: 'lf@example.com',
        jobPosition: 'CEO',
        company: 'ACME',
        contactNumber: '+34 600 000 000',
        notes: ['Llamar el lunes', 'Envió presupuesto'],
        paymentMethod: 'transfer',
        eventsQuantity: 2,
        pax: 120,
        bussinesItem: 'catering',
        amoutPaid: 1500.5,
        emailSentToCloseEvents: true,
        eventDate: '2027-03-01T18:00:00.000Z',
      } satisfies Partial<Request>;
      const res = await request(t.app)
        .put(`/api/form-contact/update/${original._id}`)
        .set(bearer(caller.token))
        .send(saveBody(original, changes));
      expect(res.status).toBe(200);
      const body = requestSchema.parse(res.body);
      // A new stage begins with the status change.
      expect(Date.parse(body.stageChangedAt)).toBeGreaterThanOrEqual(
        Date.parse(original.stageChangedAt),
      );
      const saved = {
        ...original,
        ...changes,
        version: 1,
        statusVersion: 1,
        stageChangedAt: body.stageChangedAt,
      };
      expect(body).toEqual(saved);
      const listed = (
        (await request(t.app).get('/api/form-contact/all').set(bearer(caller.token)))
          .body as Request[]
      ).find((r) => r._id === original._id);
      expect(listed).toEqual(saved);
    },
  );

  it('never changes _id, requestNumber, message, sourceOfContact, createdAt or vendor, and drops unknown fields', async () => {
    const original = await create();
    const res = await request(t.app)
      .put(`/api/form-contact/update/${original._id}`)
      .set(bearer(vendor.token))
      .send({
        ...original,
        _id: UNKNOWN_ID,
        requestNumber: 9999,
        message: 'changed',
        sourceOfContact: 'website',
        createdAt: '2000-01-01T00:00:00.000Z',
        vendor: vendor.user._id,
        isAdmin: true,
        priority: 'low',
      });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...original, priority: 'low', version: 1 });
    const stored = await t.ctx.models.Request.findById(original._id).lean();
    expect(stored).not.toHaveProperty('isAdmin');
  });

  it("refuses a stale save with 409 and keeps the first person's changes, notes included", async () => {
    const original = await create();
    const first = await request(t.app)
      .put(`/api/form-contact/update/${original._id}`)
      .set(bearer(vendor.token))
      .send(saveBody(original, { notes: ['Nota de Ana'], status: 'contacted' }));
    expect(first.status).toBe(200);
    const second = await request(t.app)
      .put(`/api/form-contact/update/${original._id}`)
      .set(bearer(driver.token))
      .send(saveBody(original, { notes: ['Nota de Beto'], priority: 'low' }));
    expect(second.status).toBe(409);
    expect(second.body).toEqual({
      message:
        'This request was changed by someone else after you opened it. Reload it to see the latest version, then apply your changes again.',
    });
    const list = requestListSchema.parse(
      (await request(t.app).get('/api/form-contact/all').set(bearer(admin.token))).body,
    );
    const stored = list.find((r) => r._id === original._id);
    expect(stored).toMatchObject({
      notes: ['Nota de Ana'],
      status: 'contacted',
      priority: 'mid',
      version: 1,
    });
  });

  it('gives exactly one of two concurrent saves of the same version, losing nothing', async () => {
    const original = await create();
    const [a, b] = await Promise.all([
      request(t.app)
        .put(`/api/form-contact/update/${original._id}`)
        .set(bearer(vendor.token))
        .send(saveBody(original, { notes: ['A'] })),
      request(t.app)
        .put(`/api/form-contact/update/${original._id}`)
        .set(bearer(driver.token))
        .send(saveBody(original, { notes: ['B'] })),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = (a.status === 200 ? a : b).body as Request;
    const stored = await t.ctx.models.Request.findById(original._id).lean();
    expect(stored?.notes).toEqual(winner.notes);
    expect(stored?.version).toBe(1);
  });

  it("does not conflict with the modal's own sequence: assign-vendor, then update", async () => {
    const original = await create();
    await request(t.app)
      .put('/api/user/assign-vendor')
      .set(bearer(admin.token))
      .send({ formId: original._id, vendorId: vendor.user._id })
      .expect(200);
    const res = await request(t.app)
      .put(`/api/form-contact/update/${original._id}`)
      .set(bearer(admin.token))
      .send(saveBody(original, { vendor: vendor.user._id, notes: ['asignada'] }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ vendor: vendor.user._id, notes: ['asignada'], version: 1 });
  });

  it('returns 400 with field messages for invalid values', async () => {
    const original = await create();
    const res = await request(t.app)
      .put(`/api/form-contact/update/${original._id}`)
      .set(bearer(vendor.token))
      .send(saveBody(original, { name: '', email: 'x', status: 'won' as never, pax: -1 }));
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual([
      'name',
      'email',
      'status',
      'pax',
    ]);
    expect(res.body.errors.slice(0, 2)).toEqual([
      { path: 'name', message: 'Name is required' },
      { path: 'email', message: 'Invalid email format' },
    ]);
    const { version: _v, ...withoutVersion } = original;
    const noVersion = await request(t.app)
      .put(`/api/form-contact/update/${original._id}`)
      .set(bearer(vendor.token))
      .send(withoutVersion);
    expect(noVersion.status).toBe(400);
    expect(noVersion.body.errors[0].path).toBe('version');
  });

  it('returns 400 for operator injection anywhere, even in notes or with dotted keys', async () => {
    const original = await create();
    for (const [payload, path] of [
      [saveBody(original, { notes: [{ $gt: '' }] as never }), 'notes.0.$gt'],
      [{ ...original, 'vendor.$id': 'x' }, 'vendor.$id'],
      [{ ...original, $set: { vendor: null } }, '$set'],
    ] as const) {
      const res = await request(t.app)
        .put(`/api/form-contact/update/${original._id}`)
        .set(bearer(vendor.token))
        .send(payload);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ path, message: OPERATOR_MESSAGE }]);
    }
  });

  it('returns 400 for a bad id, 404 for an unknown one, 401 without a token', async () => {
    const original = await create();
    const bad = await request(t.app)
      .put('/api/form-contact/update/nope')
      .set(bearer(vendor.token))
      .send(original);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid id');
    const unknown = await request(t.app)
      .put(`/api/form-contact/update/${UNKNOWN_ID}`)
      .set(bearer(vendor.token))
      .send(original);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Request not found' });
    expect(
      (await request(t.app).put(`/api/form-contact/update/${original._id}`).send(original)).status,
    ).toBe(401);
  });
});

describe('DELETE /api/form-contact/delete/:id', () => {
  it('lets a system admin delete a request', async () => {
    const doomed = await create();
    const res = await request(t.app)
      .delete(`/api/form-contact/delete/${doomed._id}`)
      .set(bearer(admin.token));
    expect(res.status).toBe(200);
    expect(res.body._id).toBe(doomed._id);
    const list = (await request(t.app).get('/api/form-contact/all').set(bearer(admin.token)))
      .body as Request[];
    expect(list.map((r) => r._id)).not.toContain(doomed._id);
  });

  it.each(['vendor', 'driver'] as const)(
    'returns 403 for a %s and keeps the request',
    async (role) => {
      const kept = await create();
      const res = await request(t.app)
        .delete(`/api/form-contact/delete/${kept._id}`)
        .set(bearer((role === 'vendor' ? vendor : driver).token));
      expect(res.status).toBe(403);
      expect(await t.ctx.models.Request.exists({ _id: kept._id })).not.toBeNull();
    },
  );

  it('returns 400 for a bad id, 404 for an unknown one, 401 without a token', async () => {
    expect(
      (await request(t.app).delete('/api/form-contact/delete/1').set(bearer(admin.token))).status,
    ).toBe(400);
    expect(
      (
        await request(t.app)
          .delete(`/api/form-contact/delete/${UNKNOWN_ID}`)
          .set(bearer(admin.token))
      ).status,
    ).toBe(404);
    expect((await request(t.app).delete(`/api/form-contact/delete/${UNKNOWN_ID}`)).status).toBe(
      401,
    );
  });
});

describe('PUT /api/user/assign-vendor', () => {
  it("assigns, changes and clears the executive; the executive's board filter follows", async () => {
    const name = `Asignada ${Date.now()}`;
    const req = await create(vendor.token, { ...newRequest, name });
    const assignedTo = async (userId: string) =>
      (
        (
          await request(t.app)
            .get('/api/form-contact')
            .query({ status: 'new request', vendor: userId, q: name })
            .set(bearer(admin.token))
        ).body as ColumnPage
      ).items.map((r) => r._id);

    const assigned = await request(t.app)
      .put('/api/user/assign-vendor')
      .set(bearer(admin.token))
      .send({ formId: req._id, vendorId: vendor.user._id });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({ _id: req._id, vendor: vendor.user._id, version: 0 });
    expect(await assignedTo(vendor.user._id)).toContain(req._id);

    await request(t.app)
      .put('/api/user/assign-vendor')
      .set(bearer(admin.token))
      .send({ formId: req._id, vendorId: driver.user._id })
      .expect(200);
    expect(await assignedTo(vendor.user._id)).not.toContain(req._id);
    expect(await assignedTo(driver.user._id)).toContain(req._id);

    const cleared = await request(t.app)
      .put('/api/user/assign-vendor')
      .set(bearer(admin.token))
      .send({ formId: req._id, vendorId: null });
    expect(cleared.body.vendor).toBeNull();
    expect(await assignedTo(driver.user._id)).not.toContain(req._id);
  });

  it.each(['vendor', 'driver'] as const)('returns 403 for a %s', async (role) => {
    const req = await create();
    const res = await request(t.app)
      .put('/api/user/assign-vendor')
      .set(bearer((role === 'vendor' ? vendor : driver).token))
      .send({ formId: req._id, vendorId: vendor.user._id });
    expect(res.status).toBe(403);
  });

  it('returns 400 for bad ids, 404 for an unknown request or user, 401 without a token', async () => {
    const req = await create();
    const bad = await request(t.app)
      .put('/api/user/assign-vendor')
      .set(bearer(admin.token))
      .send({ formId: 'x', vendorId: 'y' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { path: 'formId', message: 'Invalid id' },
      { path: 'vendorId', message: 'Invalid id' },
    ]);
    const noRequest = await request(t.app)
      .put('/api/user/assign-vendor')
      .set(bearer(admin.token))
      .send({ formId: UNKNOWN_ID, vendorId: null });
    expect(noRequest.status).toBe(404);
    expect(noRequest.body).toEqual({ message: 'Request not found' });
    const noUser = await request(t.app)
      .put('/api/user/assign-vendor')
      .set(bearer(admin.token))
      .send({ formId: req._id, vendorId: UNKNOWN_ID });
    expect(noUser.status).toBe(404);
    expect(noUser.body).toEqual({ message: 'User not found' });
    const injected = await request(t.app)
      .put('/api/user/assign-vendor')
      .set(bearer(admin.token))
      .send({ formId: { $ne: null }, vendorId: null });
    expect(injected.status).toBe(400);
    expect(
      (
        await request(t.app)
          .put('/api/user/assign-vendor')
          .send({ formId: req._id, vendorId: null })
      ).status,
    ).toBe(401);
  });
});
