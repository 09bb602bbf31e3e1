import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  API_MESSAGES,
  AGENDA_BELL_POLL_MS,
  AGENDA_BUCKETS,
  activitySchema,
  agendaPageSchema,
  type Activity,
  type AgendaBucket,
  type AgendaItem,
} from '@crm/shared';
import {
  addUser,
  bearer,
  createRequest,
  useSignedInRoles,
  useTestApp,
  UNKNOWN_ID,
} from '../../test/test-app.js';

// Issue 20, the agenda and the bell: one owner's open activities by due range, in the caller's
// zone (their preference, else APP_TIME_ZONE), paged by a keyset cursor over activities (not
// requests).

const t = useTestApp();
const { admin, vendor, driver } = useSignedInRoles(t);

let zoneBefore = '';
beforeAll(() => {
  zoneBefore = t.ctx.config.timeZone;
});
afterAll(() => {
  t.ctx.config.timeZone = zoneBefore;
  vi.restoreAllMocks();
});

/** Sets the product's zone and the agenda's clock. */
function at(timeZone: string, instant: string) {
  t.ctx.config.timeZone = timeZone;
  vi.spyOn(t.ctx.clock, 'now').mockReturnValue(new Date(instant));
}

type Plan = { title: string; dueDate: string; dueTime?: string | null; ownerId?: string };

async function plan(requestId: string, fields: Plan, token = vendor.token): Promise<Activity> {
  const res = await request(t.app)
    .post(`/api/form-contact/${requestId}/activities`)
    .set(bearer(token))
    .send({ type: 'call', dueTime: null, ownerId: vendor.user._id, ...fields });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return activitySchema.parse(res.body);
}

const agenda = (query: Record<string, string | number>, token = vendor.token) =>
  request(t.app).get('/api/activities/agenda').query(query).set(bearer(token));

