import { Secret, TOTP } from 'otpauth';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  API_MESSAGES,
  loginResponseSchema,
  TWO_FACTOR_MAIL,
  TWO_FACTOR_MESSAGES,
  twoFactorChallengeSchema,
  twoFactorStatusSchema,
  type TwoFactorChallenge,
} from '@crm/shared';
import { mailsTo } from '../test/account-links.js';
import { startSmtp, type TestSmtp } from '../test/smtp.js';
import {
  addUser,
  bearer,
  login,
  PASSWORD,
  solvedCaptcha,
  startTestApp,
  useSignedInRoles,
  useTestApp,
  type TestApp,
} from '../test/test-app.js';

// Issue 32: two-factor sign-in (TOTP) — enrolment in Perfil, the login's code step, replays,
// recovery codes, Ajustes' requirement and its grace, an admin's reset, and the sign-in brake.

const t = useTestApp({ trustProxy: true });
const { admin, vendor } = useSignedInRoles(t);
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startSmtp();
  t.ctx.config.mail = { ...t.ctx.config.mail, smtpUrl: smtp.url, retryDelaysMs: [60_000] };
});
afterAll(async () => {
  await smtp.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const T0 = Date.parse('2026-11-28T12:00:00.000Z');
/** Sets the app's clock (codes and graces) to T0 plus `ms`. */
const at = (ms: number, app: TestApp = t) =>
  vi.spyOn(app.ctx.clock, 'now').mockReturnValue(new Date(T0 + ms));
/** The code an authenticator app shows for `secret` at T0 plus `ms`. */
const codeAt = (secret: string, ms: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: T0 + ms });

const status = (app: TestApp['app'], token: string) =>
  request(app).get('/api/me/two-factor').set(bearer(token));
const codeStep = (app: TestApp['app'], challenge: string, code: string, ip?: string) => {
  const req = request(app).post('/api/user/login/two-factor');
  return (ip ? req.set('X-Forwarded-For', ip) : req).send({ challenge, code });
};

/** A new user of `role`, signed in with their password (no second factor yet). */
async function person(app: TestApp, role: 'vendor' | 'system admin' = 'vendor') {
  const user = await addUser(app.ctx, role);
  const res = await login(app.app, user.email);
  expect(res.status).toBe(200);
  return { user, token: loginResponseSchema.parse(res.body).token };
}

/** Perfil's enrolment at T0: setup, then the code of the secret shown. */
async function enrol(app: TestApp, token: string) {
  at(0, app);
  const setup = await request(app.app).post('/api/me/two-factor/setup').set(bearer(token));
  expect(setup.status).toBe(200);
  const { secret, qrSvg } = setup.body as { secret: string; qrSvg: string };
  const enabled = await request(app.app)
    .post('/api/me/two-factor/enable')
    .set(bearer(token))
    .send({ code: codeAt(secret, 0) });
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
  return {
    secret,
    qrSvg,
    recoveryCodes: (enabled.body as { recoveryCodes: string[] }).recoveryCodes,
  };
}

/** The password step of a user with a second factor: a challenge, no token. */
async function challengeFor(app: TestApp, email: string, ip?: string): Promise<TwoFactorChallenge> {
  const res = ip
    ? await request(app.app)
        .post('/api/user/login')
        .set('X-Forwarded-For', ip)
        .send({ email, password: PASSWORD, altcha: await solved(app) })
    : await login(app.app, email);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body).not.toHaveProperty('token');
  return twoFactorChallengeSchema.parse(res.body);
}
const solved = (app: TestApp) => solvedCaptcha(app.app);

