import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { CALENDAR_SECRET_PATTERN, FIELD_MESSAGES, preferencesSchema } from '@crm/shared';
import { bearer, tokenFor, useSignedInRoles, useTestApp } from '../test/test-app.js';
import { calendarSecretHash } from './preferences.service.js';

// Issue 20: each user's own preferences (zone, reminder emails) and their calendar feed's secret.

const t = useTestApp();
const { vendor, driver } = useSignedInRoles(t);

const get = (token: string) => request(t.app).get('/api/me/preferences').set(bearer(token));
const patch = (token: string, body: object) =>
  request(t.app).patch('/api/me/preferences').set(bearer(token)).send(body);
const newFeed = (token: string) => request(t.app).post('/api/me/calendar-feed').set(bearer(token));

afterEach(() => {
  t.ctx.config.appUrl = undefined;
});

describe('GET /api/me/preferences', () => {
  it('when nothing was set, then the product’s zone is in effect, both reminder emails are on and the customer mail notice off', async () => {
    const res = await get(driver.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      timeZone: null,
      effectiveTimeZone: t.ctx.config.timeZone,
      emailDigest: true,
      emailReminders: true,
      emailCustomerMail: false,
      calendarFeed: false,
    });
  });
});

describe('PATCH /api/me/preferences', () => {
  it('when fields are sent, then only they change, for the caller only; a null zone goes back to the product’s', async () => {
    const res = await patch(vendor.token, { timeZone: 'Europe/Madrid', emailReminders: false });
    expect(res.status).toBe(200);
    expect(preferencesSchema.parse(res.body)).toEqual({
      timeZone: 'Europe/Madrid',
      effectiveTimeZone: 'Europe/Madrid',
      emailDigest: true,
      emailReminders: false,
      emailCustomerMail: false,
      calendarFeed: false,
    });
    expect((await get(vendor.token)).body).toEqual(res.body);
    expect((await get(driver.token)).body).toMatchObject({ timeZone: null, emailReminders: true });

    const reset = await patch(vendor.token, { timeZone: null });
    expect(reset.body).toMatchObject({
      timeZone: null,
      effectiveTimeZone: t.ctx.config.timeZone,
      emailReminders: false,
    });
  });

  it('when the customer mail notice is turned on (issue 35), then it stays on until turned off, the rest unchanged', async () => {
    const { token } = await tokenFor(t, 'vendor');
    const on = await patch(token, { emailCustomerMail: true });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ emailCustomerMail: true, emailDigest: true });
    expect((await get(token)).body).toMatchObject({ emailCustomerMail: true });
    expect((await patch(token, { emailDigest: false })).body).toMatchObject({
      emailCustomerMail: true,
      emailDigest: false,
    });
    expect((await patch(token, { emailCustomerMail: false })).body).toMatchObject({
      emailCustomerMail: false,
    });
    expect((await get(token)).body).toMatchObject({ emailCustomerMail: false });
  });

  it.each([
    ['timeZone', { timeZone: 'Mars/Olympus' }],
    ['timeZone', { timeZone: 42 }],
    ['emailDigest', { emailDigest: 'yes' }],
    ['emailCustomerMail', { emailCustomerMail: 'sí' }],
  ])('when %s is bad (%j), then 400 names it', async (path, body) => {
    const res = await patch(vendor.token, body);
    expect(res.status).toBe(400);
    expect((res.body as { errors: { path: string }[] }).errors.map((e) => e.path)).toContain(path);
  });

  it('when the zone is unknown, then the message says so', async () => {
    const res = await patch(vendor.token, { timeZone: 'Mars/Olympus' });
    expect(res.body).toMatchObject({
      errors: [{ path: 'timeZone', message: FIELD_MESSAGES.timeZoneInvalid }],
    });
  });

  it('when an unknown field is sent (the calendar secret), then 400', async () => {
    const res = await patch(vendor.token, { calendarSecretHash: 'x' });
    expect(res.status).toBe(400);
  });
});

describe('POST and DELETE /api/me/calendar-feed', () => {
  const secretOf = (url: string) => /\/api\/calendar\/([^/]+)\.ics$/.exec(url)?.[1] ?? '';
  const stored = async (userId: string) =>
    (
      await t.ctx.models.User.findById(userId, '+calendarSecretHash').lean<{
        calendarSecretHash?: string;
      }>()
    )?.calendarSecretHash;

  it('when created, then the address holds 43 random characters shown once, and only their hash is stored', async () => {
    const res = await newFeed(vendor.token);
    expect(res.status).toBe(201);
    const { url } = res.body as { url: string };
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const secret = secretOf(url);
    expect(secret).toMatch(CALENDAR_SECRET_PATTERN);
    expect(await stored(vendor.user._id)).toBe(calendarSecretHash(secret));
    expect(await stored(vendor.user._id)).toMatch(/^[0-9a-f]{64}$/);
    expect((await get(vendor.token)).body).toMatchObject({ calendarFeed: true });
    expect(JSON.stringify((await get(vendor.token)).body)).not.toContain(secret);
  });

  it('when APP_URL is set, then the address is on it', async () => {
    t.ctx.config.appUrl = 'https://crm.example.com';
    const { url } = (await newFeed(driver.token)).body as { url: string };
    expect(url).toMatch(/^https:\/\/crm\.example\.com\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  });

  it('when created again, then the earlier address stops working; revoked, neither works', async () => {
    const first = new URL((await newFeed(vendor.token)).body.url as string).pathname;
    await request(t.app).get(first).expect(200);
    const second = new URL((await newFeed(vendor.token)).body.url as string).pathname;
    expect(second).not.toBe(first);
    await request(t.app).get(first).expect(404);
    await request(t.app).get(second).expect(200);

    const revoked = await request(t.app).delete('/api/me/calendar-feed').set(bearer(vendor.token));
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ calendarFeed: false });
    await request(t.app).get(second).expect(404);
    expect(await stored(vendor.user._id)).toBeUndefined();
  });

  it('when two users revoke theirs, then both are without a feed (the unique index holds no nulls)', async () => {
    await request(t.app).delete('/api/me/calendar-feed').set(bearer(vendor.token)).expect(200);
    await request(t.app).delete('/api/me/calendar-feed').set(bearer(driver.token)).expect(200);
    expect((await newFeed(vendor.token)).status).toBe(201);
  });
});
