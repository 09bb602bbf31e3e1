import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { boardSchema, columnPageSchema, type NextActionFilter, type Request } from '@crm/shared';
import { bearer, createRequest, useSignedInRoles, useTestApp } from '../../test/test-app.js';

// Issue 20: the board's "Próxima acción" filter (next=overdue|today|week|none) on the board and
// a column, with the search and the executive, its days read in the caller's own zone, on the
// days a zone's clocks change (a 23-hour day in Santiago, a 25-hour one in Madrid).

const t = useTestApp();
const { admin, vendor } = useSignedInRoles(t);

let zoneBefore = '';
beforeAll(() => {
  zoneBefore = t.ctx.config.timeZone;
});
afterEach(() => {
  t.ctx.config.timeZone = zoneBefore;
  vi.restoreAllMocks();
});
afterAll(async () => {
  await t.ctx.models.User.updateOne({ _id: vendor.user._id }, { timeZone: null });
});

let counter = 0;
const uniqueName = (label: string) => `${label} ${++counter}-${Date.now().toString(36)}`;

type Planned = { label: string; dueDate?: string; dueTime?: string | null; mine?: boolean };

/** One request per plan (none without a date), in order: the column lists them newest first. */
async function requestsWith(name: string, plans: Planned[]) {
  const byLabel = new Map<string, Request>();
  for (const { label, dueDate, dueTime = null, mine } of plans) {
    const created = await createRequest(t, vendor.token, {
      name,
      email: 'cliente@example.com',
      requestType: 'otro',
      message: label,
    });
    if (mine) {
      await request(t.app)
        .put('/api/user/assign-vendor')
        .set(bearer(admin.token))
        .send({ formId: created._id, vendorId: vendor.user._id })
        .expect(200);
    }
    if (dueDate) {
      const res = await request(t.app)
        .post(`/api/form-contact/${created._id}/activities`)
        .set(bearer(vendor.token))
        .send({ type: 'call', title: label, dueDate, dueTime });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    byLabel.set(label, created);
  }
  return byLabel;
}

type Query = Record<string, string>;

async function column(query: Query) {
  const res = await request(t.app)
    .get('/api/form-contact')
    .query({ status: 'new request', ...query })
    .set(bearer(vendor.token));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return columnPageSchema.parse(res.body);
}

async function board(query: Query) {
  const res = await request(t.app)
    .get('/api/form-contact/board')
    .query(query)
    .set(bearer(vendor.token));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return boardSchema.parse(res.body);
}

type DstCase = {
  timeZone: string;
  /** The moment asked, on the DST day, late in the evening. */
  now: string;
  plans: Planned[];
};

const CASES: DstCase[] = [
  {
    // Clocks jump from 00:00 to 01:00 on 6 September 2026: a 23-hour day.
    timeZone: 'America/Santiago',
    now: '2026-09-06T22:00:00-03:00',
    plans: [
      { label: 'overdue date', dueDate: '2026-09-05' },
      { label: 'overdue timed', dueDate: '2026-09-06', dueTime: '21:00', mine: true },
      { label: 'today date', dueDate: '2026-09-06', mine: true },
      { label: 'today timed', dueDate: '2026-09-06', dueTime: '23:30' },
      { label: 'week', dueDate: '2026-09-13' },
      { label: 'later', dueDate: '2026-09-14' },
      { label: 'none' },
    ],
  },
  {
    // Clocks go back from 03:00 to 02:00 on 25 October 2026: a 25-hour day.
    timeZone: 'Europe/Madrid',
    now: '2026-10-25T23:30:00+01:00',
    plans: [
      { label: 'overdue date', dueDate: '2026-10-24' },
      { label: 'overdue timed', dueDate: '2026-10-25', dueTime: '12:00', mine: true },
      { label: 'today date', dueDate: '2026-10-25', mine: true },
      { label: 'today timed', dueDate: '2026-10-25', dueTime: '23:45' },
      { label: 'week', dueDate: '2026-11-01' },
      { label: 'later', dueDate: '2026-11-02' },
      { label: 'none' },
    ],
  },
];

describe('GET /api/form-contact/board and /api/form-contact?next=', () => {
  it.each(CASES.map((c) => [c.timeZone, c] as const))(
    'when the caller’s zone is %s on its DST day, then each request is in the range of its next activity, with q and vendor',
    async (_zone, { timeZone, now, plans }) => {
      // Planned in the zone; asked with the product's zone elsewhere (UTC), so only the
      // caller's own zone can give these answers.
      t.ctx.config.timeZone = timeZone;
      await t.ctx.models.User.updateOne({ _id: vendor.user._id }, { timeZone });
      const name = uniqueName('Próxima');
      const created = await requestsWith(name, plans);
      t.ctx.config.timeZone = 'UTC';
      vi.spyOn(t.ctx.clock, 'now').mockReturnValue(new Date(now));

      const idsOf = (...labels: string[]) => labels.map((label) => created.get(label)?._id);
      const listed = async (next: NextActionFilter, extra: Query = {}) => {
        const page = await column({ q: name, next, ...extra });
        expect(page.count).toBe(page.items.length);
        return page.items.map((item) => item._id);
      };
      // Newest first, as every column.
      expect(await listed('overdue')).toEqual(idsOf('overdue timed', 'overdue date'));
      expect(await listed('today')).toEqual(idsOf('today timed', 'today date'));
      expect(await listed('week')).toEqual(idsOf('week', 'today timed', 'today date'));
      expect(await listed('none')).toEqual(idsOf('none'));
      expect(await listed('overdue', { vendor: 'me' })).toEqual(idsOf('overdue timed'));
      expect(await listed('today', { vendor: 'me' })).toEqual(idsOf('today date'));
      expect(await listed('week', { vendor: 'none' })).toEqual(idsOf('week', 'today timed'));

      const filtered = await board({ q: name, next: 'week' });
      const [first, ...others] = filtered.columns;
      expect(first?.count).toBe(3);
      expect(first?.items.map((item) => item._id)).toEqual(
        idsOf('week', 'today timed', 'today date'),
      );
      expect(first?.items[0]?.nextActivity).toMatchObject({ title: 'week', dueTime: null });
      expect(others.every((other) => other.count === 0)).toBe(true);
    },
  );

  it('when a request moves, then the filter finds it in its new column', async () => {
    vi.spyOn(t.ctx.clock, 'now').mockReturnValue(new Date('2026-06-10T12:00:00Z'));
    const name = uniqueName('Movida');
    const created = await requestsWith(name, [{ label: 'moved', dueDate: '2026-06-01' }]);
    const id = created.get('moved')?._id ?? '';
    await request(t.app)
      .patch(`/api/form-contact/${id}/status`)
      .set(bearer(vendor.token))
      .send({ from: 'new request', to: 'contacted' })
      .expect(200);
    const filtered = await board({ q: name, next: 'overdue' });
    expect(filtered.columns.map((c) => c.count)).toEqual([0, 1, 0, 0, 0]);
    const contacted = await column({ q: name, next: 'overdue', status: 'contacted' });
    expect(contacted.items.map((item) => item._id)).toEqual([id]);
  });

  it('when `next` is not a range the board knows, then 400 names it', async () => {
    const res = await request(t.app)
      .get('/api/form-contact/board')
      .query({ next: 'tomorrow' })
      .set(bearer(vendor.token));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: 'next', message: expect.any(String) }]);
  });
});
