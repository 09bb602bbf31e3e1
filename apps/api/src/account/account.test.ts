import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS, ACCOUNT_MAIL, ACCOUNT_MESSAGES, API_MESSAGES } from '@crm/shared';
import {
  bearer,
  login,
  PASSWORD,
  tokenFor,
  useSignedInRoles,
  useTestApp,
  type SignedIn,
} from '../test/test-app.js';
import {
  NEW_PASSWORD,
  TOKEN_INVALID,
  forgot,
  freshAddress,
  lastToken,
  mailsTo,
  setPassword,
  tokenStatus,
  useAccountMail,
} from '../test/account-links.js';
import { hashToken } from './account-tokens.js';

// Issue 23: forgotten passwords and the links' pages, through a real SMTP server.

const t = useTestApp({ trustProxy: true });
const { admin } = useSignedInRoles(t);
const smtp = useAccountMail(t);

/** A signed-in vendor's reset link, asked for and read from the mail. */
async function resetLinkOf(person: SignedIn): Promise<string> {
  expect((await forgot(t, person.user.email)).status).toBe(200);
  const token = await lastToken(t, smtp, person.user.email, 'reset');
  if (!token) throw new Error('no reset link was mailed');
  return token;
}

const listUsers = (token: string) => request(t.app).get('/api/user/all').set(bearer(token));

describe('POST /api/account/forgot-password', () => {
  it('when the address has an account, then a mail carries a 30-minute link; following it sets the password, signs every session out and the new password signs in', async () => {
    const person = await tokenFor(t, 'vendor');
    const res = await forgot(t, person.user.email.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: ACCOUNT_MESSAGES.forgotSent });

    const [mail] = await mailsTo(t, smtp, person.user.email);
    expect(mail?.subject).toBe(ACCOUNT_MAIL.resetSubject);
    expect(mail?.text).toContain(`Hola ${person.user.name}`);
    const token = (await lastToken(t, smtp, person.user.email, 'reset')) ?? '';
    // Only the hash is stored.
    expect(await t.ctx.models.AccountToken.findById(token).lean()).toBeNull();
    const stored = await t.ctx.models.AccountToken.findById(hashToken(token)).lean();
    expect(stored?.expiresAt.getTime()).toBeGreaterThan(
      Date.now() + ACCOUNT_LIMITS.resetTokenMs - 60_000,
    );
    // …and the outbox keeps no usable copy of the link once sent.
    expect(await t.ctx.models.OutboxMail.countDocuments({ kind: 'account', text: /token=/ })).toBe(
      0,
    );

    expect((await tokenStatus(t, token)).body).toEqual({
      purpose: 'reset',
      email: person.user.email,
      name: person.user.name,
    });
    const set = await setPassword(t, token, NEW_PASSWORD);
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ message: ACCOUNT_MESSAGES.passwordReset });

    expect((await listUsers(person.token)).status).toBe(401);
    expect((await login(t.app, person.user.email, PASSWORD)).status).toBe(401);
    expect((await login(t.app, person.user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('when the address has no account, then the answer is the same and nothing is sent', async () => {
    const known = await tokenFor(t, 'driver');
    const unknown = `nadie.${Date.now()}@example.com`;
    const [a, b] = [await forgot(t, known.user.email), await forgot(t, unknown)];
    expect({ status: b.status, body: b.body as unknown }).toEqual({
      status: a.status,
      body: a.body as unknown,
    });
    expect(await mailsTo(t, smtp, unknown)).toEqual([]);
    expect(await mailsTo(t, smtp, known.user.email)).toHaveLength(1);
  });

  it('when the captcha is missing, then 400 and no mail', async () => {
    const person = await tokenFor(t, 'driver');
    const res = await request(t.app)
      .post('/api/account/forgot-password')
      .set('X-Forwarded-For', freshAddress())
      .send({ email: person.user.email, altcha: 'not-a-solution' });
    expect(res.status).toBe(400);
    expect(await mailsTo(t, smtp, person.user.email)).toEqual([]);
  });

  it('when one address is asked for too often, then 429 in Spanish with Retry-After, known or not', async () => {
    for (const email of [(await tokenFor(t, 'driver')).user.email, `nadie.${Date.now()}@x.com`]) {
      for (let i = 0; i < ACCOUNT_LIMITS.resetPerEmailPerHour; i++) {
        expect((await forgot(t, email)).status).toBe(200);
      }
      const refused = await forgot(t, email);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: ACCOUNT_MESSAGES.tooManyEmails(60) });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    }
  });

  it('when one client asks for too many addresses, then 429', async () => {
    const address = freshAddress();
    for (let i = 0; i < ACCOUNT_LIMITS.resetPerClientPerHour; i++) {
      expect((await forgot(t, `cliente${i}.${Date.now()}@example.com`, address)).status).toBe(200);
    }
    const refused = await forgot(t, `otro.${Date.now()}@example.com`, address);
    expect(refused.status).toBe(429);
    expect((await forgot(t, `otro.${Date.now()}@example.com`)).status).toBe(200);
  });

  it('when SMTP_URL is unset, then the answer promises no email (says to ask an admin), the same for an unknown address, and no link is made (issue 33)', async () => {
    const person = await tokenFor(t, 'driver');
    const { mail } = t.ctx.config;
    t.ctx.config.mail = { ...mail, smtpUrl: undefined };
    try {
      const res = await forgot(t, person.user.email);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: ACCOUNT_MESSAGES.forgotNoMail });
      const unknown = await forgot(t, `nadie.${Date.now()}@example.com`);
      expect(unknown.body).toEqual(res.body);
      expect(await mailsTo(t, smtp, person.user.email)).toEqual([]);
    } finally {
      t.ctx.config.mail = mail;
    }
    expect(await t.ctx.models.AccountToken.countDocuments({ userId: person.user._id })).toBe(0);
  });
});

