import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  API_MESSAGES,
  DEFAULT_LOST_REASONS,
  DEFAULT_STALE_DAYS,
  DEFAULT_WIN_PROBABILITY,
  FIELD_MESSAGES,
  MAX_STALE_DAYS,
  maxLength,
  settingsSchema,
  type Settings,
} from '@crm/shared';
import { bearer, useSignedInRoles, useTestApp } from '../test/test-app.js';

// Issue 20: the product settings, "Ajustes": days per stage before a card shows "Estancada".
// Issue 21: the lost reasons and each open stage's win probability; the currency (APP_CURRENCY).

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
/** What an admin saves besides the stale days, as the defaults read. */
const REST = { lostReasons: [...DEFAULT_LOST_REASONS], winProbability: DEFAULT_WIN_PROBABILITY };
/** The settings answered: what was saved, the installation's currency and the version. */
const answered = (staleDays: object, version: number, rest: object = REST) => ({
  staleDays,
  ...rest,
  currency: 'CLP',
  version,
});

describe('GET /api/settings', () => {
  it.each(['admin', 'vendor', 'driver'] as const)(
    'when nothing was saved, then a %s reads the defaults at version 0',
    async (role) => {
      const res = await get(roles[role].token);
      expect(res.status).toBe(200);
      expect(settingsSchema.parse(res.body)).toEqual(answered(DEFAULT_STALE_DAYS, 0));
    },
  );

  it('when a stage is missing from what is stored, then it reads as its default', async () => {
    await t.ctx.models.Settings.collection.insertOne({
      _id: 'settings' as never,
      staleDays: { contacted: 9 },
      version: 4,
    });
    // Saved before issue 21: its reasons and probabilities are the defaults.
    expect((await get(roles.vendor.token)).body).toEqual(
      answered({ ...DEFAULT_STALE_DAYS, contacted: 9 }, 4),
    );
  });

  it('when no one is signed in, then 401', async () => {
    expect((await request(t.app).get(SETTINGS)).status).toBe(401);
  });
});

describe('PUT /api/settings', () => {
  it('when an admin saves from the version read, then it is stored (+1) and everyone reads it', async () => {
    const saved = await put(roles.admin.token, { staleDays: CHANGED, ...REST, version: 0 });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(answered(CHANGED, 1));
    expect((await get(roles.driver.token)).body).toEqual(answered(CHANGED, 1));

    const again = await put(roles.admin.token, {
      staleDays: DEFAULT_STALE_DAYS,
      ...REST,
      version: 1,
    });
    expect(again.body).toEqual(answered(DEFAULT_STALE_DAYS, 2));
  });

  it('when the version read is stale, then 409 with the settings stored now, and nothing changes', async () => {
    await put(roles.admin.token, { staleDays: CHANGED, ...REST, version: 0 }).expect(200);
    const stale = await put(roles.admin.token, {
      staleDays: DEFAULT_STALE_DAYS,
      ...REST,
      version: 0,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      message: API_MESSAGES.settingsConflict,
      current: { settings: answered(CHANGED, 1) },
    });
    const ahead = await put(roles.admin.token, {
      staleDays: DEFAULT_STALE_DAYS,
      ...REST,
      version: 7,
    });
    expect(ahead.status).toBe(409);
    expect((await get(roles.admin.token)).body).toEqual(answered(CHANGED, 1));
  });

  it('when two admins save from the defaults at once, then one wins and the other gets 409', async () => {
    const answers = await Promise.all([
      put(roles.admin.token, { staleDays: CHANGED, ...REST, version: 0 }),
      put(roles.admin.token, { staleDays: DEFAULT_STALE_DAYS, ...REST, version: 0 }),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    const stored = settingsSchema.parse((await get(roles.admin.token)).body);
    const winner = answers.find((res) => res.status === 200)?.body as Settings;
    expect(stored).toEqual(winner);
  });

  it.each(['vendor', 'driver'] as const)(
    'when a %s saves, then 403 and nothing changes',
    async (role) => {
      const res = await put(roles[role].token, { staleDays: CHANGED, ...REST, version: 0 });
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
    const res = await put(roles.admin.token, { staleDays, ...REST, version: 0 });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { path, message: FIELD_MESSAGES.staleDaysInvalid(MAX_STALE_DAYS) },
    ]);
  });

  it('when a stage is missing or unknown, then 400', async () => {
    const { contacted: _contacted, ...missing } = DEFAULT_STALE_DAYS;
    const bad = (staleDays: object) => put(roles.admin.token, { staleDays, ...REST, version: 0 });
    expect((await bad(missing)).status).toBe(400);
    expect((await bad({ ...DEFAULT_STALE_DAYS, lost: 3 })).status).toBe(400);
    expect((await put(roles.admin.token, { staleDays: CHANGED, ...REST })).status).toBe(400);
  });
});