/** Every page of a range, following `nextCursor`. */
async function wholeRange(
  due: AgendaBucket,
  query: Record<string, string | number> = {},
  token = vendor.token,
): Promise<AgendaItem[]> {
  const items: AgendaItem[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const res = await agenda({ due, ...query, ...(cursor && { cursor }) }, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const parsed = agendaPageSchema.parse(res.body);
    items.push(...parsed.items);
    cursor = parsed.nextCursor;
    if (!cursor) return items;
  }
  throw new Error('the cursor never ended');
}

const titles = (items: AgendaItem[]) => items.map((item) => item.activity.title);

async function dueCount(query: Record<string, string> = {}, token = vendor.token) {
  const res = await request(t.app).get('/api/activities/due-count').query(query).set(bearer(token));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { count: number; unreadMail: number; pollAfterMs: number };
}

describe('GET /api/activities/agenda', () => {
  // Wednesday 2026-06-10, 11:00 in Santiago (-04).
  const NOW = '2026-06-10T15:00:00.000Z';
  let first = '';
  let second = '';

  beforeAll(async () => {
    at('America/Santiago', NOW);
    first = (await createRequest(t, vendor.token))._id;
    await t.ctx.models.Request.updateOne({ _id: first }, { $set: { company: 'Acme' } });
    second = (await createRequest(t, admin.token))._id;
    await plan(first, { title: 'ayer', dueDate: '2026-06-09' });
    await plan(first, { title: 'hoy sin hora', dueDate: '2026-06-10' });
    await plan(first, { title: 'hoy 09:00', dueDate: '2026-06-10', dueTime: '09:00' });
    await plan(first, { title: 'hoy 14:00', dueDate: '2026-06-10', dueTime: '14:00' });
    await plan(first, { title: 'en 7 días', dueDate: '2026-06-17', dueTime: '23:59' });
    await plan(first, { title: 'en 8 días', dueDate: '2026-06-18' });
    await plan(second, { title: 'hace 9 días', dueDate: '2026-06-01', dueTime: '10:00' });
    await plan(second, { title: 'hoy 12:00', dueDate: '2026-06-10', dueTime: '12:00' });
    await plan(second, { title: 'mañana', dueDate: '2026-06-11' });
    await plan(second, { title: 'de otro', dueDate: '2026-06-10', ownerId: driver.user._id });
    const done = await plan(second, { title: 'hecha', dueDate: '2026-06-10' });
    const res = await request(t.app)
      .post(`/api/form-contact/${second}/activities/${done._id}/complete`)
      .set(bearer(vendor.token))
      .send({ version: 0 });
    expect(res.status).toBe(200);
  });

  it('when each range is read, then it lists the open activities due in it, nearest first', async () => {
    at('America/Santiago', NOW);
    expect(titles(await wholeRange('overdue'))).toEqual(['hace 9 días', 'ayer', 'hoy 09:00']);
    // A date-only activity is due all its day: today's is not overdue before the day is over.
    expect(titles(await wholeRange('today'))).toEqual(['hoy sin hora', 'hoy 12:00', 'hoy 14:00']);
    expect(titles(await wholeRange('week'))).toEqual(['mañana', 'en 7 días']);
    expect(titles(await wholeRange('later'))).toEqual(['en 8 días']);
  });

  it('when an item is answered, then it carries the activity and what the row shows of its request', async () => {
    at('America/Santiago', NOW);
    const [item] = await wholeRange('later');
    expect(item?.request).toEqual({
      _id: first,
      name: 'Lucía',
      company: 'Acme',
      status: 'new request',
      requestNumber: expect.any(Number) as number,
    });
    expect(item?.activity).toMatchObject({ title: 'en 8 días', ownerId: vendor.user._id });
  });

  it('when paged one or two at a time, then the pages follow the order across requests, none twice', async () => {
    at('America/Santiago', NOW);
    const all = [...(await wholeRange('overdue')), ...(await wholeRange('today'))];
    for (const limit of [1, 2]) {
      const paged = [
        ...(await wholeRange('overdue', { limit })),
        ...(await wholeRange('today', { limit })),
      ];
      expect(paged).toEqual(all);
    }
    const res = await agenda({ due: 'today', limit: 3 });
    expect(agendaPageSchema.parse(res.body).nextCursor).toBeNull();
  });

  it('when the clock passes a timed activity, then it moves from today to overdue', async () => {
    at('America/Santiago', '2026-06-10T18:30:00.000Z'); // 14:30
    expect(titles(await wholeRange('overdue'))).toEqual([
      'hace 9 días',
      'ayer',
      'hoy 09:00',
      'hoy 12:00',
      'hoy 14:00',
    ]);
    expect(titles(await wholeRange('today'))).toEqual(['hoy sin hora']);
  });

  it.each([
    ['system admin', () => admin],
    ['driver', () => driver],
  ] as const)(
    'when a %s reads the vendor’s agenda by id, then it is the same list',
    async (_role, who) => {
      at('America/Santiago', NOW);
      const mine = await wholeRange('today');
      expect(await wholeRange('today', { owner: vendor.user._id }, who().token)).toEqual(mine);
      expect(titles(await wholeRange('today', {}, driver.token))).toEqual(['de otro']);
    },
  );

  it('when the owner is a user id nobody has, then the agenda is empty', async () => {
    const res = await agenda({ due: 'today', owner: UNKNOWN_ID });
    expect(res.body).toEqual({ items: [], nextCursor: null });
  });

  it.each([
    ['due', { due: 'soon' }],
    ['due', {}],
    ['cursor', { due: 'today', cursor: 'abc' }],
    ['owner', { due: 'today', owner: 'someone' }],
    ['limit', { due: 'today', limit: 0 }],
  ])('when %s is bad (%j), then 400 names it', async (path, query) => {
    const res = await agenda(query);
    expect(res.status).toBe(400);
    expect((res.body as { errors: { path: string }[] }).errors.map((e) => e.path)).toContain(path);
  });

  it('when an unknown parameter is sent, then 400 names it', async () => {
    const res = await agenda({ due: 'today', when: 'now' });
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).toBe(
      `${API_MESSAGES.unknownParameter}: when`,
    );
  });
});