describe('one-time links', () => {
  it('when a link is used twice, then the second answer is 400 tokenInvalid', async () => {
    const token = await resetLinkOf(await tokenFor(t, 'vendor'));
    expect((await setPassword(t, token, NEW_PASSWORD)).status).toBe(200);
    const again = await setPassword(t, token, 'Otra.Clave.123');
    expect(again.status).toBe(400);
    expect(again.body).toEqual(TOKEN_INVALID);
    expect((await tokenStatus(t, token)).body).toEqual(TOKEN_INVALID);
  });

  it('when the link has expired, then 400 tokenInvalid', async () => {
    const token = await resetLinkOf(await tokenFor(t, 'vendor'));
    await t.ctx.models.AccountToken.updateOne(
      { _id: hashToken(token) },
      { $set: { expiresAt: new Date(Date.now() - 1000) } },
    );
    expect((await tokenStatus(t, token)).body).toEqual(TOKEN_INVALID);
    expect((await setPassword(t, token, NEW_PASSWORD)).body).toEqual(TOKEN_INVALID);
  });

  it('when a newer link was asked for, then the older one no longer works and the newer does', async () => {
    const person = await tokenFor(t, 'vendor');
    const older = await resetLinkOf(person);
    const newer = await resetLinkOf(person);
    expect(newer).not.toBe(older);
    expect((await setPassword(t, older, NEW_PASSWORD)).body).toEqual(TOKEN_INVALID);
    expect((await setPassword(t, newer, NEW_PASSWORD)).status).toBe(200);
  });

  it('when the password changes meanwhile, then a pending reset link no longer works', async () => {
    const person = await tokenFor(t, 'vendor');
    const token = await resetLinkOf(person);
    const { name, lastName, email, role } = person.user;
    const changed = await request(t.app)
      .put(`/api/user/update/${person.user._id}`)
      .set(bearer(admin.token))
      .send({ name, lastName, email, role, password: NEW_PASSWORD });
    expect(changed.status).toBe(200);
    expect((await setPassword(t, token, 'Otra.Clave.123')).body).toEqual(TOKEN_INVALID);
  });

  it('when the token is altered or malformed, then 400 tokenInvalid', async () => {
    const token = await resetLinkOf(await tokenFor(t, 'vendor'));
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await setPassword(t, altered, NEW_PASSWORD)).body).toEqual(TOKEN_INVALID);
    expect((await setPassword(t, 'short', NEW_PASSWORD)).body).toEqual(TOKEN_INVALID);
    // The real one is untouched by those tries.
    expect((await tokenStatus(t, token)).status).toBe(200);
  });

  it('when the new password breaks §5’s rules, then 400 on `password` and the link still works', async () => {
    const token = await resetLinkOf(await tokenFor(t, 'vendor'));
    const weak = await setPassword(t, token, 'weak');
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ errors: [{ path: 'password' }] });
    expect((await setPassword(t, token, NEW_PASSWORD)).status).toBe(200);
  });

  it('when an email-change link is used to set a password, then 400 tokenInvalid', async () => {
    const person = await tokenFor(t, 'vendor');
    const newEmail = `cambio.${Date.now()}@example.com`;
    await request(t.app)
      .post('/api/me/email')
      .set(bearer(person.token))
      .send({ newEmail, currentPassword: PASSWORD })
      .expect(200);
    const token = (await lastToken(t, smtp, newEmail, 'email')) ?? '';
    expect((await setPassword(t, token, NEW_PASSWORD)).body).toEqual(TOKEN_INVALID);
  });
});

