import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@crm/shared';
import { bearer, login, PASSWORD, tokenFor, useTestApp, type SignedIn } from '../test/test-app.js';
import {
  NEW_PASSWORD,
  forgot,
  lastToken,
  setPassword,
  useAccountMail,
} from '../test/account-links.js';

// Issue 32, finding 6: the calendar feed's secret ends with the sessions someone else may hold.

const t = useTestApp({ trustProxy: true });
const smtp = useAccountMail(t);

/** The feed's path, as Perfil shows it once. */
async function newFeed(person: SignedIn): Promise<string> {
  const res = await request(t.app).post('/api/me/calendar-feed').set(bearer(person.token));
  expect(res.status).toBe(201);
  return new URL((res.body as { url: string }).url).pathname;
}

const feedStatus = async (path: string) => (await request(t.app).get(path)).status;

const hasFeed = async (person: SignedIn) => {
  const res = await request(t.app).get('/api/me/preferences').set(bearer(person.token));
  expect(res.status).toBe(200);
  return (res.body as { calendarFeed: boolean }).calendarFeed;
};

/** A feed that works before `action`; after it, refused, and Perfil can make a new one. */
async function expectRevokedBy(person: SignedIn, action: () => Promise<SignedIn>) {
  const old = await newFeed(person);
  expect(await feedStatus(old)).toBe(200);

  const after = await action();

  expect(await feedStatus(old)).toBe(404);
  expect(await hasFeed(after)).toBe(false);
  const fresh = await newFeed(after);
  expect(await feedStatus(fresh)).toBe(200);
}

describe('the calendar feed', () => {
  it('when the password is reset through a mailed link, then the old feed address is refused', async () => {
    const person = await tokenFor(t, 'vendor');
    await expectRevokedBy(person, async () => {
      expect((await forgot(t, person.user.email)).status).toBe(200);
      const token = (await lastToken(t, smtp, person.user.email, 'reset')) ?? '';
      expect((await setPassword(t, token, NEW_PASSWORD)).body).toEqual({
        message: ACCOUNT_MESSAGES.passwordReset,
      });
      const signedIn = await login(t.app, person.user.email, NEW_PASSWORD);
      return { user: person.user, token: (signedIn.body as { token: string }).token };
    });
  });

  it('when "Cerrar las demás sesiones" is used, then the old feed address is refused', async () => {
    const person = await tokenFor(t, 'vendor');
    await expectRevokedBy(person, async () => {
      await request(t.app).delete('/api/me/sessions').set(bearer(person.token)).expect(200);
      return person;
    });
  });

  it('when the password is changed in Perfil, then the old feed address is refused', async () => {
    const person = await tokenFor(t, 'vendor');
    await expectRevokedBy(person, async () => {
      await request(t.app)
        .post('/api/me/password')
        .set(bearer(person.token))
        .send({ currentPassword: PASSWORD, password: NEW_PASSWORD })
        .expect(200);
      return person;
    });
  });

  it('when only this session is closed (a sign-out), then the feed keeps working', async () => {
    const person = await tokenFor(t, 'vendor');
    const feed = await newFeed(person);
    await request(t.app).post('/api/user/logout').set(bearer(person.token));
    expect(await feedStatus(feed)).toBe(200);
  });
});
