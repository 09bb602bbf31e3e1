import request from 'supertest';
import jwt from 'jsonwebtoken';
import { describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES, API_MESSAGES, sessionListSchema, type Session } from '@crm/shared';
import {
  addUser,
  bearer,
  PASSWORD,
  solvedCaptcha,
  useTestApp,
  type SignedIn,
} from '../test/test-app.js';

// Issue 23: the caller's signed-in sessions on Perfil, and closing them.

const t = useTestApp({ trustProxy: true });

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_LINUX =
  'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

/** Signs `email` in from a browser at an address; answers the token. */
async function signIn(email: string, userAgent = CHROME_WINDOWS, ip = '203.0.113.7') {
  const res = await request(t.app)
    .post('/api/user/login')
    .set('User-Agent', userAgent)
    .set('X-Forwarded-For', ip)
    .send({ email, password: PASSWORD, altcha: await solvedCaptcha(t.app) });
  expect(res.status).toBe(200);
  return (res.body as { token: string }).token;
}

async function signedIn(userAgent?: string): Promise<SignedIn> {
  const user = await addUser(t.ctx, 'vendor');
  return { user, token: await signIn(user.email, userAgent) };
}

const list = async (token: string): Promise<Session[]> => {
  const res = await request(t.app).get('/api/me/sessions').set(bearer(token));
  expect(res.status).toBe(200);
  return sessionListSchema.parse(res.body);
};
const close = (token: string, id: string) =>
  request(t.app).delete(`/api/me/sessions/${id}`).set(bearer(token));
const closeOthers = (token: string) => request(t.app).delete('/api/me/sessions').set(bearer(token));
const works = async (token: string) =>
  (await request(t.app).get('/api/me/profile').set(bearer(token))).status;
const jtiOf = (token: string) => (jwt.decode(token) as { jti: string }).jti;

describe('GET /api/me/sessions', () => {
  it('when signed in from three browsers, then lists them newest first with browser, system, address and which is this one', async () => {
    const { user, token: windows } = await signedIn(CHROME_WINDOWS);
    const linux = await signIn(user.email, FIREFOX_LINUX, '2001:db8:1:2::99');
    const iphone = await signIn(user.email, SAFARI_IPHONE, '198.51.100.4');
    await signedIn(); // someone else's session is never listed

    const sessions = await list(linux);
    expect(
      sessions.map(({ browser, os, address, current }) => ({ browser, os, address, current })),
    ).toEqual([
      { browser: 'Safari 17', os: 'iOS 17', address: '198.51.100.4', current: false },
      // IPv6 by its /64, as the per-address limits count a client.
      { browser: 'Firefox 133', os: 'Linux', address: '2001:db8:1:2::/64', current: true },
      { browser: 'Chrome 131', os: 'Windows 10', address: '203.0.113.7', current: false },
    ]);
    for (const session of sessions) {
      expect(Date.parse(session.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(session.signedInAt));
    }
    // The ids are opaque: never a token's id.
    const jtis = [windows, linux, iphone].map(jtiOf);
    for (const { id } of sessions) expect(jtis).not.toContain(id);
  });

  it('when the client sends no user agent, then browser and system are empty', async () => {
    const user = await addUser(t.ctx, 'driver');
    const res = await request(t.app)
      .post('/api/user/login')
      .set('User-Agent', '')
      .send({ email: user.email, password: PASSWORD, altcha: await solvedCaptcha(t.app) });
    const [session] = await list((res.body as { token: string }).token);
    expect(session).toMatchObject({ browser: '', os: '', current: true });
  });

  it('when a user has more than 50 sessions, then lists the 50 newest', async () => {
    const { user, token } = await signedIn();
    const long = Date.now() - 24 * 60 * 60_000;
    await t.ctx.models.Session.insertMany(
      Array.from({ length: 55 }, (_, i) => ({
        _id: `old-${i}`,
        publicId: `old-${i}`,
        userId: user._id,
        createdAt: new Date(long + i * 1000),
        lastSeenAt: new Date(long + i * 1000),
        expiresAt: new Date(Date.now() + 60 * 60_000),
      })),
    );
    const sessions = await list(token);
    expect(sessions).toHaveLength(50);
    expect(sessions[0]?.current).toBe(true);
    expect(sessions.at(-1)?.id).toBe('old-6');
  });

  it('when logged out, then that session is gone from the list', async () => {
    const { user, token } = await signedIn();
    const other = await signIn(user.email, FIREFOX_LINUX);
    await request(t.app).post('/api/user/logout').set(bearer(other)).expect(200);
    expect((await list(token)).map((s) => s.current)).toEqual([true]);
  });
});

describe('DELETE /api/me/sessions/:id', () => {
  it('when one session is closed, then its token gets 401 at once and the others keep working', async () => {
    const { user, token } = await signedIn();
    const doomed = await signIn(user.email, FIREFOX_LINUX);
    const kept = await signIn(user.email, SAFARI_IPHONE);
    const target = (await list(token)).find((s) => s.browser === 'Firefox 133');

    const res = await close(token, target?.id ?? '');
    expect(res.status).toBe(200);
    expect(sessionListSchema.parse(res.body).map((s) => s.browser)).toEqual([
      'Safari 17',
      'Chrome 131',
    ]);
    const refused = await request(t.app).get('/api/me/profile').set(bearer(doomed));
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ message: API_MESSAGES.sessionExpired });
    expect(await works(token)).toBe(200);
    expect(await works(kept)).toBe(200);
  });

  it("when the id is another user's session or unknown, then 404 and nothing is closed", async () => {
    const mine = await signedIn();
    const theirs = await signedIn();
    const [their] = await list(theirs.token);
    for (const id of [their?.id ?? '', 'no-such-session']) {
      const res = await close(mine.token, id);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: ACCOUNT_MESSAGES.sessionNotFound });
    }
    expect(await works(theirs.token)).toBe(200);
  });

  it('when the current session is closed, then it is signed out', async () => {
    const { token } = await signedIn();
    const [current] = await list(token);
    expect((await close(token, current?.id ?? '')).body).toEqual([]);
    expect(await works(token)).toBe(401);
  });
});