describe('POST /api/me/email and POST /api/account/confirm-email', () => {
  const changeEmail = (person: SignedIn, body: object) =>
    request(t.app)
      .post('/api/me/email')
      .set(bearer(person.token))
      .set('X-Forwarded-For', freshAddress())
      .send(body);

  it('when the current password is right, then a link goes to the new address, and opening it changes the email', async () => {
    const person = await tokenFor(t, 'vendor');
    const newEmail = `nuevo.${Date.now()}@example.com`;
    const res = await changeEmail(person, {
      newEmail: newEmail.toUpperCase(),
      currentPassword: PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: ACCOUNT_MESSAGES.emailChangeSent(newEmail) });
    const [mail] = await mailsTo(t, smtp, newEmail);
    expect(mail?.subject).toBe(ACCOUNT_MAIL.emailChangeSubject);
    expect(await mailsTo(t, smtp, person.user.email)).toEqual([]);
    const token = (await lastToken(t, smtp, newEmail, 'email')) ?? '';
    expect((await tokenStatus(t, token)).body).toEqual({
      purpose: 'email',
      email: newEmail,
      name: person.user.name,
    });
    // Nothing changes before the link is opened.
    expect((await login(t.app, person.user.email)).status).toBe(200);

    const confirmed = await request(t.app).post('/api/account/confirm-email').send({ token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ message: ACCOUNT_MESSAGES.emailChanged });
    expect((await login(t.app, newEmail)).status).toBe(200);
    expect((await login(t.app, person.user.email)).status).toBe(401);
    const again = await request(t.app).post('/api/account/confirm-email').send({ token });
    expect(again.body).toEqual(TOKEN_INVALID);
  });

  it('when the email changes, then a reset link mailed to the old address no longer works', async () => {
    const person = await tokenFor(t, 'vendor');
    const reset = await resetLinkOf(person);
    const newEmail = `movido.${Date.now()}@example.com`;
    await changeEmail(person, { newEmail, currentPassword: PASSWORD }).expect(200);
    const token = (await lastToken(t, smtp, newEmail, 'email')) ?? '';
    await request(t.app).post('/api/account/confirm-email').send({ token }).expect(200);
    expect((await setPassword(t, reset, NEW_PASSWORD)).body).toEqual(TOKEN_INVALID);
  });

  it('when the current password is wrong, then 400 on `currentPassword` and no mail', async () => {
    const person = await tokenFor(t, 'vendor');
    const newEmail = `mal.${Date.now()}@example.com`;
    const res = await changeEmail(person, { newEmail, currentPassword: 'Incorrecta.1' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: ACCOUNT_MESSAGES.currentPasswordWrong,
      errors: [{ path: 'currentPassword', message: ACCOUNT_MESSAGES.currentPasswordWrong }],
    });
    expect(await mailsTo(t, smtp, newEmail)).toEqual([]);
  });

  it('when the address is another user’s, then 409 on `newEmail`; when it is already theirs, 400', async () => {
    const person = await tokenFor(t, 'vendor');
    const other = await tokenFor(t, 'driver');
    const taken = await changeEmail(person, {
      newEmail: other.user.email,
      currentPassword: PASSWORD,
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ errors: [{ path: 'newEmail' }] });
    const same = await changeEmail(person, {
      newEmail: person.user.email,
      currentPassword: PASSWORD,
    });
    expect(same.body).toEqual({
      message: ACCOUNT_MESSAGES.sameEmail,
      errors: [{ path: 'newEmail', message: ACCOUNT_MESSAGES.sameEmail }],
    });
  });

  it('when another user takes the address before the link is opened, then 409', async () => {
    const person = await tokenFor(t, 'vendor');
    const newEmail = `carrera.${Date.now()}@example.com`;
    await changeEmail(person, { newEmail, currentPassword: PASSWORD }).expect(200);
    const token = (await lastToken(t, smtp, newEmail, 'email')) ?? '';
    await tokenFor(t, 'driver').then(({ user }) =>
      t.ctx.models.User.updateOne({ _id: user._id }, { $set: { email: newEmail } }),
    );
    const res = await request(t.app).post('/api/account/confirm-email').send({ token });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: API_MESSAGES.emailTaken });
  });

  it('when a user asks too often, then 429 in Spanish', async () => {
    const person = await tokenFor(t, 'vendor');
    for (let i = 0; i < ACCOUNT_LIMITS.emailChangePerUserPerHour; i++) {
      const newEmail = `muchos${i}.${Date.now()}@example.com`;
      await changeEmail(person, { newEmail, currentPassword: PASSWORD }).expect(200);
    }
    const refused = await changeEmail(person, {
      newEmail: `uno.mas.${Date.now()}@example.com`,
      currentPassword: PASSWORD,
    });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: ACCOUNT_MESSAGES.tooManyEmails(60) });
  });

  it('when SMTP_URL is unset, then 503 mailUnavailable', async () => {
    const person = await tokenFor(t, 'vendor');
    const { mail } = t.ctx.config;
    t.ctx.config.mail = { ...mail, smtpUrl: undefined };
    try {
      const res = await changeEmail(person, {
        newEmail: `sin.correo.${Date.now()}@example.com`,
        currentPassword: PASSWORD,
      });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ message: ACCOUNT_MESSAGES.mailUnavailable });
    } finally {
      t.ctx.config.mail = mail;
    }
  });

  it('when nobody is signed in, then 401', async () => {
    const res = await request(t.app)
      .post('/api/me/email')
      .send({ newEmail: 'x@example.com', currentPassword: PASSWORD });
    expect(res.status).toBe(401);
  });
});
