import type { Express } from 'express';
import request from 'supertest';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@crm/shared';
import { DEFAULT_LOGIN_THROTTLE } from '../config/env.js';
import { addUser, PASSWORD, solvedCaptcha, startTestApp, type TestApp } from '../test/test-app.js';
import { waitBefore } from './login-throttle.js';

const WRONG = 'Wrong.Pass1';

/** A sign-in from `ip` (these apps trust X-Forwarded-For), with a fresh captcha unless given one. */
async function signIn(
  app: Express,
  email: string,
  password: string,
  ip?: string,
  altcha?: string,
): Promise<request.Response> {
  const body = { email, password, altcha: altcha ?? (await solvedCaptcha(app)) };
  const req = request(app).post('/api/user/login');
  return ip ? req.set('X-Forwarded-For', ip).send(body) : req.send(body);
}

/** Retry-After in seconds, after checking it is a whole number of seconds within [1, maxS]. */
function retryAfter(res: request.Response, maxS: number): number {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ message: API_MESSAGES.tooManyLoginAttempts });
  const header = String(res.headers['retry-after']);
  expect(header).toMatch(/^\d+$/);
  const seconds = Number(header);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(maxS);
  return seconds;
}

async function withApp(options: Parameters<typeof startTestApp>[0], run: (t: TestApp) => unknown) {
  const t = await startTestApp({ trustProxy: true, ...options });
  try {
    await run(t);
  } finally {
    await t.close();
  }
}