describe('PUT /api/settings: lost reasons and win probabilities (issue 21)', () => {
  const save = (changes: object) =>
    put(roles.admin.token, { staleDays: DEFAULT_STALE_DAYS, ...REST, version: 0, ...changes });

  it('when an admin saves reasons and probabilities, then every role reads them (reasons trimmed)', async () => {
    const winProbability = { 'new request': 5, contacted: 15, 'quote sent': 50, 'follow up': 80 };
    const res = await save({ lostReasons: ['  Precio ', 'Sin presupuesto'], winProbability });
    expect(res.status).toBe(200);
    const rest = { lostReasons: ['Precio', 'Sin presupuesto'], winProbability };
    expect((await get(roles.driver.token)).body).toEqual(answered(DEFAULT_STALE_DAYS, 1, rest));
  });

  it('when a vendor saves reasons or probabilities, then 403 and nothing changes', async () => {
    const res = await put(roles.vendor.token, {
      staleDays: DEFAULT_STALE_DAYS,
      ...REST,
      lostReasons: ['Solo uno'],
      version: 0,
    });
    expect(res.status).toBe(403);
    expect((await get(roles.admin.token)).body).toEqual(answered(DEFAULT_STALE_DAYS, 0));
  });

  it.each([
    ['no reason', { lostReasons: [] }, 'lostReasons'],
    ['a blank reason', { lostReasons: ['Precio', '  '] }, 'lostReasons.1'],
    ['the same reason twice (any case)', { lostReasons: ['Precio', ' precio'] }, 'lostReasons'],
    ['31 reasons', { lostReasons: Array.from({ length: 31 }, (_, i) => `M${i}`) }, 'lostReasons'],
    ['not a list', { lostReasons: 'Precio' }, 'lostReasons'],
  ])('when the reasons are %s, then 400 names them', async (_name, changes, path) => {
    const res = await save(changes);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path, message: FIELD_MESSAGES.lostReasonsInvalid }]);
  });

  it('when a reason is longer than 60 characters, then 400 names it with the length rule', async () => {
    const res = await save({ lostReasons: ['Precio', 'x'.repeat(61)] });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: 'lostReasons.1', message: maxLength(60).message }]);
  });

  it.each([
    ['over 100', { ...DEFAULT_WIN_PROBABILITY, contacted: 101 }, 'winProbability.contacted'],
    ['negative', { ...DEFAULT_WIN_PROBABILITY, 'follow up': -1 }, 'winProbability.follow up'],
    ['a fraction', { ...DEFAULT_WIN_PROBABILITY, 'quote sent': 12.5 }, 'winProbability.quote sent'],
    ['a text', { ...DEFAULT_WIN_PROBABILITY, 'new request': '10' }, 'winProbability.new request'],
  ])('when a probability is %s, then 400 names its stage', async (_name, winProbability, path) => {
    const res = await save({ winProbability });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path, message: FIELD_MESSAGES.probabilityInvalid }]);
  });

  it('when a probability is missing or a stage unknown (closed is not asked), then 400', async () => {
    const { contacted: _contacted, ...missing } = DEFAULT_WIN_PROBABILITY;
    expect((await save({ winProbability: missing })).status).toBe(400);
    expect(
      (await save({ winProbability: { ...DEFAULT_WIN_PROBABILITY, closed: 100 } })).status,
    ).toBe(400);
  });

  it('when the currency is sent, then it is not taken: it is the installation’s', async () => {
    const res = await save({ currency: 'USD' });
    expect(res.status).toBe(200);
    expect(res.body.currency).toBe('CLP');
  });
});
