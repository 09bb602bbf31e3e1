import { Types } from 'mongoose';
import request from 'supertest';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  API_MESSAGES,
  dashboardSchema,
  type Dashboard,
  type RequestStatus,
  type Role,
  type SourceOfContact,
} from '@crm/shared';
import { UNKNOWN_ID, addUser, bearer, login, useTestApp } from '../test/test-app.js';

// Issue 22, Inicio: the figures of GET /api/dashboard against 24 requests whose answers are
// worked out by hand below (not with the service's code). Caller's zone: America/Santiago, where
// summer time ended on 2026-04-05 (00:00 -03 → 23:00 -04 the day before): April 2026 runs from
// 2026-04-01T03:00Z to 2026-05-01T04:00Z, March from 2026-03-01T03:00Z to 2026-04-01T03:00Z.

const t = useTestApp();
const ZONE = 'America/Santiago';
/** Wednesday 2026-04-15, 11:00 in Santiago: "Este mes" is April, compared with March. */
const NOW = '2026-04-15T15:00:00.000Z';

type Person = { id: string; token: string };
let ana: Person; // vendor
let bruno: Person; // vendor
let carla: Person; // system admin
let diego: Person; // driver

async function person(role: Role, name: string, lastName: string): Promise<Person> {
  const user = await addUser(t.ctx, role, { name, lastName });
  await t.ctx.models.User.updateOne({ _id: user._id }, { timeZone: ZONE });
  const res = await login(t.app, user.email);
  return { id: user._id, token: (res.body as { token: string }).token };
}

const at = (iso: string) => new Date(iso);
/** A stay in a stage, from and to instants (its ms stored beside, as the moves write it). */
const stay = (status: RequestStatus, from: string, to: string) => ({
  status,
  enteredAt: at(from),
  leftAt: at(to),
  ms: Date.parse(to) - Date.parse(from),
});
type Stay = ReturnType<typeof stay>;
const outcome = (result: 'won' | 'lost', reason: string | null = null) => ({
  result,
  reason,
  comment: null,
  at: at('2026-04-01T12:00:00Z'),
  by: null,
});

type Fixture = {
  vendor: Person | null;
  source: SourceOfContact;
  createdAt: string;
  status: RequestStatus;
  /** Absent: not backfilled yet (then no stageVisits either). */
  furthestStage?: number;
  stays?: Stay[];
  stageChangedAt?: string;
  amoutPaid?: number;
  expectedValue?: number | null;
  /** Absent: a request closed before issue 21 (no outcome field at all). */
  outcome?: ReturnType<typeof outcome> | null;
};

let counter = 0;
/** Straight into the collection, every field as the app stores it. */
async function insert(fixtures: Fixture[]) {
  const docs = fixtures.map((f) => {
    counter += 1;
    return {
      requestNumber: counter,
      name: `Cliente ${counter}`,
      email: `cliente${counter}@example.com`,
      requestType: 'otro',
      status: f.status,
      priority: 'mid',
      vendor: f.vendor ? new Types.ObjectId(f.vendor.id) : null,
      sourceOfContact: f.source,
      notes: [],
      createdAt: at(f.createdAt),
      amoutPaid: f.amoutPaid ?? 0,
      version: 0,
      statusVersion: 0,
      history: [],
      activities: [],
      nextActivity: null,
      stageChangedAt: at(f.stageChangedAt ?? f.createdAt),
      expectedValue: f.expectedValue ?? null,
      ...(f.furthestStage !== undefined && {
        furthestStage: f.furthestStage,
        stageVisits: f.stays ?? [],
      }),
      ...(f.outcome !== undefined && { outcome: f.outcome }),
    };
  });
  await t.ctx.models.Request.collection.insertMany(docs);
}

/*
 * The 24 requests. Times are UTC; Santiago is -03 until 2026-04-05T03:00Z, -04 after.
 * April-created (the period's funnel and pipeline): R01-R10. The rest came before.
 */