describe('enabling two-factor sign-in in Perfil', () => {
  it('when the code of the shown secret confirms it, then it is on, ten recovery codes are shown once, and the other sessions end', async () => {
    const { user, token } = await person(t);
    const other = loginResponseSchema.parse((await login(t.app, user.email)).body).token;
    expect(twoFactorStatusSchema.parse((await status(t.app, token)).body)).toMatchObject({
      enabled: false,
      required: false,
    });

    at(0);
    const setup = await request(t.app).post('/api/me/two-factor/setup').set(bearer(token));
    expect(setup.status).toBe(200);
    const { secret, qrSvg } = setup.body as { secret: string; qrSvg: string };
    expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    const wrong = await request(t.app)
      .post('/api/me/two-factor/enable')
      .set(bearer(token))
      .send({ code: codeAt(secret, 5 * 60_000) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ path: 'code', message: TWO_FACTOR_MESSAGES.wrongCode }]);

    const enabled = await request(t.app)
      .post('/api/me/two-factor/enable')
      .set(bearer(token))
      .send({ code: codeAt(secret, 0) });
    expect(enabled.status).toBe(200);
    const codes = (enabled.body as { recoveryCodes: string[] }).recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}$/);

    const now = twoFactorStatusSchema.parse((await status(t.app, token)).body);
    expect(now).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect(JSON.stringify(now)).not.toContain(secret);
    // This session stays; the one opened with the password alone ends.
    expect((await status(t.app, other)).status).toBe(401);
    // The secret is never answered again, nor stored as it was shown.
    const again = await request(t.app).post('/api/me/two-factor/setup').set(bearer(token));
    expect(again.status).toBe(409);
    const stored = await t.ctx.models.TwoFactor.collection.findOne({ _id: user._id as never });
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(JSON.stringify(stored)).not.toContain(codes[0]!.replace(/-/g, ''));
  });

  it('when the setup has lapsed, then its code is refused with a fresh start asked for', async () => {
    const { token } = await person(t);
    at(0);
    const { secret } = (await request(t.app).post('/api/me/two-factor/setup').set(bearer(token)))
      .body as { secret: string };
    at(11 * 60_000);
    const res = await request(t.app)
      .post('/api/me/two-factor/enable')
      .set(bearer(token))
      .send({ code: codeAt(secret, 11 * 60_000) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: 'code', message: TWO_FACTOR_MESSAGES.setupExpired }]);
  });
});

