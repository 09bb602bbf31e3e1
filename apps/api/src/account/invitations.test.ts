import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_LIMITS,
  ACCOUNT_MAIL,
  ACCOUNT_MESSAGES,
  API_MESSAGES,
  LOGIN_MESSAGES,
  invitationSchema,
} from '@crm/shared';
import { bearer, login, UNKNOWN_ID, useSignedInRoles, useTestApp } from '../test/test-app.js';
import {
  lastToken,
  mailsTo,
  setPassword,
  tokenStatus,
  useAccountMail,
} from '../test/account-links.js';

// Issue 23: a system admin invites a colleague, who sets their own password from a 7-day link.

const t = useTestApp();
const { admin, vendor } = useSignedInRoles(t);
const smtp = useAccountMail(t);

const PASSWORD = 'Invitada.123';
let counter = 0;
const newcomer = () => ({
  name: 'Inés',
  lastName: 'Invitada',
  email: `invitada${++counter}.${Date.now()}@example.com`,
  role: 'vendor' as const,
});

const invite = (body: object, token = admin.token) =>
  request(t.app).post('/api/user/invite').set(bearer(token)).send(body);
const resend = (id: string, token = admin.token) =>
  request(t.app).post(`/api/user/invite/${id}`).set(bearer(token)).send();
const listed = async (email: string) => {
  const res = await request(t.app).get('/api/user/all').set(bearer(admin.token));
  return (res.body as { email: string; invitationPending?: boolean }[]).find(
    (user) => user.email === email,
  );
};

describe('POST /api/user/invite', () => {
  it('when an admin invites, then the person is listed as invited, can’t sign in, and sets their own password from the mailed link', async () => {
    const body = newcomer();
    const res = await invite({ ...body, email: body.email.toUpperCase() });
    expect(res.status).toBe(201);
    const invitation = invitationSchema.parse(res.body);
    expect(invitation).toEqual({
      message: ACCOUNT_MESSAGES.invitationSent(body.email),
      userId: expect.any(String) as unknown,
    });
    expect(await listed(body.email)).toMatchObject({ invitationPending: true, role: 'vendor' });
    const attempt = await login(t.app, body.email, PASSWORD);
    expect(attempt.status).toBe(401);
    expect(attempt.body).toEqual({ message: LOGIN_MESSAGES.invalidCredentials });

    const [mail] = await mailsTo(t, smtp, body.email);
    expect(mail?.subject).toBe(ACCOUNT_MAIL.inviteSubject);
    expect(mail?.text).toContain('Hola Inés');
    const token = (await lastToken(t, smtp, body.email, 'invite')) ?? '';
    expect((await tokenStatus(t, token)).body).toEqual({
      purpose: 'invite',
      email: body.email,
      name: 'Inés',
    });
    const set = await setPassword(t, token, PASSWORD);
    expect(set.body).toEqual({ message: ACCOUNT_MESSAGES.invitationAccepted });
    expect((await login(t.app, body.email, PASSWORD)).status).toBe(200);
    const user = await listed(body.email);
    expect(user).toBeDefined();
    expect(user).not.toHaveProperty('invitationPending');
    // Nothing left to accept.
    const again = await resend(invitation.userId);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: ACCOUNT_MESSAGES.invitationAlreadyAccepted });
  });

  it('when the server sends no email, then the answer carries the link once, and it works', async () => {
    const body = newcomer();
    const { mail } = t.ctx.config;
    t.ctx.config.mail = { ...mail, smtpUrl: undefined };
    let link = '';
    try {
      const res = await invite(body);
      expect(res.status).toBe(201);
      const invitation = invitationSchema.parse(res.body);
      expect(invitation.message).toBe(ACCOUNT_MESSAGES.invitationLinkOnce);
      link = invitation.link ?? '';
      expect(link).toMatch(/^https:\/\/crm\.example\.com\/invitacion\?token=[\w-]{43}$/);
      // Shown once: the list never carries it.
      const list = await request(t.app).get('/api/user/all').set(bearer(admin.token));
      expect(JSON.stringify(list.body)).not.toContain(link);
    } finally {
      t.ctx.config.mail = mail;
    }
    expect(await mailsTo(t, smtp, body.email)).toEqual([]);
    const token = new URL(link).searchParams.get('token') ?? '';
    expect((await setPassword(t, token, PASSWORD)).status).toBe(200);
    expect((await login(t.app, body.email, PASSWORD)).status).toBe(200);
  });

  it('when the email is taken, in any case, then 409 on `email`', async () => {
    const res = await invite({ ...newcomer(), email: vendor.user.email.toUpperCase() });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ errors: [{ path: 'email' }] });
  });

  it('when a vendor or driver invites or resends, then 403', async () => {
    expect((await invite(newcomer(), vendor.token)).status).toBe(403);
    expect((await resend(vendor.user._id, vendor.token)).status).toBe(403);
  });

  it('when a field is missing, then 400 naming it', async () => {
    const res = await invite({ ...newcomer(), name: ' ' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errors: [{ path: 'name' }] });
  });
});

describe('POST /api/user/invite/:id', () => {
  it('when an invitation is sent again, then the older link stops working and the newer one works', async () => {
    const body = newcomer();
    const { userId } = invitationSchema.parse((await invite(body)).body);
    const older = (await lastToken(t, smtp, body.email, 'invite')) ?? '';
    const res = await resend(userId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: ACCOUNT_MESSAGES.invitationSent(body.email), userId });
    const newer = (await lastToken(t, smtp, body.email, 'invite')) ?? '';
    expect(newer).not.toBe(older);
    expect((await setPassword(t, older, PASSWORD)).status).toBe(400);
    expect((await setPassword(t, newer, PASSWORD)).status).toBe(200);
  });

  it('when invitations to one address pass the hourly limit, then 429 in Spanish with Retry-After', async () => {
    const body = newcomer();
    const { userId } = invitationSchema.parse((await invite(body)).body);
    for (let i = 1; i < ACCOUNT_LIMITS.invitePerEmailPerHour; i++) {
      expect((await resend(userId)).status).toBe(200);
    }
    const refused = await resend(userId);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: ACCOUNT_MESSAGES.tooManyEmails(60) });
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await mailsTo(t, smtp, body.email)).toHaveLength(ACCOUNT_LIMITS.invitePerEmailPerHour);
  });

  it('when the user does not exist, then 404', async () => {
    const res = await resend(UNKNOWN_ID);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: API_MESSAGES.userNotFound });
  });
});