describe('Sign-in brake', () => {
  it('checks at most the limit of wrong passwords when 29 wrong and 1 right arrive at once', () =>
    withApp(
      { loginThrottle: { pair: { freeFailures: 10, firstDelayMs: 60_000, maxDelayMs: 60_000 } } },
      async ({ app, ctx }) => {
        const user = await addUser(ctx, 'vendor');
        const captchas = await Promise.all(Array.from({ length: 30 }, () => solvedCaptcha(app)));
        const responses = await Promise.all(
          captchas.map((altcha, i) =>
            signIn(app, user.email, i === 20 ? PASSWORD : WRONG, '10.0.0.1', altcha),
          ),
        );
        const count = (status: number) => responses.filter((r) => r.status === status).length;
        // The right one may be among those let through; wrong ones never exceed the limit.
        expect(count(401)).toBeLessThanOrEqual(10);
        expect(count(429)).toBeGreaterThanOrEqual(19);
        expect(count(401) + count(429) + count(200)).toBe(30);
        for (const res of responses.filter((r) => r.status === 429)) retryAfter(res, 60);
      },
    ));

  it('when one host rotates through the addresses of its IPv6 /64, then the brake counts them as one address', () =>
    withApp(
      { loginThrottle: { pair: { freeFailures: 3, firstDelayMs: 60_000, maxDelayMs: 60_000 } } },
      async ({ app, ctx }) => {
        const user = await addUser(ctx, 'vendor');
        const statuses = [];
        for (let i = 1; i <= 5; i++) {
          statuses.push((await signIn(app, user.email, WRONG, `2001:db8:1:2::${i}`)).status);
        }
        expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
        for (const status of statuses.slice(3)) expect(status).toBe(429);
        // Another /64 is another address.
        expect((await signIn(app, user.email, WRONG, '2001:db8:1:3::1')).status).toBe(401);
      },
    ));

  it("does not let an attacker's failures from other addresses keep the owner out", () =>
    withApp(
      {
        loginThrottle: {
          pair: { freeFailures: 3, firstDelayMs: 60_000, maxDelayMs: 15 * 60_000 },
          account: { freeFailures: 6, firstDelayMs: 60_000, maxDelayMs: 60_000 },
        },
      },
      async ({ app, ctx }) => {
        const victim = await addUser(ctx, 'system admin');
        expect((await signIn(app, victim.email, PASSWORD, '10.0.0.1')).status).toBe(200);

        // One attacking address is stopped after its own 3 failures, for minutes...
        const attacker = [];
        for (let i = 0; i < 8; i++)
          attacker.push(await signIn(app, victim.email, WRONG, '6.6.6.6'));
        expect(attacker.map((r) => r.status)).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
        for (const res of attacker.slice(3)) retryAfter(res, 60);
        // ...and the owner, from home and from a new address, is not.
        expect((await signIn(app, victim.email, PASSWORD, '10.0.0.1')).status).toBe(200);
        expect((await signIn(app, victim.email, PASSWORD, '10.0.0.2')).status).toBe(200);

        // Many attacking addresses: a new address then waits (a minute at most here), but the
        // addresses the owner has signed in from are not slowed.
        for (const ip of ['7.7.7.1', '7.7.7.2', '7.7.7.3'])
          for (let i = 0; i < 3; i++) await signIn(app, victim.email, WRONG, ip);
        retryAfter(await signIn(app, victim.email, PASSWORD, '10.0.0.3'), 60);
        expect((await signIn(app, victim.email, PASSWORD, '10.0.0.1')).status).toBe(200);
        expect((await signIn(app, victim.email, PASSWORD, '10.0.0.2')).status).toBe(200);
      },
    ));

  it('gives an address failing against many emails only short waits, and no admin lockout', () =>
    withApp(
      { loginThrottle: { address: { freeFailures: 5, firstDelayMs: 1000, maxDelayMs: 2000 } } },
      async ({ app, ctx }) => {
        const office = '10.1.1.1';
        const admin = await addUser(ctx, 'system admin');
        const colleague = await addUser(ctx, 'vendor');
        expect((await signIn(app, admin.email, PASSWORD, office)).status).toBe(200);

        // Someone behind the office's address sprays emails.
        const spray = [];
        for (let i = 0; i < 12; i++)
          spray.push(await signIn(app, `x${i}@example.com`, WRONG, office));
        // The first 5 are free; then at most one more per 1-2 s gets through.
        expect(spray.slice(0, 5).map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
        const refused = spray.slice(5).filter((r) => r.status !== 401);
        expect(refused.length).toBeGreaterThan(0);
        for (const res of refused) retryAfter(res, 2);

        // The admin, known at the office and new elsewhere, signs in at once.
        expect((await signIn(app, admin.email, PASSWORD, office)).status).toBe(200);
        expect((await signIn(app, admin.email, PASSWORD, '10.2.2.2')).status).toBe(200);
        // A colleague new at that address waits seconds at most, then gets in.
        let colleagueRes = await signIn(app, colleague.email, PASSWORD, office);
        if (colleagueRes.status === 429) {
          await sleep(retryAfter(colleagueRes, 2) * 1000);
          colleagueRes = await signIn(app, colleague.email, PASSWORD, office);
        }
        expect(colleagueRes.status).toBe(200);
      },
    ));

  it('answers 429 with a Retry-After in whole seconds that grows and is enough to wait, across processes', () =>
    withApp(
      { loginThrottle: { pair: { freeFailures: 2, firstDelayMs: 1000, maxDelayMs: 4000 } } },
      async (t) => {
        const other = await startTestApp({
          dbName: t.dbName,
          loginThrottle: t.ctx.config.loginThrottle,
        });
        try {
          const user = await addUser(t.ctx, 'vendor');
          expect((await signIn(t.app, user.email, WRONG)).status).toBe(401);
          expect((await signIn(other.app, user.email, WRONG)).status).toBe(401);
          // Even the right password, and on the other process.
          const first = retryAfter(await signIn(other.app, user.email, PASSWORD), 4);
          await sleep(first * 1000);
          expect((await signIn(t.app, user.email, WRONG)).status).toBe(401);
          const second = retryAfter(await signIn(t.app, user.email, PASSWORD), 4);
          expect(second).toBeGreaterThanOrEqual(first);
          await sleep(second * 1000);
          expect((await signIn(other.app, user.email, PASSWORD)).status).toBe(200);
        } finally {
          await other.close();
        }
      },
    ));

  it('forgets failures after a quiet window', () =>
    withApp(
      {
        loginThrottle: {
          pair: { freeFailures: 1, firstDelayMs: 60_000, maxDelayMs: 60_000 },
          windowMs: 500,
        },
      },
      async ({ app, ctx }) => {
        const user = await addUser(ctx, 'vendor');
        expect((await signIn(app, user.email, WRONG)).status).toBe(401);
        retryAfter(await signIn(app, user.email, PASSWORD), 60);
        await sleep(600);
        expect((await signIn(app, user.email, PASSWORD)).status).toBe(200);
      },
    ));

  it('waits by the documented default numbers', () => {
    const { pair, account, address } = DEFAULT_LOGIN_THROTTLE;
    const seconds = (n: number, rule: typeof pair) => waitBefore(n, rule) / 1000;
    expect([5, 6, 7, 8, 10, 15, 16, 17].map((n) => seconds(n, pair))).toEqual([
      0, 1, 3, 7, 31, 1023, 1923, 2823,
    ]);
    expect([20, 21, 26, 27, 28].map((n) => seconds(n, account))).toEqual([0, 1, 63, 123, 183]);
    expect([50, 51, 56, 57].map((n) => seconds(n, address))).toEqual([0, 1, 63, 123]);
  });
});
