import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { API_TOKEN_MESSAGES, type CreatedApiToken } from '@crm/shared';
import { PASSWORD, bearer, tokenFor, useTestApp } from '../test/test-app.js';

// Issue 36: API tokens as a script uses them: a Bearer within its scope and its owner's rights,
// never for the account itself, ended by a revocation, its expiry, a password change, the
// owner's deletion; narrowed by a demotion; braked per minute.

const t = useTestApp();

async function tokenOf(
  session: string,
  scope: 'read' | 'write',
  lifetimeDays: 30 | 90 | 365 | null = null,
) {
  const res = await request(t.app)
    .post('/api/me/tokens')
    .set(bearer(session))
    .send({ name: `Script ${scope}`, scope, lifetimeDays });
  expect(res.status).toBe(201);
  return res.body as CreatedApiToken;
}

const NEW_REQUEST = {
  name: 'Desde n8n',
  email: 'n8n@example.com',
  requestType: 'otro',
  message: 'Hola',
};

describe('API tokens (issue 36)', () => {
  it('a write token reads and writes as its owner; a read token only reads', async () => {
    const vendor = await tokenFor(t, 'vendor');
    const writer = await tokenOf(vendor.token, 'write');
    const reader = await tokenOf(vendor.token, 'read');

    await request(t.app).get('/api/form-contact/all').set(bearer(reader.token)).expect(200);
    const refused = await request(t.app)
      .post('/api/form-contact/crm-create')
      .set(bearer(reader.token))
      .send(NEW_REQUEST);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: API_TOKEN_MESSAGES.readOnly });
    await request(t.app)
      .post('/api/form-contact/crm-create')
      .set(bearer(writer.token))
      .send(NEW_REQUEST)
      .expect(201);
    // The owner's rights, no more: a vendor's token is no admin.
    await request(t.app)
      .post('/api/user/create')
      .set(bearer(writer.token))
      .send({ name: 'X', lastName: 'Y', email: 'x@y.cl', role: 'vendor', password: PASSWORD })
      .expect(403);
  });

  it('never changes the account itself: password, sessions, tokens, sign-out', async () => {
    const vendor = await tokenFor(t, 'vendor');
    const writer = await tokenOf(vendor.token, 'write');
    for (const call of [
      request(t.app)
        .post('/api/me/password')
        .send({ currentPassword: PASSWORD, password: 'Otra.Clave99' }),
      request(t.app).get('/api/me/sessions'),
      request(t.app).post('/api/me/tokens').send({ name: 'x', scope: 'write', lifetimeDays: null }),
      request(t.app).post('/api/user/logout'),
    ]) {
      const res = await call.set(bearer(writer.token));
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ message: API_TOKEN_MESSAGES.sessionOnly });
    }
  });

  it('is stored as a hash; a revoked, expired, altered or unknown token is one 401', async () => {
    const vendor = await tokenFor(t, 'vendor');
    const revoked = await tokenOf(vendor.token, 'read');
    const expiring = await tokenOf(vendor.token, 'read', 30);
    const stored = await t.ctx.models.ApiToken.findById(revoked._id).lean();
    expect(JSON.stringify(stored)).not.toContain(revoked.token.slice(13));

    await request(t.app)
      .delete(`/api/me/tokens/${revoked._id}`)
      .set(bearer(vendor.token))
      .expect(200);
    const later = new Date(Date.now() + 31 * 86_400_000);
    vi.spyOn(t.ctx.clock, 'now').mockReturnValue(later);
    const altered = `${expiring.token.slice(0, -1)}${expiring.token.endsWith('A') ? 'B' : 'A'}`;
    try {
      for (const token of [revoked.token, expiring.token, altered, 'crm_nada']) {
        const res = await request(t.app).get('/api/form-contact/all').set(bearer(token));
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ message: API_TOKEN_MESSAGES.invalid });
      }
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('ends with a password change and with its owner; a demotion narrows it at once', async () => {
    const admin = await tokenFor(t, 'system admin');
    const vendor = await tokenFor(t, 'vendor');
    const vendorToken = await tokenOf(vendor.token, 'read');
    const adminToken = await tokenOf(admin.token, 'read');
    await request(t.app).get('/api/tokens').set(bearer(admin.token)).expect(200);

    await request(t.app)
      .post('/api/me/password')
      .set(bearer(vendor.token))
      .send({ currentPassword: PASSWORD, password: 'Otra.Clave99' })
      .expect(200);
    await request(t.app).get('/api/form-contact/all').set(bearer(vendorToken.token)).expect(401);

    // Another admin demotes this one: the token reads on, as a vendor's.
    const other = await tokenFor(t, 'system admin');
    await request(t.app)
      .get(`/api/user/data/${admin.user._id}`)
      .set(bearer(adminToken.token))
      .expect(200);
    await request(t.app)
      .put(`/api/user/update/${admin.user._id}`)
      .set(bearer(other.token))
      .send({
        name: admin.user.name,
        lastName: admin.user.lastName,
        email: admin.user.email,
        role: 'vendor',
      })
      .expect(200);
    const audit = await request(t.app).get('/api/audit').set(bearer(adminToken.token));
    expect(audit.status).toBe(403);
    await request(t.app)
      .delete(`/api/user/delete/${admin.user._id}`)
      .set(bearer(other.token))
      .expect(200);
    await request(t.app).get('/api/form-contact/all').set(bearer(adminToken.token)).expect(401);
  });

  it('a system admin sees and revokes anyone’s token', async () => {
    const admin = await tokenFor(t, 'system admin');
    const vendor = await tokenFor(t, 'vendor');
    const theirs = await tokenOf(vendor.token, 'write');
    const all = await request(t.app).get('/api/tokens').set(bearer(admin.token)).expect(200);
    expect((all.body as { items: { _id: string }[] }).items.map((item) => item._id)).toContain(
      theirs._id,
    );
    await request(t.app).delete(`/api/tokens/${theirs._id}`).set(bearer(admin.token)).expect(200);
    await request(t.app).get('/api/form-contact/all').set(bearer(theirs.token)).expect(401);
  });

  it('brakes a token past its calls a minute (API_TOKEN_CALLS_PER_MINUTE) with 429 and Retry-After', async () => {
    t.ctx.config.apiTokenCallsPerMinute = 20;
    const vendor = await tokenFor(t, 'vendor');
    const reader = await tokenOf(vendor.token, 'read');
    const call = () => request(t.app).get('/api/me/preferences').set(bearer(reader.token));
    const answers = await Promise.all(Array.from({ length: 20 }, call));
    expect(answers.every((res) => res.status === 200)).toBe(true);
    const braked = await call();
    expect(braked.status).toBe(429);
    expect(braked.body).toEqual({ message: API_TOKEN_MESSAGES.rateLimited });
    expect(Number(braked.headers['retry-after'])).toBeGreaterThan(0);
    // Another token of the same person has its own minute.
    const other = await tokenOf(vendor.token, 'read');
    await request(t.app).get('/api/me/preferences').set(bearer(other.token)).expect(200);
  });
});