function fixture(): Fixture[] {
  // prettier-ignore
  return [
    // R01: 00:10 on April 1st in Santiago, ten minutes into the period.
    { vendor: ana, source: 'website', createdAt: '2026-04-01T03:10:00Z', status: 'new request', furthestStage: 0, expectedValue: 100_000 },
    // R02: one day in NUEVA.
    { vendor: ana, source: 'vendor', createdAt: '2026-04-02T13:00:00Z', status: 'contacted', furthestStage: 1, stays: [stay('new request', '2026-04-02T13:00:00Z', '2026-04-03T13:00:00Z')], stageChangedAt: '2026-04-03T13:00:00Z', expectedValue: 200_000 },
    // R03: Monday April 6th 00:30 in Santiago (-04): the week of April 6th.
    { vendor: ana, source: 'website', createdAt: '2026-04-06T04:30:00Z', status: 'quote sent', furthestStage: 2, stays: [stay('new request', '2026-04-06T04:30:00Z', '2026-04-08T04:30:00Z'), stay('contacted', '2026-04-08T04:30:00Z', '2026-04-12T04:30:00Z')], stageChangedAt: '2026-04-12T04:30:00Z', expectedValue: 300_000 },
    // R04: Sunday April 5th 23:30 in Santiago (Monday in UTC): the week of March 30th. Won.
    { vendor: bruno, source: 'website', createdAt: '2026-04-06T03:30:00Z', status: 'closed', furthestStage: 4, stays: [stay('new request', '2026-04-06T03:30:00Z', '2026-04-06T15:30:00Z'), stay('contacted', '2026-04-06T15:30:00Z', '2026-04-08T15:30:00Z'), stay('quote sent', '2026-04-08T15:30:00Z', '2026-04-10T03:30:00Z')], stageChangedAt: '2026-04-10T03:30:00Z', amoutPaid: 1_000_000, expectedValue: 900_000, outcome: outcome('won') },
    // R05: lost, "Precio".
    { vendor: bruno, source: 'vendor', createdAt: '2026-04-07T12:00:00Z', status: 'closed', furthestStage: 4, stays: [stay('new request', '2026-04-07T12:00:00Z', '2026-04-10T12:00:00Z')], stageChangedAt: '2026-04-10T12:00:00Z', expectedValue: 400_000, outcome: outcome('lost', 'Precio') },
    // R06: unassigned, no expected value.
    { vendor: null, source: 'website', createdAt: '2026-04-08T12:00:00Z', status: 'new request', furthestStage: 0 },
    // R07: created in EN ESPERA, moved back to COTIZACIÓN: it reached EN ESPERA.
    { vendor: ana, source: 'vendor', createdAt: '2026-04-09T12:00:00Z', status: 'quote sent', furthestStage: 3, stays: [stay('follow up', '2026-04-09T12:00:00Z', '2026-04-11T12:00:00Z')], stageChangedAt: '2026-04-11T12:00:00Z', expectedValue: 500_000 },
    // R08: not backfilled yet: counts by where it is, EN ESPERA.
    { vendor: bruno, source: 'unknown', createdAt: '2026-04-10T12:00:00Z', status: 'follow up', expectedValue: 600_000 },
    // R09: Monday April 13th 00:30 in Santiago: the week of April 13th.
    { vendor: ana, source: 'website', createdAt: '2026-04-13T04:30:00Z', status: 'new request', furthestStage: 0, expectedValue: 60_000 },
    // R10: created in CERRADO, null outcome ("Sin resultado").
    { vendor: bruno, source: 'vendor', createdAt: '2026-04-14T12:00:00Z', status: 'closed', furthestStage: 4, amoutPaid: 250_000, outcome: null },

    // Created before April.
    // M1: ten days in NUEVA, left in April.
    { vendor: ana, source: 'website', createdAt: '2026-03-25T12:00:00Z', status: 'contacted', furthestStage: 1, stays: [stay('new request', '2026-03-25T12:00:00Z', '2026-04-04T12:00:00Z')], stageChangedAt: '2026-04-04T12:00:00Z', expectedValue: 70_000 },
    // M2: both stays ended in March.
    { vendor: bruno, source: 'vendor', createdAt: '2026-03-16T12:00:00Z', status: 'quote sent', furthestStage: 2, stays: [stay('new request', '2026-03-16T12:00:00Z', '2026-03-18T12:00:00Z'), stay('contacted', '2026-03-18T12:00:00Z', '2026-03-20T12:00:00Z')], stageChangedAt: '2026-03-20T12:00:00Z', expectedValue: 80_000 },
    // M3: CONTACTADO left at April's first instant (counted), COTIZACIÓN 2.25 days.
    { vendor: ana, source: 'vendor', createdAt: '2026-03-26T03:00:00Z', status: 'follow up', furthestStage: 3, stays: [stay('new request', '2026-03-26T03:00:00Z', '2026-03-27T03:00:00Z'), stay('contacted', '2026-03-27T03:00:00Z', '2026-04-01T03:00:00Z'), stay('quote sent', '2026-04-01T03:00:00Z', '2026-04-03T09:00:00Z')], stageChangedAt: '2026-04-03T09:00:00Z', expectedValue: 90_000 },
    // M4: CONTACTADO left at 23:59 on March 31st in Santiago (April in UTC): not April's.
    { vendor: null, source: 'unknown', createdAt: '2026-03-28T02:59:00Z', status: 'quote sent', furthestStage: 2, stays: [stay('new request', '2026-03-28T02:59:00Z', '2026-03-30T02:59:00Z'), stay('contacted', '2026-03-30T02:59:00Z', '2026-04-01T02:59:00Z')], stageChangedAt: '2026-04-01T02:59:00Z', expectedValue: 0 },
    // M5: closed, then reopened into EN ESPERA in April: a stay in CERRADO is no open stage's.
    { vendor: bruno, source: 'website', createdAt: '2026-03-18T12:00:00Z', status: 'follow up', furthestStage: 4, stays: [stay('new request', '2026-03-18T12:00:00Z', '2026-03-19T12:00:00Z'), stay('closed', '2026-03-19T12:00:00Z', '2026-04-02T12:00:00Z')], stageChangedAt: '2026-04-02T12:00:00Z', expectedValue: 110_000 },
    // M6: closed at April's first instant (00:00 on April 1st in Santiago), won.
    { vendor: ana, source: 'vendor', createdAt: '2026-03-05T12:00:00Z', status: 'closed', stageChangedAt: '2026-04-01T03:00:00Z', amoutPaid: 350_000, outcome: outcome('won') },
    // M7: closed at 23:59 on March 31st in Santiago: the previous period's.
    { vendor: bruno, source: 'website', createdAt: '2026-03-06T12:00:00Z', status: 'closed', stageChangedAt: '2026-04-01T02:59:00Z', amoutPaid: 700_000, outcome: outcome('won') },
    { vendor: ana, source: 'vendor', createdAt: '2026-03-02T12:00:00Z', status: 'closed', stageChangedAt: '2026-03-15T12:00:00Z', amoutPaid: 300_000, outcome: outcome('won') },
    // M9: closed at 23:30 on April 4th in Santiago, in the hour lived twice (-04 by then).
    { vendor: null, source: 'vendor', createdAt: '2026-03-03T12:00:00Z', status: 'closed', stageChangedAt: '2026-04-05T03:30:00Z', outcome: outcome('lost', 'Sin respuesta') },
    // M10: closed in February: neither period's.
    { vendor: ana, source: 'website', createdAt: '2026-02-20T12:00:00Z', status: 'closed', stageChangedAt: '2026-02-28T12:00:00Z', amoutPaid: 999, outcome: outcome('won') },
    { vendor: bruno, source: 'vendor', createdAt: '2026-03-10T12:00:00Z', status: 'closed', stageChangedAt: '2026-04-12T12:00:00Z', outcome: outcome('lost', 'Precio') },
    // M12: closed before issue 21: no outcome field ("Sin resultado").
    { vendor: bruno, source: 'vendor', createdAt: '2026-03-12T12:00:00Z', status: 'closed', stageChangedAt: '2026-04-13T12:00:00Z', amoutPaid: 150_000 },
    { vendor: ana, source: 'website', createdAt: '2026-03-13T12:00:00Z', status: 'closed', stageChangedAt: '2026-04-14T12:00:00Z', outcome: outcome('lost', 'Eligió a la competencia') },
    // OLD: 23:59 on Sunday January 25th in Santiago (Monday in UTC): before the 12 weeks.
    { vendor: ana, source: 'website', createdAt: '2026-01-26T02:59:00Z', status: 'closed', stageChangedAt: '2026-01-30T12:00:00Z', amoutPaid: 5, outcome: outcome('won') },
  ];
}