describe('signing in with a second factor', () => {
  it('when the password is right, then a challenge and no session; with the code, then the login’s answer', async () => {
    const { user, token } = await person(t);
    const { secret } = await enrol(t, token);

    const { twoFactor } = await challengeFor(t, user.email);
    expect(twoFactor.step).toBe('code');
    // The challenge is no session token.
    expect((await status(t.app, twoFactor.challenge)).status).toBe(401);

    at(60_000);
    const res = await codeStep(t.app, twoFactor.challenge, codeAt(secret, 60_000));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = loginResponseSchema.strict().parse(res.body);
    expect(answer.user).toMatchObject({ _id: user._id, email: user.email });
    expect((await status(t.app, answer.token)).status).toBe(200);
  });

  it('when a code was already used, then it is refused within its window, and the next one works', async () => {
    const { user, token } = await person(t);
    const { secret } = await enrol(t, token);
    at(60_000);
    const code = codeAt(secret, 60_000);
    const first = await codeStep(
      t.app,
      (await challengeFor(t, user.email)).twoFactor.challenge,
      code,
    );
    expect(first.status).toBe(200);

    // The same code again, 20 s later (still valid by time): a replay.
    at(80_000);
    const replay = await codeStep(
      t.app,
      (await challengeFor(t, user.email)).twoFactor.challenge,
      code,
    );
    expect(replay.status).toBe(400);
    expect(replay.body.errors).toEqual([{ path: 'code', message: TWO_FACTOR_MESSAGES.codeUsed }]);
    // The confirming code of the enrolment counts as used too.
    const enrolment = await codeStep(
      t.app,
      (await challengeFor(t, user.email)).twoFactor.challenge,
      codeAt(secret, 0),
    );
    expect(enrolment.status).toBe(400);

    at(90_000);
    const next = await codeStep(
      t.app,
      (await challengeFor(t, user.email)).twoFactor.challenge,
      codeAt(secret, 90_000),
    );
    expect(next.status).toBe(200);
  });

  it('when two sign-ins send the same code at once, then one gets a session', async () => {
    const { user, token } = await person(t);
    const { secret } = await enrol(t, token);
    at(120_000);
    const code = codeAt(secret, 120_000);
    const [a, b] = await Promise.all([challengeFor(t, user.email), challengeFor(t, user.email)]);
    const answers = await Promise.all([
      codeStep(t.app, a.twoFactor.challenge, code),
      codeStep(t.app, b.twoFactor.challenge, code),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 400]);
  });

  it('when a recovery code is used, then it signs in once, and only once', async () => {
    const { user, token } = await person(t);
    const { recoveryCodes } = await enrol(t, token);
    const [first, second] = recoveryCodes as [string, string];

    // As typed: upper case, without its dashes.
    const typed = first.replace(/-/g, '').toUpperCase();
    const used = await codeStep(
      t.app,
      (await challengeFor(t, user.email)).twoFactor.challenge,
      typed,
    );
    expect(used.status, JSON.stringify(used.body)).toBe(200);
    const signedIn = loginResponseSchema.parse(used.body).token;
    expect(
      twoFactorStatusSchema.parse((await status(t.app, signedIn)).body).recoveryCodesLeft,
    ).toBe(9);

    const again = await codeStep(
      t.app,
      (await challengeFor(t, user.email)).twoFactor.challenge,
      first,
    );
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual([
      { path: 'code', message: TWO_FACTOR_MESSAGES.wrongRecoveryCode },
    ]);
    const other = await codeStep(
      t.app,
      (await challengeFor(t, user.email)).twoFactor.challenge,
      second,
    );
    expect(other.status).toBe(200);
  });

  it('when the challenge is forged or of another kind, then 401 and no session', async () => {
    const { user, token } = await person(t);
    const { secret } = await enrol(t, token);
    at(60_000);
    const res = await codeStep(t.app, `${token}`, codeAt(secret, 60_000));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: TWO_FACTOR_MESSAGES.challengeExpired });
    const { twoFactor } = await challengeFor(t, user.email);
    const tampered = `${twoFactor.challenge.slice(0, -2)}xx`;
    expect((await codeStep(t.app, tampered, codeAt(secret, 60_000))).status).toBe(401);
  });

  it('when it is turned off with the password, then the password alone signs in again', async () => {
    const { user, token } = await person(t);
    await enrol(t, token);
    const wrong = await request(t.app)
      .post('/api/me/two-factor/disable')
      .set(bearer(token))
      .send({ currentPassword: 'Otra.Cosa.1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([
      { path: 'currentPassword', message: ACCOUNT_MESSAGES.currentPasswordWrong },
    ]);
    const off = await request(t.app)
      .post('/api/me/two-factor/disable')
      .set(bearer(token))
      .send({ currentPassword: PASSWORD });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ enabled: false });
    const res = await login(t.app, user.email);
    expect(loginResponseSchema.strict().safeParse(res.body).success).toBe(true);
  });
});

describe('Ajustes: "Exigir verificación en dos pasos"', () => {
  const policy = (token: string, body: object) =>
    request(t.app).put('/api/settings/two-factor').set(bearer(token)).send(body);
  afterAll(async () => {
    await policy(admin.token, { require: 'nobody', graceDays: 7 });
  });

  it('when a vendor changes it, then 403; a bad grace is 400 naming it', async () => {
    expect((await policy(vendor.token, { require: 'everyone', graceDays: 7 })).status).toBe(403);
    expect(
      (await request(t.app).get('/api/settings/two-factor').set(bearer(vendor.token))).status,
    ).toBe(403);
    const bad = await policy(admin.token, { require: 'admins', graceDays: 91 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('graceDays');
  });

  it('when it is required for admins, then an admin gets the grace from their next sign-in, then must enrol at sign-in; a vendor is not asked', async () => {
    at(0);
    const saved = await policy(admin.token, { require: 'admins', graceDays: 7 });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ require: 'admins', graceDays: 7 });
    const boss = await addUser(t.ctx, 'system admin');
    const seller = await addUser(t.ctx, 'vendor');

    // Three days in: their first sign-in under it starts their 7 days.
    at(3 * 86_400_000);
    const first = await login(t.app, boss.email);
    expect(first.status).toBe(200);
    const until = new Date(T0 + 10 * 86_400_000).toISOString();
    expect(first.body).toMatchObject({ twoFactorSetupBy: until });
    const session = loginResponseSchema.parse(first.body).token;
    expect(twoFactorStatusSchema.parse((await status(t.app, session)).body)).toMatchObject({
      enabled: false,
      required: true,
      setupBy: until,
    });
    const sellers = await login(t.app, seller.email);
    expect(loginResponseSchema.strict().safeParse(sellers.body).success).toBe(true);

    // Still within: a session again, the same end.
    at(9 * 86_400_000);
    expect((await login(t.app, boss.email)).body).toMatchObject({ twoFactorSetupBy: until });

    // Past it: no session, but an enrolment with its QR code.
    const past = 10 * 86_400_000 + 1000;
    at(past);
    const { twoFactor } = await challengeFor(t, boss.email);
    expect(twoFactor.step).toBe('setup');
    expect(twoFactor.setup?.qrSvg).toMatch(/^<svg/);
    const secret = twoFactor.setup?.secret ?? '';
    const wrong = await codeStep(t.app, twoFactor.challenge, codeAt(secret, past + 5 * 60_000));
    expect(wrong.status).toBe(400);
    const enrolled = await codeStep(t.app, twoFactor.challenge, codeAt(secret, past));
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
    expect(enrolled.body.recoveryCodes).toHaveLength(10);
    const token = loginResponseSchema.parse(enrolled.body).token;
    expect(twoFactorStatusSchema.parse((await status(t.app, token)).body)).toMatchObject({
      enabled: true,
      required: true,
      setupBy: null,
    });
    // From now on, the code step.
    expect((await challengeFor(t, boss.email)).twoFactor.step).toBe('code');
  });
});