describe('GET /api/activities/due-count', () => {
  it('when asked, then it counts the owner’s overdue and today’s open activities', async () => {
    at('America/Santiago', '2026-06-10T15:00:00.000Z');
    const id = (await createRequest(t, driver.token))._id;
    const own = { ownerId: admin.user._id };
    await plan(id, { title: 'vencida', dueDate: '2026-05-01', ...own });
    await plan(id, { title: 'hoy', dueDate: '2026-06-10', dueTime: '23:00', ...own });
    await plan(id, { title: 'mañana', dueDate: '2026-06-11', ...own });
    expect(await dueCount({}, admin.token)).toEqual({
      count: 2,
      unreadMail: 0,
      pollAfterMs: AGENDA_BELL_POLL_MS,
    });
    expect(await dueCount({ owner: admin.user._id }, driver.token)).toEqual({
      count: 2,
      unreadMail: 0,
      pollAfterMs: AGENDA_BELL_POLL_MS,
    });
    at('America/Santiago', '2026-06-11T04:00:00.000Z'); // 00:00 on the 11th
    expect((await dueCount({}, admin.token)).count).toBe(3);
  });

  it('when the owner is bad, then 400 names it', async () => {
    const res = await request(t.app)
      .get('/api/activities/due-count')
      .query({ owner: 'x' })
      .set(bearer(vendor.token));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: API_MESSAGES.invalidOwnerFilter,
      errors: [{ path: 'owner', message: API_MESSAGES.invalidOwnerFilter }],
    });
  });
});

/**
 * Activities each hour (and one date-only) on the given days, owned by `ownerId`, planned with
 * the product in `timeZone`: around a zone's change day, and a day either side.
 */
async function hourly(timeZone: string, days: string[], ownerId = vendor.user._id) {
  t.ctx.config.timeZone = timeZone;
  const id = (await createRequest(t, admin.token))._id;
  for (const dueDate of days) {
    await plan(id, { title: `${dueDate}`, dueDate, ownerId }, admin.token);
    for (let hour = 0; hour < 24; hour += 3) {
      const dueTime = `${String(hour).padStart(2, '0')}:30`;
      await plan(id, { title: `${dueDate} ${dueTime}`, dueDate, dueTime, ownerId }, admin.token);
    }
  }
}

/** The titles in each range of an owner's agenda, read by the vendor at `instant`. */
async function rangesAt(instant: string, timeZone: string, owner = vendor.user._id) {
  at(timeZone, instant);
  const ranges = new Map<AgendaBucket, string[]>();
  for (const due of AGENDA_BUCKETS) ranges.set(due, titles(await wholeRange(due, { owner })));
  return ranges;
}

/** A zone, its change day with a day either side, and instants around the change. */
type DstCase = [timeZone: string, days: string[], instants: string[]];

// Santiago's spring day starts at 01:00 (-04 → -03): 23 hours.
const SANTIAGO_SPRING: DstCase = [
  'America/Santiago',
  ['2026-09-05', '2026-09-06', '2026-09-07'],
  ['2026-09-06T03:30:00.000Z', '2026-09-06T04:30:00.000Z', '2026-09-07T02:59:00.000Z'],
];
// Madrid's autumn day has 02:00-03:00 twice (+2 → +1): 25 hours.
const MADRID_AUTUMN: DstCase = [
  'Europe/Madrid',
  ['2026-10-24', '2026-10-25', '2026-10-26'],
  ['2026-10-24T21:59:00.000Z', '2026-10-25T00:30:00.000Z', '2026-10-25T22:59:00.000Z'],
];

