import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_MAIL,
  ACCOUNT_MESSAGES,
  API_MESSAGES,
  EDIT_USER_MESSAGES,
  profileSchema,
} from '@crm/shared';
import { startSmtp, textOf, type TestSmtp } from '../test/smtp.js';
import {
  addUser,
  bearer,
  login,
  PASSWORD,
  solvedCaptcha,
  startTestApp,
  tokenFor,
  useTestApp,
} from '../test/test-app.js';

// Issue 23: Perfil's own data (name, pending email, role locked) and the password change.

const t = useTestApp({ trustProxy: true });

const NEW_PASSWORD = 'Nueva.Clave1';
const profileOf = (token: string) => request(t.app).get('/api/me/profile').set(bearer(token));
const patch = (token: string, body: object) =>
  request(t.app).patch('/api/me/profile').set(bearer(token)).send(body);
const changePassword = (token: string, body: object) =>
  request(t.app).post('/api/me/password').set(bearer(token)).send(body);
const works = async (token: string) => (await profileOf(token)).status;

/** A live link of `purpose` for the user, as account/ stores one (only its hash). */
const addAccountToken = (
  userId: string,
  purpose: 'reset' | 'invite' | 'email',
  fields: { newEmail?: string; expiresAt?: Date } = {},
) =>
  t.ctx.models.AccountToken.create({
    _id: `${purpose}-${userId}-${Math.random()}`,
    userId,
    purpose,
    createdAt: new Date(),
    expiresAt: new Date(Date.now() + 60 * 60_000),
    ...fields,
  });

