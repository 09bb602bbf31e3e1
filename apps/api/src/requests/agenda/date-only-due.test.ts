import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { agendaPageSchema, columnPageSchema, type AgendaBucket } from '@crm/shared';
import { bearer, createRequest, useSignedInRoles, useTestApp } from '../../test/test-app.js';

// Issue 32: a date-only activity is due on its calendar day as its owner counts days (their zone),
// whoever planned it and in whatever zone: on that day it is "today" for them, not overdue, and a
// day that has not begun for them yet is not today's. The agenda, the bell and the board's
// "Próxima acción" filter all say the same.

const t = useTestApp();
const { admin, vendor } = useSignedInRoles(t);

const APP_ZONE = 'America/Santiago';
/** Los Angeles, behind the product's zone: its 10 May starts 3 hours after Santiago's. */
const OWNER_ZONE = 'America/Los_Angeles';
/** 10 May 2026 at 05:00 in Los Angeles, 08:00 in Santiago, 21:00 in Tokyo. */
const NOW = '2026-05-10T12:00:00.000Z';

let zoneBefore = '';
const requestIds: Record<string, string> = {};

async function setZone(token: string, timeZone: string | null) {
  const res = await request(t.app)
    .patch('/api/me/preferences')
    .set(bearer(token))
    .send({ timeZone });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** A request with one date-only activity of the vendor's, planned by the admin in their zone. */
async function planned(title: string, dueDate: string) {
  const created = await createRequest(t, admin.token, {
    name: `${title} ${Date.now().toString(36)}`,
    email: 'cliente@example.com',
    requestType: 'otro',
    message: title,
  });
  const res = await request(t.app)
    .post(`/api/form-contact/${created._id}/activities`)
    .set(bearer(admin.token))
    .send({ type: 'call', title, dueDate, dueTime: null, ownerId: vendor.user._id });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  requestIds[title] = created._id;
}

beforeAll(async () => {
  zoneBefore = t.ctx.config.timeZone;
  t.ctx.config.timeZone = APP_ZONE;
  // Planned in Santiago: its dueAt is 10 May's start there (04:00 UTC), before LA's 10 May.
  await planned('Llamar el 10', '2026-05-10');
  // Planned in Tokyo: its dueAt is 11 May's start there (10 May, 15:00 UTC), inside LA's 10 May.
  await setZone(admin.token, 'Asia/Tokyo');
  await planned('Llamar el 11', '2026-05-11');
  await setZone(admin.token, null);
  await setZone(vendor.token, OWNER_ZONE);
  vi.spyOn(t.ctx.clock, 'now').mockReturnValue(new Date(NOW));
});
afterAll(async () => {
  t.ctx.config.timeZone = zoneBefore;
  vi.restoreAllMocks();
  await setZone(vendor.token, null);
});

async function agendaTitles(due: AgendaBucket): Promise<string[]> {
  const res = await request(t.app)
    .get('/api/activities/agenda')
    .query({ due })
    .set(bearer(vendor.token));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return agendaPageSchema.parse(res.body).items.map((item) => item.activity.title);
}

async function boardTitles(next: string): Promise<string[]> {
  const res = await request(t.app)
    .get('/api/form-contact')
    .query({ status: 'new request', next })
    .set(bearer(vendor.token));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const ids = new Set(columnPageSchema.parse(res.body).items.map((item) => item._id));
  return Object.entries(requestIds)
    .filter(([, id]) => ids.has(id))
    .map(([title]) => title);
}

describe('a date-only activity, seen by an owner whose zone is behind the product’s', () => {
  it('when its day is the owner’s today, then the agenda lists it under today, not overdue', async () => {
    expect(await agendaTitles('overdue')).toEqual([]);
    expect(await agendaTitles('today')).toEqual(['Llamar el 10']);
  });

  it('when its day is the owner’s tomorrow, then it is in the coming week, not today', async () => {
    expect(await agendaTitles('week')).toEqual(['Llamar el 11']);
    expect(await agendaTitles('later')).toEqual([]);
  });

  it('when the bell counts overdue and today’s, then it counts today’s one only', async () => {
    const res = await request(t.app).get('/api/activities/due-count').set(bearer(vendor.token));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 1 });
  });

  it('when the board is filtered by "Próxima acción", then the same day rules pick the cards', async () => {
    expect(await boardTitles('overdue')).toEqual([]);
    expect(await boardTitles('today')).toEqual(['Llamar el 10']);
    expect((await boardTitles('week')).sort()).toEqual(['Llamar el 10', 'Llamar el 11']);
  });

  it('when the owner’s day is over, then it is overdue, and tomorrow’s is today’s', async () => {
    // 11 May, 08:00 in Los Angeles.
    vi.spyOn(t.ctx.clock, 'now').mockReturnValue(new Date('2026-05-11T15:00:00.000Z'));
    try {
      expect(await agendaTitles('overdue')).toEqual(['Llamar el 10']);
      expect(await agendaTitles('today')).toEqual(['Llamar el 11']);
      expect(await boardTitles('overdue')).toEqual(['Llamar el 10']);
    } finally {
      vi.spyOn(t.ctx.clock, 'now').mockReturnValue(new Date(NOW));
    }
  });
});