beforeAll(async () => {
  ana = await person('vendor', 'Ana', 'Alvarez');
  bruno = await person('vendor', 'Bruno', 'Brito');
  carla = await person('system admin', 'Carla', 'Castro');
  diego = await person('driver', 'Diego', 'Díaz');
  const requests = fixture();
  expect(requests).toHaveLength(24);
  await insert(requests);
});

beforeEach(() => {
  vi.spyOn(t.ctx.clock, 'now').mockReturnValue(new Date(NOW));
});
afterEach(() => {
  vi.restoreAllMocks();
});

const get = (who: Person, query: Record<string, string> = {}) =>
  request(t.app).get('/api/dashboard').query(query).set(bearer(who.token));

async function figures(who: Person, query: Record<string, string> = {}): Promise<Dashboard> {
  const res = await get(who, query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return dashboardSchema.parse(res.body);
}

const APRIL = {
  from: '2026-04-01',
  to: '2026-04-30',
  previousFrom: '2026-03-01',
  previousTo: '2026-03-31',
};
const MONDAYS = [
  '2026-01-26',
  '2026-02-02',
  '2026-02-09',
  '2026-02-16',
  '2026-02-23',
  '2026-03-02',
  '2026-03-09',
  '2026-03-16',
  '2026-03-23',
  '2026-03-30',
  '2026-04-06',
  '2026-04-13',
];
/** Landing form and the rest, per week (oldest first), by hand from the creation dates. */
const weeks = (counts: [number, number][]) =>
  MONDAYS.map((weekStart, i) => ({
    weekStart,
    website: counts[i]![0],
    other: counts[i]![1],
  }));
const funnel = (reached: number[]) =>
  (['new request', 'contacted', 'quote sent', 'follow up', 'closed'] as const).map((status, i) => ({
    status,
    reached: reached[i]!,
  }));

describe('GET /api/dashboard: the whole team, "Este mes" (a system admin)', () => {
  let all: Dashboard;
  beforeAll(async () => {
    vi.spyOn(t.ctx.clock, 'now').mockReturnValue(new Date(NOW));
    all = await figures(carla);
  });

  it('when no period or executive is given, then it is April against March, for the whole team', () => {
    expect(all.period).toEqual(APRIL);
    expect(all.vendor).toBeNull();
  });

  it('then the funnel counts April’s 10 requests by the furthest stage each reached', () => {
    // By furthest stage: NUEVA R01 R06 R09; CONTACTADO R02; COTIZACIÓN R03; EN ESPERA R07 (now
    // back in COTIZACIÓN) and R08 (no furthestStage: where it is); CERRADO R04 R05 R10.
    expect(all.funnel).toEqual(funnel([10, 7, 6, 5, 3]));
  });

  it('then each of the 12 weeks counts its requests from Monday 00:00 in Santiago', () => {
    expect(all.weekly).toEqual(
      weeks([
        [0, 0],
        [0, 0],
        [0, 0],
        [1, 0], // M10
        [0, 0],
        [1, 3], // M7 | M8 M9 M6
        [1, 2], // M13 | M11 M12
        [1, 1], // M5 | M2
        [1, 2], // M1 | M3 M4
        [2, 1], // R01 R04 (Sunday 23:30) | R02
        [2, 3], // R03 (Monday 00:30) R06 | R05 R07 R08
        [1, 1], // R09 (Monday 00:30) | R10
      ]),
    );
  });

  it('then the time in each stage is of the stays that ended in April, in days', () => {
    expect(all.stageTimes).toEqual([
      // 0.5 (R04), 1 (R02), 2 (R03), 3 (R05), 10 (M1): median the 3rd, p90 the 5th.
      { status: 'new request', count: 5, medianDays: 2, p90Days: 10 },
      // 2 (R04), 4 (R03), 5 (M3, left at April's first instant); M4's left a minute before.
      { status: 'contacted', count: 3, medianDays: 4, p90Days: 5 },
      // 1.5 (R04), 2.25 (M3): median 1.875 → 1.9; p90 the 2nd, 2.25 → 2.3.
      { status: 'quote sent', count: 2, medianDays: 1.9, p90Days: 2.3 },
      { status: 'follow up', count: 1, medianDays: 2, p90Days: 2 },
    ]);
  });

  it('then CERRADO counts what got there in April and in March, with the amounts paid', () => {
    // April: R04 1,000,000 + R05 + R10 250,000 + M6 350,000 + M9 + M11 + M12 150,000 + M13.
    // March: M7 700,000 (23:59 on the 31st) + M8 300,000.
    expect(all.closed).toEqual({
      count: 8,
      amount: 1_750_000,
      previousCount: 2,
      previousAmount: 1_000_000,
    });
  });

  it('then April’s closings are 2 won, 4 lost and 2 without outcome, the reasons ranked', () => {
    expect(all.outcomes).toEqual({
      won: 2,
      lost: 4,
      none: 2,
      lostReasons: [
        { reason: 'Precio', count: 2 },
        { reason: 'Eligió a la competencia', count: 1 },
        { reason: 'Sin respuesta', count: 1 },
      ],
    });
  });

  it('then the pipeline sums April’s open requests’ values, weighted by the default probabilities', () => {
    // NUEVA 100,000 + 60,000 (R06 none) at 10 %; CONTACTADO 200,000 at 20 %; COTIZACIÓN
    // 300,000 + 500,000 at 40 %; EN ESPERA 600,000 at 60 %.
    expect(all.pipeline).toEqual({ total: 1_760_000, forecast: 736_000 });
  });

  it('then the team has a row per vendor and admin by name, and the unassigned last', () => {
    // Stale at NOW with the default limits (2, 5, 7, 14 days): Ana R01 R02 R09 M1; Bruno M2;
    // unassigned R06 M4. Diego, a driver with no request, is not listed.
    expect(all.team).toEqual([
      {
        vendor: { _id: ana.id, name: 'Ana Alvarez' },
        open: 7,
        stale: 4,
        closed: 2,
        amount: 350_000,
      },
      {
        vendor: { _id: bruno.id, name: 'Bruno Brito' },
        open: 3,
        stale: 1,
        closed: 5,
        amount: 1_400_000,
      },
      {
        vendor: { _id: carla.id, name: 'Carla Castro' },
        open: 0,
        stale: 0,
        closed: 0,
        amount: 0,
      },
      { vendor: null, open: 2, stale: 2, closed: 1, amount: 0 },
    ]);
  });
});

/** Ana's figures, by hand: her 12 requests only. */
const ANA: Omit<Dashboard, 'vendor'> = {
  period: APRIL,
  // NUEVA R01 R09; CONTACTADO R02; COTIZACIÓN R03; EN ESPERA R07.
  funnel: funnel([5, 3, 2, 1, 0]),
  weekly: weeks([
    [0, 0],
    [0, 0],
    [0, 0],
    [1, 0],
    [0, 0],
    [0, 2],
    [1, 0],
    [0, 0],
    [1, 1],
    [1, 1],
    [1, 1],
    [1, 0],
  ]),
  stageTimes: [
    { status: 'new request', count: 3, medianDays: 2, p90Days: 10 },
    { status: 'contacted', count: 2, medianDays: 4.5, p90Days: 5 },
    { status: 'quote sent', count: 1, medianDays: 2.3, p90Days: 2.3 },
    { status: 'follow up', count: 1, medianDays: 2, p90Days: 2 },
  ],
  closed: { count: 2, amount: 350_000, previousCount: 1, previousAmount: 300_000 },
  outcomes: {
    won: 1,
    lost: 1,
    none: 0,
    lostReasons: [{ reason: 'Eligió a la competencia', count: 1 }],
  },
  // NUEVA 160,000, CONTACTADO 200,000, COTIZACIÓN 800,000.
  pipeline: { total: 1_160_000, forecast: 376_000 },
  team: null,
};

describe('GET /api/dashboard: one executive', () => {
  it('when a vendor asks with no executive, then they get their own figures and no team', async () => {
    expect(await figures(ana)).toEqual({ ...ANA, vendor: ana.id });
  });

  it('when a vendor asks for "me" or their own id, then the same', async () => {
    expect(await figures(ana, { vendor: 'me' })).toEqual({ ...ANA, vendor: ana.id });
    expect(await figures(ana, { vendor: ana.id })).toEqual({ ...ANA, vendor: ana.id });
  });

  it('when a driver asks with no executive, then their own (empty) figures, no team', async () => {
    const mine = await figures(diego);
    expect(mine.vendor).toBe(diego.id);
    expect(mine.closed).toEqual({ count: 0, amount: 0, previousCount: 0, previousAmount: 0 });
    expect(mine.team).toBeNull();
  });

  it('when a system admin asks for an executive, then only their figures, no team', async () => {
    expect(await figures(carla, { vendor: ana.id })).toEqual({ ...ANA, vendor: ana.id });
  });

  it('when an executive has nothing in a stage, then its times are null', async () => {
    const mine = await figures(carla, { vendor: 'me' });
    expect(mine.vendor).toBe(carla.id);
    expect(mine.stageTimes.every((stage) => stage.count === 0 && stage.medianDays === null)).toBe(
      true,
    );
    expect(mine.funnel).toEqual(funnel([0, 0, 0, 0, 0]));
    expect(mine.team).toBeNull();
  });
});

describe('GET /api/dashboard: periods', () => {
  it('when period=custom spans the summer-time change, then its days are Santiago’s', async () => {
    // April 4th and 5th: 03:00Z on the 4th (-03) to 04:00Z on the 6th (-04), 49 hours. M9
    // closed at 03:30Z on the 5th, 23:30 on Saturday the 4th in Santiago.
    const day = await figures(carla, { period: 'custom', from: '2026-04-04', to: '2026-04-05' });
    expect(day.period).toEqual({
      from: '2026-04-04',
      to: '2026-04-05',
      previousFrom: '2026-04-02',
      previousTo: '2026-04-03',
    });
    expect(day.closed).toEqual({ count: 1, amount: 0, previousCount: 0, previousAmount: 0 });
    // M1's ten days in NUEVA ended on April 4th.
    expect(day.stageTimes[0]).toEqual({
      status: 'new request',
      count: 1,
      medianDays: 10,
      p90Days: 10,
    });
  });

  it('when period=week, then it is the week of NOW, Monday to Sunday', async () => {
    const week = await figures(carla, { period: 'week' });
    expect(week.period).toEqual({
      from: '2026-04-13',
      to: '2026-04-19',
      previousFrom: '2026-04-06',
      previousTo: '2026-04-12',
    });
    // Created this week: R09 (Monday 00:30) and R10, CERRADO from the start.
    expect(week.funnel).toEqual(funnel([2, 1, 1, 1, 1]));
    // R10 (created closed), M12 and M13 closed this week; R04, R05 and M11 the week before.
    expect(week.closed).toEqual({
      count: 3,
      amount: 400_000,
      previousCount: 3,
      previousAmount: 1_000_000,
    });
  });

  it('when a request moves, then the next load shows it (no cache)', async () => {
    const before = await figures(carla, { period: 'week' });
    const { insertedId } = await t.ctx.models.Request.collection.insertOne({
      name: 'Nueva',
      email: 'nueva@example.com',
      requestType: 'otro',
      status: 'closed',
      vendor: null,
      sourceOfContact: 'website',
      createdAt: at('2026-04-15T12:00:00Z'),
      stageChangedAt: at('2026-04-15T14:00:00Z'),
      amoutPaid: 10,
      furthestStage: 4,
      stageVisits: [stay('new request', '2026-04-15T12:00:00Z', '2026-04-15T14:00:00Z')],
    });
    try {
      const after = await figures(carla, { period: 'week' });
      expect(after.funnel[4]!.reached).toBe(before.funnel[4]!.reached + 1);
      expect(after.closed.count).toBe(before.closed.count + 1);
      expect(after.closed.amount).toBe(before.closed.amount + 10);
      expect(after.weekly.at(-1)!.website).toBe(before.weekly.at(-1)!.website + 1);
      expect(after.stageTimes[0]).toEqual({
        status: 'new request',
        count: 1,
        // Two hours: 0.083 days, shown as 0.1.
        medianDays: 0.1,
        p90Days: 0.1,
      });
    } finally {
      await t.ctx.models.Request.collection.deleteOne({ _id: insertedId });
    }
  });
});

describe('GET /api/dashboard: who may see what', () => {
  it.each([
    ['a vendor', 'all', () => ana],
    ['a vendor', 'another executive', () => ana],
    ['a driver', 'all', () => diego],
    ['a driver', 'another executive', () => diego],
  ])('when %s asks for %s, then 403', async (_who, asked, caller) => {
    const res = await get(caller(), { vendor: asked === 'all' ? 'all' : bruno.id });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(API_MESSAGES.forbidden);
  });

  it('when a vendor asks for an id of no user, then 403 (nothing said about the id)', async () => {
    expect((await get(ana, { vendor: UNKNOWN_ID })).status).toBe(403);
  });

  it('when a system admin asks for an id of no user, then 400 naming vendor', async () => {
    const res = await get(carla, { vendor: UNKNOWN_ID });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: 'vendor', message: API_MESSAGES.unknownExecutive }]);
  });

  it('when no one is signed in, then 401', async () => {
    expect((await request(t.app).get('/api/dashboard')).status).toBe(401);
  });
});