describe('DST days: every open activity in exactly one range', () => {
  it.each([
    SANTIAGO_SPRING,
    MADRID_AUTUMN,
    // Madrid's spring day skips 02:00-03:00: 23 hours.
    [
      'Europe/Madrid',
      ['2026-03-28', '2026-03-29', '2026-03-30'],
      ['2026-03-28T23:30:00.000Z', '2026-03-29T21:59:00.000Z'],
    ],
  ])(
    'in %s around %j, then no activity is lost or listed twice',
    async (timeZone, days, instants) => {
      await hourly(timeZone, days);
      for (const instant of instants) {
        const ranges = await rangesAt(instant, timeZone);
        const listed = [...ranges.values()]
          .flat()
          .filter((title) => days.some((d) => title.startsWith(d)));
        expect(new Set(listed).size, instant).toBe(listed.length);
        expect(listed.length, instant).toBe(days.length * 9);
      }
    },
  );

  it('on Santiago’s spring day, a date-only activity is today from the day’s 01:00 start to its end, then overdue', async () => {
    const zone = 'America/Santiago';
    await hourly(zone, ['2026-09-06'], driver.user._id);
    const driverRanges = (instant: string) => rangesAt(instant, zone, driver.user._id);
    // 23:59 on the 5th (-04): the 6th is tomorrow.
    expect((await driverRanges('2026-09-06T03:59:00.000Z')).get('week')).toContain('2026-09-06');
    // The 6th starts at 01:00 -03 (04:00Z), and ends at 23:59 -03.
    expect((await driverRanges('2026-09-06T04:00:00.000Z')).get('today')).toContain('2026-09-06');
    expect((await driverRanges('2026-09-07T02:59:00.000Z')).get('today')).toContain('2026-09-06');
    expect((await driverRanges('2026-09-07T03:00:00.000Z')).get('overdue')).toContain('2026-09-06');
  });
});

describe('the caller’s own time zone', () => {
  const setZone = (userId: string, timeZone: string | null) =>
    t.ctx.models.User.updateOne({ _id: userId }, { $set: { timeZone } });
  afterAll(async () => {
    await setZone(vendor.user._id, null);
  });

  it('when the caller has a zone of their own, then "today" and the bell are their day, not the product’s', async () => {
    const owner = await addUser(t.ctx, 'vendor');
    const id = (await createRequest(t, admin.token))._id;
    // 09:00 on the 11th in Madrid (+02): 07:00Z, 03:00 on the 11th in Santiago (-04).
    t.ctx.config.timeZone = 'Europe/Madrid';
    const fields = { title: 'el 11', dueDate: '2026-06-11', dueTime: '09:00', ownerId: owner._id };
    await plan(id, fields, admin.token);
    // 23:00Z on the 10th: 01:00 on the 11th in Madrid, 19:00 on the 10th in Santiago (-04).
    at('America/Santiago', '2026-06-10T23:00:00.000Z');
    await setZone(vendor.user._id, null);
    expect(titles(await wholeRange('today', { owner: owner._id }))).toEqual([]);
    expect(titles(await wholeRange('week', { owner: owner._id }))).toEqual(['el 11']);
    expect((await dueCount({ owner: owner._id })).count).toBe(0);

    await setZone(vendor.user._id, 'Europe/Madrid');
    expect(titles(await wholeRange('today', { owner: owner._id }))).toEqual(['el 11']);
    expect((await dueCount({ owner: owner._id })).count).toBe(1);
    // Another caller, without a zone of their own, still reads the product's day.
    expect(titles(await wholeRange('today', { owner: owner._id }, driver.token))).toEqual([]);
  });

  it.each([SANTIAGO_SPRING, MADRID_AUTUMN])(
    'when the caller is in %s and the product in Asia/Tokyo, around %j no activity is lost or listed twice',
    async (timeZone, days, instants) => {
      const owner = await addUser(t.ctx, 'vendor');
      // Planned as the owner's zone has them (an activity's due instant is read in APP_TIME_ZONE).
      await hourly(timeZone, days, owner._id);
      await setZone(vendor.user._id, timeZone);
      for (const instant of instants) {
        const listed = [...(await rangesAt(instant, 'Asia/Tokyo', owner._id)).values()].flat();
        expect(new Set(listed).size, instant).toBe(listed.length);
        expect(listed.length, instant).toBe(days.length * 9);
      }
      // The date-only activity of the change day is "today" all of that day in the caller's zone.
      const [, changeDay = ''] = days;
      at('Asia/Tokyo', instants[1] ?? '');
      expect(titles(await wholeRange('today', { owner: owner._id }))).toContain(changeDay);
    },
  );
});
