import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import jwt from 'jsonwebtoken';
import { endpoints as contractEndpoints, pathOf } from '@crm/shared';
import { placeholderParams } from '@crm/contract-tests';
import {
  addUser,
  bearer,
  login,
  PASSWORD,
  solvedCaptcha,
  startTestApp,
  useTestApp,
} from '../test/test-app.js';

const t = useTestApp();

describe('POST /api/user/login', () => {
  it('answers a token and the user, without any password or hash', async () => {
    const user = await addUser(t.ctx, 'vendor', {
      name: 'Ana',
      lastName: 'Pérez',
      email: 'Ana.Perez@Example.com',
    });
    const res = await login(t.app, 'ana.perez@example.com');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      token: expect.any(String),
      user: {
        _id: user._id,
        name: 'Ana',
        lastName: 'Pérez',
        email: 'ana.perez@example.com',
        role: 'vendor',
      },
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password|\$2[aby]\$/i);
  });

  it('accepts the email in any case', async () => {
    const user = await addUser(t.ctx, 'driver');
    expect((await login(t.app, user.email.toUpperCase())).status).toBe(200);
  });

  it('returns 401 "Invalid email or password" for a wrong password, without saying which was wrong', async () => {
    const user = await addUser(t.ctx, 'vendor');
    const wrongPassword = await login(t.app, user.email, 'Wrong.Pass1');
    const unknownEmail = await login(t.app, 'nobody@example.com');
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual({ message: 'Invalid email or password' });
    expect(unknownEmail.body).toEqual(wrongPassword.body);
  });

  it('returns 400 with the §5 messages for a bad email and an empty password', async () => {
    const res = await request(t.app)
      .post('/api/user/login')
      .send({ email: 'not an email', password: '', altcha: await solvedCaptcha(t.app) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Invalid email format',
      errors: [
        { path: 'email', message: 'Invalid email format' },
        { path: 'password', message: 'Password cannot be empty' },
      ],
    });
  });

  it('returns 400 "Por favor rellenar el captcha" without a captcha', async () => {
    const user = await addUser(t.ctx, 'vendor');
    const res = await request(t.app)
      .post('/api/user/login')
      .send({ email: user.email, password: PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Por favor rellenar el captcha',
      errors: [{ path: 'altcha', message: 'Por favor rellenar el captcha' }],
    });
  });

  it('returns 400 for a forged, tampered or garbled captcha', async () => {
    const user = await addUser(t.ctx, 'vendor');
    const good = JSON.parse(Buffer.from(await solvedCaptcha(t.app), 'base64').toString()) as {
      challenge: { parameters: { keyPrefix: string } };
      solution: { counter: number; derivedKey: string };
    };
    const wrongKey = { ...good, solution: { ...good.solution, derivedKey: 'ab'.repeat(32) } };
    const tampered = {
      ...good,
      challenge: {
        ...good.challenge,
        parameters: { ...good.challenge.parameters, keyPrefix: '00' },
      },
    };
    for (const altcha of [
      'garbage',
      Buffer.from('{"challenge":1}').toString('base64'),
      Buffer.from(JSON.stringify(wrongKey)).toString('base64'),
      Buffer.from(JSON.stringify(tampered)).toString('base64'),
    ]) {
      const res = await request(t.app)
        .post('/api/user/login')
        .send({ email: user.email, password: PASSWORD, altcha });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Por favor rellenar el captcha');
    }
  });

  it('accepts a solved captcha only once', async () => {
    const user = await addUser(t.ctx, 'vendor');
    const altcha = await solvedCaptcha(t.app);
    const first = await request(t.app)
      .post('/api/user/login')
      .send({ email: user.email, password: PASSWORD, altcha });
    const replay = await request(t.app)
      .post('/api/user/login')
      .send({ email: user.email, password: PASSWORD, altcha });
    expect(first.status).toBe(200);
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe('Por favor rellenar el captcha');
  });

  it('returns 400 for operator injection in the credentials', async () => {
    const res = await request(t.app)
      .post('/api/user/login')
      .send({ email: { $gt: '' }, password: { $ne: null }, altcha: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Keys starting with "$" or containing "." are not allowed');
  });
});

describe('GET /api/captcha/challenge', () => {
  it('issues a signed proof-of-work challenge without authentication', async () => {
    const res = await request(t.app).get('/api/captcha/challenge');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      parameters: {
        algorithm: 'PBKDF2/SHA-256',
        nonce: expect.any(String),
        salt: expect.any(String),
      },
      signature: expect.any(String),
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('Authentication on protected endpoints', () => {
  it('returns 401 without a token, with a malformed one, a forged one or an expired one', async () => {
    const { user } = await (async () => ({ user: await addUser(t.ctx, 'vendor') }))();
    const forged = jwt.sign({}, 'another-secret', {
      subject: user._id,
      jwtid: 'x',
      expiresIn: '1h',
    });
    const expired = jwt.sign({}, t.ctx.config.jwtSecret, {
      subject: user._id,
      jwtid: 'y',
      expiresIn: -10,
    });
    const noneAlg = jwt.sign({ sub: user._id, jti: 'z' }, '', { algorithm: 'none' });
    for (const headers of [
      {},
      { Authorization: 'Token abc' },
      bearer('abc.def.ghi'),
      bearer(forged),
      bearer(expired),
      bearer(noneAlg),
    ]) {
      const res = await request(t.app).get('/api/form-contact/all').set(headers);
      expect(res.status).toBe(401);
      expect(res.body.message).toEqual(expect.any(String));
    }
  });
});

describe('Sessions', () => {
  it('refuses a well-signed token that has no session (one signed before sessions existed): sign in again', async () => {
    const user = await addUser(t.ctx, 'vendor');
    const old = jwt.sign({ sv: 0 }, t.ctx.config.jwtSecret, {
      algorithm: 'HS256',
      subject: user._id,
      jwtid: randomUUID(),
      expiresIn: '1h',
    });
    const res = await request(t.app).get('/api/user/all').set(bearer(old));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      message: 'Your session has expired or was closed. Please sign in again.',
    });
    const token = (await login(t.app, user.email)).body.token as string;
    expect((await request(t.app).get('/api/user/all').set(bearer(token))).status).toBe(200);
  });

  it("refuses a token whose user was deleted, and one whose session belongs to someone else's id", async () => {
    const user = await addUser(t.ctx, 'vendor');
    const token = (await login(t.app, user.email)).body.token as string;
    const { jti } = jwt.decode(token) as { jti: string };
    const other = await addUser(t.ctx, 'vendor');
    // The same session id under another subject: a session answers only for its own user.
    const borrowed = jwt.sign({}, t.ctx.config.jwtSecret, {
      subject: other._id,
      jwtid: jti,
      expiresIn: '1h',
    });
    expect((await request(t.app).get('/api/user/all').set(bearer(borrowed))).status).toBe(401);
    await t.ctx.models.User.deleteOne({ _id: user._id });
    expect((await request(t.app).get('/api/user/all').set(bearer(token))).status).toBe(401);
  });
});

describe('Every protected endpoint', () => {
  // Walked from the contract: a new endpoint that is not public is covered without a line here.
  const endpoints = contractEndpoints
    .filter((endpoint) => endpoint.access !== 'public')
    .map((endpoint) => [endpoint.method, pathOf(endpoint, placeholderParams(endpoint))] as const);

  it('covers every endpoint of the contract that needs a token', () => {
    expect(endpoints.length).toBeGreaterThanOrEqual(11);
  });

  it.each(endpoints)(
    '%s %s answers 401 without a token and with a logged-out one',
    async (method, path) => {
      const admin = await addUser(t.ctx, 'system admin');
      const token = (await login(t.app, admin.email)).body.token as string;
      await request(t.app).post('/api/user/logout').set(bearer(token)).expect(200);
      expect((await request(t.app)[method](path).send({})).status).toBe(401);
      const revoked = await request(t.app)[method](path).set(bearer(token)).send({});
      expect(revoked.status).toBe(401);
      expect(revoked.body).toEqual({
        message: 'Your session has expired or was closed. Please sign in again.',
      });
    },
  );
});

describe('POST /api/user/logout', () => {
  it('revokes the token: the same token then gets 401, other sessions keep working', async () => {
    const user = await addUser(t.ctx, 'vendor');
    const first = (await login(t.app, user.email)).body.token as string;
    const second = (await login(t.app, user.email)).body.token as string;
    const res = await request(t.app).post('/api/user/logout').set(bearer(first));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Logged out' });
    expect((await request(t.app).get('/api/user/all').set(bearer(first))).status).toBe(401);
    expect((await request(t.app).post('/api/user/logout').set(bearer(first))).status).toBe(401);
    expect((await request(t.app).get('/api/user/all').set(bearer(second))).status).toBe(200);
  });

  it('returns 401 without a token', async () => {
    expect((await request(t.app).post('/api/user/logout')).status).toBe(401);
  });

  it('holds across two API processes on one database', async () => {
    const other = await startTestApp({ dbName: t.dbName });
    try {
      const user = await addUser(t.ctx, 'driver');
      const token = (await login(t.app, user.email)).body.token as string;
      expect((await request(other.app).get('/api/user/all').set(bearer(token))).status).toBe(200);
      expect((await request(t.app).post('/api/user/logout').set(bearer(token))).status).toBe(200);
      expect((await request(other.app).get('/api/user/all').set(bearer(token))).status).toBe(401);
    } finally {
      await other.close();
    }
  });
});