describe('GET /api/dashboard: bad input', () => {
  it.each([
    [
      'a custom period over 2 years',
      { period: 'custom', from: '2024-01-01', to: '2026-01-02' },
      'to',
      API_MESSAGES.periodTooLong(731),
    ],
    [
      'an end before its start',
      { period: 'custom', from: '2026-04-10', to: '2026-04-09' },
      'to',
      API_MESSAGES.periodEndBeforeStart,
    ],
    [
      'an unparseable date',
      { period: 'custom', from: 'ayer', to: '2026-04-09' },
      'from',
      API_MESSAGES.invalidPeriodDay,
    ],
    [
      'from without custom',
      { period: 'month', from: '2026-04-01' },
      'from',
      API_MESSAGES.periodDatesOnlyCustom,
    ],
    [
      'a custom period without to',
      { period: 'custom', from: '2026-04-01' },
      'to',
      API_MESSAGES.periodDatesRequired,
    ],
    ['an unknown period', { period: 'year' }, 'period', API_MESSAGES.invalidPeriod],
    ['a malformed executive', { vendor: 'nadie' }, 'vendor', API_MESSAGES.invalidDashboardVendor],
  ])('when %s, then 400 naming it', async (_case, query, path, message) => {
    const res = await get(carla, query);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path, message }]);
  });
});
