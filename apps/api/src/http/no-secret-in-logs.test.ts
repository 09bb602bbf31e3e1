import { Writable } from 'node:stream';
import { pino } from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  bearer,
  login,
  PASSWORD,
  solvedCaptcha,
  tokenFor,
  useTestApp,
  type SignedIn,
} from '../test/test-app.js';
import {
  APP_URL,
  NEW_PASSWORD,
  forgot,
  freshAddress,
  lastToken,
  setPassword,
  tokenStatus,
  useAccountMail,
} from '../test/account-links.js';

/*
 * Issue 32, finding 3: no secret in any log line. One scenario goes through every flow that
 * issues a token, a secret or a link, with every log line kept (level trace), and each secret it
 * got is looked for in them. (The whole test run is searched the same way afterwards:
 * test/log-scan.ts.)
 */

const lines: string[] = [];
const logger = pino(
  { level: 'trace' },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  }),
);

const t = useTestApp({ logger, trustProxy: true });
const smtp = useAccountMail(t);

/** Every secret the scenario was handed, by what it is. */
const issued = new Map<string, string>();
function keep(what: string, secret: string | undefined): string {
  expect(secret, what).toEqual(expect.any(String));
  expect((secret ?? '').length, what).toBeGreaterThanOrEqual(16);
  issued.set(what, secret ?? '');
  return secret ?? '';
}

const stamp = Date.now();

describe('the logs of every flow that issues a secret', () => {
  let admin: SignedIn;
  let vendor: SignedIn;

  it('sign-in: the captcha challenge, the session token, its session id; a failed sign-in', async () => {
    const challenge = await request(t.app).get('/api/captcha/challenge').expect(200);
    const { signature, parameters } = challenge.body as {
      signature: string;
      parameters: { nonce: string; salt: string };
    };
    keep('captcha signature', signature);
    keep('captcha nonce', parameters.nonce);
    keep('captcha salt', parameters.salt);
    admin = await tokenFor(t, 'system admin');
    vendor = await tokenFor(t, 'vendor');
    keep('admin token', admin.token);
    keep('vendor token', vendor.token);
    const claims = JSON.parse(
      Buffer.from(vendor.token.split('.')[1] ?? '', 'base64url').toString(),
    ) as { jti: string };
    keep('session id (jti)', claims.jti);
    expect((await login(t.app, vendor.user.email, 'Wrong.Password1')).status).toBe(401);
    await request(t.app).get('/api/me/sessions').set(bearer(vendor.token)).expect(200);
  });

  it('forgotten password: the reset link, its check and its use', async () => {
    const person = await tokenFor(t, 'vendor');
    expect((await forgot(t, person.user.email, freshAddress())).status).toBe(200);
    const reset = keep('reset link', await lastToken(t, smtp, person.user.email, 'reset'));
    await tokenStatus(t, reset).expect(200);
    await setPassword(t, reset, NEW_PASSWORD).expect(200);
    await setPassword(t, reset, NEW_PASSWORD).expect(400);
  });

  it('invitations: the mailed link, the link answered without a mail server, the corrected address’s link', async () => {
    const email = `log.invite.${stamp}@example.com`;
    const invited = await request(t.app)
      .post('/api/user/invite')
      .set(bearer(admin.token))
      .send({ name: 'Inés', lastName: 'Log', email, role: 'vendor' })
      .expect(201);
    const { userId } = invited.body as { userId: string };
    keep('invitation link', await lastToken(t, smtp, email, 'invite'));
    const corrected = `log.invite.right.${stamp}@example.com`;
    await request(t.app)
      .put(`/api/user/update/${userId}`)
      .set(bearer(admin.token))
      .send({ name: 'Inés', lastName: 'Log', email: corrected, role: 'vendor' })
      .expect(200);
    const fresh = keep('re-sent invitation link', await lastToken(t, smtp, corrected, 'invite'));
    await tokenStatus(t, fresh).expect(200);
    await setPassword(t, fresh, NEW_PASSWORD).expect(200);

    const smtpUrl = t.ctx.config.mail.smtpUrl;
    t.ctx.config.mail.smtpUrl = undefined;
    try {
      const once = await request(t.app)
        .post('/api/user/invite')
        .set(bearer(admin.token))
        .send({
          name: 'Óscar',
          lastName: 'Log',
          email: `log.once.${stamp}@example.com`,
          role: 'driver',
        })
        .expect(201);
      const link = (once.body as { link?: string }).link ?? '';
      keep('invitation link answered once', new URL(link).searchParams.get('token') ?? undefined);
    } finally {
      t.ctx.config.mail.smtpUrl = smtpUrl;
    }
  });

  it('email change: the confirmation link and its use', async () => {
    const person = await tokenFor(t, 'vendor');
    const newEmail = `log.email.${stamp}@example.com`;
    await request(t.app)
      .post('/api/me/email')
      .set(bearer(person.token))
      .set('X-Forwarded-For', freshAddress())
      .send({ newEmail, currentPassword: PASSWORD })
      .expect(200);
    const link = keep('email-change link', await lastToken(t, smtp, newEmail, 'email'));
    await tokenStatus(t, link).expect(200);
    await request(t.app).post('/api/account/confirm-email').send({ token: link }).expect(200);
  });

  it('calendar feed: its secret address, read right and read wrong', async () => {
    const feed = await request(t.app).post('/api/me/calendar-feed').set(bearer(vendor.token));
    expect(feed.status).toBe(201);
    const { pathname } = new URL((feed.body as { url: string }).url);
    const secret = keep('calendar secret', /^\/api\/calendar\/(.+)\.ics$/.exec(pathname)?.[1]);
    await request(t.app).get(pathname).expect(200);
    await request(t.app)
      .get(`/api/calendar/${secret.slice(1)}x.ics`)
      .expect(404);
    await request(t.app).get(`/api/calendar/${secret}.ics/`).expect(200);
  });

  it('export tickets: the link, its use and its reuse', async () => {
    const linked = await request(t.app)
      .post('/api/form-contact/export/link')
      .set(bearer(vendor.token))
      .send({ format: 'csv' })
      .expect(200);
    const url = (linked.body as { url: string }).url;
    keep('export ticket', new URL(url, APP_URL).searchParams.get('ticket') ?? undefined);
    await request(t.app).get(url).expect(200);
    await request(t.app).get(url);
  });

  it('sign-out, and the account’s links asked with a captcha solved anew', async () => {
    await solvedCaptcha(t.app);
    await request(t.app).post('/api/user/logout').set(bearer(admin.token)).expect(200);
    await request(t.app).get('/api/user/all').set(bearer(admin.token)).expect(401);
  });

  it('then no line logged, at any level, holds any of them', () => {
    const text = lines.join('\n');
    expect(issued.size).toBe(13);
    const found = [...issued].filter(([, secret]) => text.includes(secret)).map(([what]) => what);
    expect(found).toEqual([]);
    // The flows above were logged, by their routes where the path carries a secret.
    expect(text).toContain('GET /api/calendar/:secret.ics 200');
    expect(text).toContain('POST /api/account/set-password 200');
    expect(text).toContain('GET /api/form-contact/export 200');
  });
});
