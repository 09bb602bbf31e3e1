import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { CREATE_REQUEST_MESSAGES, CREATE_USER_MESSAGES, FIELD_MESSAGES } from '@crm/shared';
import { addUser, bearer, login, useSignedInRoles, useTestApp } from '../test/test-app.js';

// Issue 32, "strict text": an address that looks like another (an invisible character, a dot at
// the end) and a name that reads backwards (a bidirectional override) are refused where they come
// in; what was stored before the rule still reads and signs in.

const t = useTestApp();
const { admin, vendor } = useSignedInRoles(t);

const newUser = (email: string, name = 'Carla') => ({
  name,
  lastName: 'Gómez',
  email,
  password: 'Secreto.1',
  role: 'vendor',
  photo: '',
});

describe('strict text', () => {
  it('when an admin creates a user whose address ends in an invisible character or a dot, then 400 names the email', async () => {
    for (const email of ['vendorb@crm.test\u200b', 'a@crm.test.', 'ana\u2060@crm.test']) {
      const res = await request(t.app)
        .post('/api/user/create')
        .set(bearer(admin.token))
        .send(newUser(email));
      expect(res.status, JSON.stringify(email)).toBe(400);
      expect(res.body.errors, JSON.stringify(email)).toEqual([
        { path: 'email', message: CREATE_USER_MESSAGES.invalidEmail },
      ]);
    }
    const users = await t.ctx.models.User.find({ email: /crm\.test/ }).lean();
    expect(users).toEqual([]);
  });

  it('when a name holds a right-to-left override, then 400 names it as a control character', async () => {
    const user = await request(t.app)
      .post('/api/user/create')
      .set(bearer(admin.token))
      .send(newUser('carla.rlo@example.com', 'Carla\u202egnp.exe'));
    expect(user.status).toBe(400);
    expect(user.body.errors).toEqual([{ path: 'name', message: FIELD_MESSAGES.notSingleLine }]);

    const lead = await request(t.app)
      .post('/api/form-contact/crm-create')
      .set(bearer(vendor.token))
      .send({
        name: 'Ana\u2067 Pérez',
        email: 'ana@example.com',
        requestType: 'otro',
        message: 'Hola \u202e se guarda tal cual en el mensaje',
      });
    expect(lead.status).toBe(400);
    expect(lead.body.errors).toEqual([{ path: 'name', message: FIELD_MESSAGES.notSingleLine }]);
  });

  it('when a request is created with an address with a trailing dot, then it is refused with the spec message', async () => {
    const res = await request(t.app)
      .post('/api/form-contact/crm-create')
      .set(bearer(vendor.token))
      .send({ name: 'Ana', email: 'ana@example.com.', requestType: 'otro', message: 'Hola' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { path: 'email', message: CREATE_REQUEST_MESSAGES.invalidEmail },
    ]);
  });

  it('when a user was stored with such an address before the rule, then they still sign in and are listed', async () => {
    const email = 'antiguo@crm.test.';
    const user = await addUser(t.ctx, 'vendor');
    await t.ctx.models.User.updateOne({ _id: user._id }, { $set: { email } });
    const signedIn = await login(t.app, email);
    expect(signedIn.status).toBe(200);
    const list = await request(t.app).get('/api/user/all').set(bearer(admin.token)).expect(200);
    expect((list.body as { email: string }[]).map((user) => user.email)).toContain(email);
  });
});
