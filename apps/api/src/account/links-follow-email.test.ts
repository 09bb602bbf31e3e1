import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MAIL, ACCOUNT_MESSAGES, type User } from '@crm/shared';
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
  APP_URL,
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

// Issue 32, finding 2: links die with the address they were sent to, whoever changes it.

const t = useTestApp({ trustProxy: true });
const { admin } = useSignedInRoles(t);
const smtp = useAccountMail(t);

let counter = 0;
const address = (what: string) => `${what}${++counter}.${Date.now()}@example.com`;

/** PUT /api/user/update/:id as the admin, changing only the email. */
const adminSetsEmail = (user: Pick<User, '_id' | 'name' | 'lastName' | 'role'>, email: string) =>
  request(t.app)
    .put(`/api/user/update/${user._id}`)
    .set(bearer(admin.token))
    .send({ name: user.name, lastName: user.lastName, email, role: user.role });

async function linkMailedTo(email: string, purpose: 'reset' | 'invite' | 'email') {
  const token = await lastToken(t, smtp, email, purpose);
  if (!token) throw new Error(`no ${purpose} link was mailed to ${email}`);
  return token;
}

const subjectsTo = async (email: string) =>
  (await mailsTo(t, smtp, email)).map((mail) => mail.subject);

describe('when an admin corrects the address of an invitation', () => {
  it('then the link mailed to the typo is refused, the new address gets a fresh one that works, and the typo is told', async () => {
    const typo = address('invitda');
    const right = address('invitada');
    const invited = await request(t.app)
      .post('/api/user/invite')
      .set(bearer(admin.token))
      .send({ name: 'Inés', lastName: 'Invitada', email: typo, role: 'system admin' });
    expect(invited.status).toBe(201);
    const { userId } = invited.body as { userId: string };
    const typoLink = await linkMailedTo(typo, 'invite');

    const res = await adminSetsEmail(
      { _id: userId, name: 'Inés', lastName: 'Invitada', role: 'system admin' },
      right,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: right, invitationPending: true });

    expect((await tokenStatus(t, typoLink)).body).toEqual(TOKEN_INVALID);
    expect((await setPassword(t, typoLink, NEW_PASSWORD)).body).toEqual(TOKEN_INVALID);
    expect(await subjectsTo(typo)).toEqual([
      ACCOUNT_MAIL.inviteSubject,
      ACCOUNT_MAIL.emailChangedSubject,
    ]);
    const [notice] = (await mailsTo(t, smtp, typo)).slice(-1);
    expect(notice?.text).toContain('Hola Inés');
    // The typo's mailbox learns nothing of where the account went.
    expect(notice?.text).not.toContain(right);

    const freshLink = await linkMailedTo(right, 'invite');
    expect(freshLink).not.toBe(typoLink);
    expect((await tokenStatus(t, freshLink)).body).toEqual({
      purpose: 'invite',
      email: right,
      name: 'Inés',
    });
    expect((await setPassword(t, freshLink, NEW_PASSWORD)).body).toEqual({
      message: ACCOUNT_MESSAGES.invitationAccepted,
    });
    expect((await login(t.app, right, NEW_PASSWORD)).status).toBe(200);
    expect((await login(t.app, typo, NEW_PASSWORD)).status).toBe(401);
  });

  it('then an edit that keeps the address sends nothing and the link still works', async () => {
    const email = address('igual');
    const invited = await request(t.app)
      .post('/api/user/invite')
      .set(bearer(admin.token))
      .send({ name: 'Iván', lastName: 'Igual', email, role: 'vendor' });
    const { userId } = invited.body as { userId: string };
    const link = await linkMailedTo(email, 'invite');
    const res = await adminSetsEmail(
      { _id: userId, name: 'Iván', lastName: 'Otro', role: 'vendor' },
      email.toUpperCase(),
    );
    expect(res.status).toBe(200);
    expect(await subjectsTo(email)).toEqual([ACCOUNT_MAIL.inviteSubject]);
    expect((await tokenStatus(t, link)).body).toMatchObject({ purpose: 'invite', email });
  });
});

describe('when an admin changes a user’s email', () => {
  it('then a pending reset link is refused and the old address is told', async () => {
    const person = await tokenFor(t, 'vendor');
    expect((await forgot(t, person.user.email, freshAddress())).status).toBe(200);
    const reset = await linkMailedTo(person.user.email, 'reset');
    const newEmail = address('cambiada');

    expect((await adminSetsEmail(person.user, newEmail)).status).toBe(200);

    expect((await setPassword(t, reset, NEW_PASSWORD)).body).toEqual(TOKEN_INVALID);
    expect((await login(t.app, newEmail, PASSWORD)).status).toBe(200);
    expect(await subjectsTo(person.user.email)).toEqual([
      ACCOUNT_MAIL.resetSubject,
      ACCOUNT_MAIL.emailChangedSubject,
    ]);
    // Not an invitation: nothing goes to the new address.
    expect(await mailsTo(t, smtp, newEmail)).toEqual([]);
  });

  it('then the user’s own pending email-change link is refused', async () => {
    const person = await tokenFor(t, 'vendor');
    const asked = address('pedida');
    await request(t.app)
      .post('/api/me/email')
      .set(bearer(person.token))
      .set('X-Forwarded-For', freshAddress())
      .send({ newEmail: asked, currentPassword: PASSWORD })
      .expect(200);
    const link = await linkMailedTo(asked, 'email');

    expect((await adminSetsEmail(person.user, address('admin'))).status).toBe(200);

    const confirmed = await request(t.app).post('/api/account/confirm-email').send({ token: link });
    expect(confirmed.body).toEqual(TOKEN_INVALID);
    expect((await login(t.app, asked, PASSWORD)).status).toBe(401);
  });
});

describe('when a user confirms their own email change', () => {
  async function changeOwnEmail(person: SignedIn, newEmail: string) {
    await request(t.app)
      .post('/api/me/email')
      .set(bearer(person.token))
      .set('X-Forwarded-For', freshAddress())
      .send({ newEmail, currentPassword: PASSWORD })
      .expect(200);
    const token = await linkMailedTo(newEmail, 'email');
    await request(t.app).post('/api/account/confirm-email').send({ token }).expect(200);
  }

  it('then the old address is told, without the new one, and its pending reset link is refused', async () => {
    const person = await tokenFor(t, 'vendor');
    expect((await forgot(t, person.user.email, freshAddress())).status).toBe(200);
    const reset = await linkMailedTo(person.user.email, 'reset');
    const newEmail = address('propia');

    await changeOwnEmail(person, newEmail);

    expect((await setPassword(t, reset, NEW_PASSWORD)).body).toEqual(TOKEN_INVALID);
    const mails = await mailsTo(t, smtp, person.user.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      ACCOUNT_MAIL.resetSubject,
      ACCOUNT_MAIL.emailChangedSubject,
    ]);
    expect(mails[1]?.text).toContain(`Hola ${person.user.name}`);
    expect(mails[1]?.text).not.toContain(newEmail);
    expect(mails[1]?.text).not.toContain(APP_URL);
    // The new address got only its confirmation link.
    expect(await subjectsTo(newEmail)).toEqual([ACCOUNT_MAIL.emailChangeSubject]);
  });
});