describe('DELETE /api/me/sessions', () => {
  it('when the others are closed, then only this one is left and works', async () => {
    const { user, token } = await signedIn();
    const others = [await signIn(user.email, FIREFOX_LINUX), await signIn(user.email)];
    const bystander = await signedIn();

    const res = await closeOthers(token);
    expect(res.status).toBe(200);
    expect(sessionListSchema.parse(res.body)).toEqual([
      expect.objectContaining({ current: true, browser: 'Chrome 131' }),
    ]);
    for (const other of others) expect(await works(other)).toBe(401);
    expect(await works(token)).toBe(200);
    expect(await works(bystander.token)).toBe(200);
  });
});

describe('Last seen', () => {
  const stored = async (token: string) =>
    (await t.ctx.models.Session.findById(jtiOf(token)).lean())?.lastSeenAt.getTime() ?? 0;
  const setStored = (token: string, at: number) =>
    t.ctx.models.Session.updateOne({ _id: jtiOf(token) }, { $set: { lastSeenAt: new Date(at) } });

  it('when a call comes a minute or more after the last one recorded, then it is recorded; sooner, it is not', async () => {
    const { token } = await signedIn();
    const twoMinutesAgo = Date.now() - 2 * 60_000;
    await setStored(token, twoMinutesAgo);
    const before = Date.now();
    expect(await works(token)).toBe(200);
    // Written after the answer (not awaited by the call).
    await vi.waitFor(async () => expect(await stored(token)).toBeGreaterThanOrEqual(before));
    const recorded = await stored(token);

    expect(await works(token)).toBe(200);
    expect(await works(token)).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await stored(token)).toBe(recorded);

    const halfAMinuteAgo = Date.now() - 30_000;
    await setStored(token, halfAMinuteAgo);
    expect(await works(token)).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await stored(token)).toBe(halfAMinuteAgo);
    const [session] = await list(token);
    expect(Date.parse(session?.lastSeenAt ?? '')).toBe(halfAMinuteAgo);
  });
});
