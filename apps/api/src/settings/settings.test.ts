import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  API_MESSAGES,
  DEFAULT_STALE_DAYS,
  FIELD_MESSAGES,
  MAX_STALE_DAYS,
  settingsSchema,
  type Settings,
} from '@crm/shared';
import { bearer, useSignedInRoles, useTestApp } from '../test/test-app.js';

// Issue 20: the product settings, "Ajustes": days per stage before a card shows "Estancada".

const t = useTestApp();
const roles = useSignedInRoles(t);

// Each test starts from nothing saved.
beforeEach(async () => {
  await t.ctx.models.Settings.deleteMany({});
});

const SETTINGS = '/api/settings';
const get = (token: string) => request(t.app).get(SETTINGS).set(bearer(token));
const put = (token: string, body: object) =>
  request(t.app).put(SETTINGS).set(bearer(token)).send(body);

const CHANGED = { ...DEFAULT_STALE_DAYS, contacted: 3, 'follow up': null };

describe('GET /api/settings', () => {
  it.each(['admin', 'vendor', 'driver'] as const)(
    'when nothing was saved, then a %s reads the defaults at version 0',
    async (role) => {
      const res = await get(roles[role].token);
      expect(res.status).toBe(200);
      expect(settingsSchema.parse(res.body)).toEqual({
        staleDays: DEFAULT_STALE_DAYS,
        version: 0,
      });
    },
  );

  it('when a stage is missing from what is stored, then it reads as its default', async () => {
    await t.ctx.models.Settings.collection.insertOne({
      _id: 'settings' as never,
      staleDays: { contacted: 9 },
      version: 4,
    });
    expect((await get(roles.vendor.token)).body).toEqual({
      staleDays: { ...DEFAULT_STALE_DAYS, contacted: 9 },
      version: 4,
    });
  });

  it('when no one is signed in, then 401', async () => {
    expect((await request(t.app).get(SETTINGS)).status).toBe(401);
  });
});

describe('PUT /api/settings', () => {
  it('when an admin saves from the version read, then it is stored (+1) and everyone reads it', async () => {
    const saved = await put(roles.admin.token, { staleDays: CHANGED, version: 0 });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ staleDays: CHANGED, version: 1 });
    expect((await get(roles.driver.token)).body).toEqual({ staleDays: CHANGED, version: 1 });

    const again = await put(roles.admin.token, { staleDays: DEFAULT_STALE_DAYS, version: 1 });
    expect(again.body).toEqual({ staleDays: DEFAULT_STALE_DAYS, version: 2 });
  });

  it('when the version read is stale, then 409 with the settings stored now, and nothing changes', async () => {
    await put(roles.admin.token, { staleDays: CHANGED, version: 0 }).expect(200);
    const stale = await put(roles.admin.token, { staleDays: DEFAULT_STALE_DAYS, version: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      message: API_MESSAGES.settingsConflict,
      current: { settings: { staleDays: CHANGED, version: 1 } },
    });
    const ahead = await put(roles.admin.token, { staleDays: DEFAULT_STALE_DAYS, version: 7 });
    expect(ahead.status).toBe(409);
    expect((await get(roles.admin.token)).body).toEqual({ staleDays: CHANGED, version: 1 });
  });

  it('when two admins save from the defaults at once, then one wins and the other gets 409', async () => {
    const answers = await Promise.all([
      put(roles.admin.token, { staleDays: CHANGED, version: 0 }),
      put(roles.admin.token, { staleDays: DEFAULT_STALE_DAYS, version: 0 }),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    const stored = settingsSchema.parse((await get(roles.admin.token)).body);
    const winner = answers.find((res) => res.status === 200)?.body as Settings;
    expect(stored).toEqual(winner);
  });

  it.each(['vendor', 'driver'] as const)(
    'when a %s saves, then 403 and nothing changes',
    async (role) => {
      const res = await put(roles[role].token, { staleDays: CHANGED, version: 0 });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: API_MESSAGES.forbidden });
      expect((await get(roles.admin.token)).body.version).toBe(0);
    },
  );

  it.each([
    ['a zero limit', { ...DEFAULT_STALE_DAYS, contacted: 0 }, 'staleDays.contacted'],
    ['a fraction', { ...DEFAULT_STALE_DAYS, 'quote sent': 1.5 }, 'staleDays.quote sent'],
    ['over a year', { ...DEFAULT_STALE_DAYS, closed: MAX_STALE_DAYS + 1 }, 'staleDays.closed'],
    ['a text', { ...DEFAULT_STALE_DAYS, 'new request': '2' }, 'staleDays.new request'],
  ])('when a limit is %s, then 400 names its stage', async (_name, staleDays, path) => {
    const res = await put(roles.admin.token, { staleDays, version: 0 });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { path, message: FIELD_MESSAGES.staleDaysInvalid(MAX_STALE_DAYS) },
    ]);
  });

  it('when a stage is missing or unknown, then 400', async () => {
    const { contacted: _contacted, ...missing } = DEFAULT_STALE_DAYS;
    expect((await put(roles.admin.token, { staleDays: missing, version: 0 })).status).toBe(400);
    const unknown = { ...DEFAULT_STALE_DAYS, lost: 3 };
    expect((await put(roles.admin.token, { staleDays: unknown, version: 0 })).status).toBe(400);
    expect((await put(roles.admin.token, { staleDays: CHANGED })).status).toBe(400);
  });
});