describe('an admin’s reset', () => {
  it('when an admin resets a user’s second factor, then it is gone, their sessions end and they get a mail', async () => {
    const { user, token } = await person(t);
    await enrol(t, token);
    const path = `/api/user/two-factor/${user._id}`;
    expect((await request(t.app).get(path).set(bearer(admin.token))).body).toEqual({
      enabled: true,
    });
    expect((await request(t.app).delete(path).set(bearer(vendor.token))).status).toBe(403);

    const res = await request(t.app).delete(path).set(bearer(admin.token));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: TWO_FACTOR_MESSAGES.reset });
    expect((await status(t.app, token)).status).toBe(401);
    expect((await request(t.app).get(path).set(bearer(admin.token))).body).toEqual({
      enabled: false,
    });
    const mails = await mailsTo(t, smtp, user.email);
    expect(mails.map((mail) => mail.subject)).toEqual([TWO_FACTOR_MAIL.resetSubject]);
    expect(mails[0]?.text.replace(/\r\n/g, '\n')).toContain(TWO_FACTOR_MAIL.resetText(user.name));
    // The password alone signs in again.
    expect(loginResponseSchema.safeParse((await login(t.app, user.email)).body).success).toBe(true);
    expect((await request(t.app).delete(path).set(bearer(admin.token))).status).toBe(409);
    const unknown = await request(t.app)
      .delete('/api/user/two-factor/0123456789abcdef01234567')
      .set(bearer(admin.token));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: API_MESSAGES.userNotFound });
  });
});

describe('the sign-in brake', () => {
  it('when wrong codes pile up, then they count as wrong passwords: 429 for the code and the password', async () => {
    const braked = await startTestApp({
      trustProxy: true,
      loginThrottle: { pair: { freeFailures: 3, firstDelayMs: 60_000 } },
    });
    try {
      const { user, token } = await person(braked);
      const { secret } = await enrol(braked, token);
      const ip = '203.0.113.9';
      // The password step at the codes' time too: the brake's waits run on the same clock.
      at(60_000, braked);
      const { twoFactor } = await challengeFor(braked, user.email, ip);
      for (let i = 0; i < 3; i++) {
        const wrong = await codeStep(braked.app, twoFactor.challenge, '000000', ip);
        expect(wrong.status).toBe(400);
      }
      const right = await codeStep(braked.app, twoFactor.challenge, codeAt(secret, 60_000), ip);
      expect(right.status).toBe(429);
      expect(right.body).toEqual({ message: API_MESSAGES.tooManyLoginAttempts });
      const password = await request(braked.app)
        .post('/api/user/login')
        .set('X-Forwarded-For', ip)
        .send({ email: user.email, password: PASSWORD, altcha: await solved(braked) });
      expect(password.status).toBe(429);
    } finally {
      await braked.close();
    }
  });
});