describe('GET /api/me/profile', () => {
  it('answers the caller as they are stored, with no pending email', async () => {
    const { user, token } = await tokenFor(t, 'driver');
    const res = await profileOf(token);
    expect(res.status).toBe(200);
    expect(profileSchema.parse(res.body)).toEqual({
      _id: user._id,
      name: user.name,
      lastName: user.lastName,
      email: user.email,
      role: 'driver',
      photo: '',
      pendingEmail: null,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password|\$2[aby]\$/i);
  });

  it('when an email change waits for its link, then the new address is pending; a lapsed link is not', async () => {
    const { user, token } = await tokenFor(t, 'vendor');
    await addAccountToken(user._id, 'email', {
      newEmail: 'old-link@example.com',
      expiresAt: new Date(Date.now() - 1000),
    });
    expect((await profileOf(token)).body).toMatchObject({ pendingEmail: null });
    await addAccountToken(user._id, 'email', { newEmail: 'nuevo@example.com' });
    expect((await profileOf(token)).body).toMatchObject({ pendingEmail: 'nuevo@example.com' });
  });
});

describe('PATCH /api/me/profile', () => {
  it('changes the name and last name of the caller only', async () => {
    const { user, token } = await tokenFor(t, 'vendor');
    const bystander = await tokenFor(t, 'vendor');
    const res = await patch(token, { name: 'Lucía', lastName: 'Fernández' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: user._id, name: 'Lucía', lastName: 'Fernández' });
    expect((await profileOf(token)).body).toEqual(res.body);
    expect((await profileOf(bystander.token)).body).toMatchObject({
      name: bystander.user.name,
    });
  });

  it('returns 400 naming the field for an empty name, and for the email or password (their own routes)', async () => {
    const { token } = await tokenFor(t, 'vendor');
    const empty = await patch(token, { name: '', lastName: 'X' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([{ path: 'name', message: EDIT_USER_MESSAGES.nameRequired }]);
    for (const extra of [{ email: 'x@example.com' }, { password: NEW_PASSWORD }]) {
      expect((await patch(token, { name: 'a', lastName: 'b', ...extra })).status).toBe(400);
    }
  });

  it('refuses a role in the body with 403, even in an otherwise bad body, and changes nothing', async () => {
    const { token } = await tokenFor(t, 'vendor');
    for (const body of [
      { name: 'a', lastName: 'b', role: 'system admin' },
      { role: 'vendor' },
      { role: 'system admin', name: '' },
    ]) {
      const res = await patch(token, body);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: ACCOUNT_MESSAGES.ownRoleLocked });
    }
    expect((await profileOf(token)).body).toMatchObject({
      role: 'vendor',
      name: expect.any(String),
    });
    const admin = await tokenFor(t, 'system admin');
    expect((await patch(admin.token, { role: 'driver' })).status).toBe(403);
    expect((await profileOf(admin.token)).body).toMatchObject({ role: 'system admin' });
  });

  it('returns 401 without a token', async () => {
    expect((await request(t.app).patch('/api/me/profile').send({ role: 'x' })).status).toBe(401);
  });
});

describe('POST /api/me/password', () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t.ctx.config.mail = { ...t.ctx.config.mail, smtpUrl: smtp.url };
  });
  afterAll(async () => {
    t.ctx.config.mail = { ...t.ctx.config.mail, smtpUrl: undefined };
    await smtp.close();
  });

  it('when the current password is right, then the new one works, every other session ends, this one stays, the links end and an email says so', async () => {
    const { user, token } = await tokenFor(t, 'vendor');
    const other = (await login(t.app, user.email)).body.token as string;
    const bystander = await tokenFor(t, 'vendor');
    await addAccountToken(user._id, 'reset');
    await addAccountToken(user._id, 'invite');
    await addAccountToken(user._id, 'email', { newEmail: 'pendiente@example.com' });

    const res = await changePassword(token, { currentPassword: PASSWORD, password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: ACCOUNT_MESSAGES.passwordChanged });

    expect(await works(token)).toBe(200);
    expect(await works(other)).toBe(401);
    expect(await works(bystander.token)).toBe(200);
    expect((await login(t.app, user.email, PASSWORD)).status).toBe(401);
    expect((await login(t.app, user.email, NEW_PASSWORD)).status).toBe(200);
    // Reset and invitation links end with the old password; an email change still waits.
    const tokens = await t.ctx.models.AccountToken.find({ userId: user._id }).lean();
    expect(tokens.map((token) => token.purpose)).toEqual(['email']);

    const mails = smtp.mails.filter((mail) => mail.to.includes(user.email));
    expect(mails).toHaveLength(1);
    const text = textOf(mails[0]?.raw ?? '');
    for (const line of ACCOUNT_MAIL.passwordChangedText(user.name).split('\n')) {
      expect(text).toContain(line);
    }
  });

  it('returns 400 on currentPassword when it is wrong, and changes nothing', async () => {
    const { user, token } = await tokenFor(t, 'vendor');
    const other = (await login(t.app, user.email)).body.token as string;
    const res = await changePassword(token, {
      currentPassword: 'Wrong.Pass1',
      password: NEW_PASSWORD,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: ACCOUNT_MESSAGES.currentPasswordWrong,
      errors: [{ path: 'currentPassword', message: ACCOUNT_MESSAGES.currentPasswordWrong }],
    });
    expect(await works(other)).toBe(200);
    expect((await login(t.app, user.email, PASSWORD)).status).toBe(200);
  });

  it('returns 400 naming the field for a missing current password, a weak new one or the same one', async () => {
    const { token } = await tokenFor(t, 'vendor');
    const cases = [
      [{ password: NEW_PASSWORD }, 'currentPassword', ACCOUNT_MESSAGES.currentPasswordRequired],
      [{ currentPassword: PASSWORD, password: 'weak' }, 'password', undefined],
      [
        { currentPassword: PASSWORD, password: PASSWORD },
        'password',
        ACCOUNT_MESSAGES.samePassword,
      ],
    ] as const;
    for (const [body, path, message] of cases) {
      const res = await changePassword(token, body);
      expect(res.status).toBe(400);
      const errors = res.body.errors as { path: string; message: string }[];
      expect(errors.map((error) => error.path)).toContain(path);
      if (message) expect(errors).toContainEqual({ path, message });
    }
    expect(await works(token)).toBe(200);
  });

  it('returns 401 without a token', async () => {
    const res = await request(t.app)
      .post('/api/me/password')
      .send({ currentPassword: PASSWORD, password: NEW_PASSWORD });
    expect(res.status).toBe(401);
  });
});

describe('POST /api/me/password and the sign-in brake', () => {
  it('counts each wrong current password as a failed sign-in: past the brake, 429, and the sign-in is braked too', async () => {
    const braked = await startTestApp({
      trustProxy: true,
      loginThrottle: { pair: { freeFailures: 3, firstDelayMs: 60_000, maxDelayMs: 60_000 } },
    });
    try {
      const user = await addUser(braked.ctx, 'vendor');
      const signIn = async () =>
        request(braked.app)
          .post('/api/user/login')
          .set('X-Forwarded-For', '10.9.9.9')
          .send({ email: user.email, password: PASSWORD, altcha: await solvedCaptcha(braked.app) });
      const token = (await signIn()).body.token as string;
      const attempt = (currentPassword: string) =>
        request(braked.app)
          .post('/api/me/password')
          .set('X-Forwarded-For', '10.9.9.9')
          .set(bearer(token))
          .send({ currentPassword, password: NEW_PASSWORD });

      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await attempt('Wrong.Pass1')).status);
      expect(statuses).toEqual([400, 400, 400]);
      const refused = await attempt(PASSWORD);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: API_MESSAGES.tooManyLoginAttempts });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await signIn()).status).toBe(429);
    } finally {
      await braked.close();
    }
  });
});
