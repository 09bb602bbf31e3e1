import { Types } from 'mongoose';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  boardSchema,
  columnPageSchema,
  requestSchema,
  type Request,
  type RequestStatus,
} from '@crm/shared';
import { bearer, createRequest, useSignedInRoles, useTestApp } from '../../test/test-app.js';

// Issue 21: each column's count and the sum of its expected values, under the board's filters,
// on a database of its own so every total is exact; and "Resultado" (outcome=) on CERRADO only.

const t = useTestApp();
const { admin, vendor } = useSignedInRoles(t);

type Fixture = {
  name: string;
  status: RequestStatus;
  value: number | null;
  outcome?: { result: 'won' } | { result: 'lost'; reason: string };
  mine?: boolean;
};

/**
 * The board, summed by hand per column:
 * - new request: Alfa 1,000,000 (mine) + Beta none = 1,000,000
 * - contacted: Gamma 250,000 (mine, with a next activity)
 * - quote sent: Theta 2,000,000
 * - closed: Delta won 4,000,000 + Épsilon lost 700,000 (mine) + Eta won 300,000 (mine)
 *   + Zeta closed before issue 21 (no outcome, no value) = 5,000,000
 */
const FIXTURES: Fixture[] = [
  { name: 'Alfa', status: 'new request', value: 1_000_000, mine: true },
  { name: 'Beta', status: 'new request', value: null },
  { name: 'Gamma', status: 'contacted', value: 250_000, mine: true },
  { name: 'Theta', status: 'quote sent', value: 2_000_000 },
  { name: 'Delta', status: 'closed', value: 4_000_000, outcome: { result: 'won' } },
  {
    name: 'Épsilon',
    status: 'closed',
    value: 700_000,
    outcome: { result: 'lost', reason: 'Precio' },
    mine: true,
  },
  { name: 'Eta', status: 'closed', value: 300_000, outcome: { result: 'won' }, mine: true },
];

const byName = new Map<string, Request>();

async function add({ name, status, value, outcome, mine }: Fixture) {
  const created = await createRequest(t, vendor.token, {
    name,
    email: `${name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()}@example.com`,
    requestType: 'otro',
    message: 'Hola',
  });
  const res = await request(t.app)
    .put(`/api/form-contact/update/${created._id}`)
    .set(bearer(vendor.token))
    .send({ ...created, status, expectedValue: value, ...(outcome && { outcome }) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  if (mine) {
    await request(t.app)
      .put('/api/user/assign-vendor')
      .set(bearer(admin.token))
      .send({ formId: created._id, vendorId: vendor.user._id })
      .expect(200);
  }
  byName.set(name, requestSchema.parse(res.body));
}

beforeAll(async () => {
  for (const fixture of FIXTURES) await add(fixture);
  // Zeta: closed before issue 21, stored without an outcome or an expected value.
  const zeta = await createRequest(t, vendor.token, {
    name: 'Zeta',
    email: 'zeta@example.com',
    requestType: 'otro',
    message: 'Hola',
  });
  await t.ctx.models.Request.collection.updateOne(
    { _id: new Types.ObjectId(zeta._id) },
    { $set: { status: 'closed' }, $unset: { outcome: '', expectedValue: '' } },
  );
  byName.set('Zeta', zeta);
  const gamma = byName.get('Gamma')!;
  await request(t.app)
    .post(`/api/form-contact/${gamma._id}/activities`)
    .set(bearer(vendor.token))
    .send({ type: 'call', title: 'Llamar', dueDate: '2099-01-01' })
    .expect(201);
});

type Summary = Record<RequestStatus, [count: number, totalValue: number, names: string[]]>;

const namesOf = (items: Request[]) => items.map((item) => item.name).sort();

async function board(query: Record<string, string> = {}): Promise<Summary> {
  const res = await request(t.app)
    .get('/api/form-contact/board')
    .query(query)
    .set(bearer(vendor.token));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const { columns } = boardSchema.parse(res.body);
  return Object.fromEntries(
    columns.map((column) => [
      column.status,
      [column.count, column.totalValue, namesOf(column.items)],
    ]),
  ) as Summary;
}

const OPEN_COLUMNS = {
  'new request': [2, 1_000_000, ['Alfa', 'Beta']],
  contacted: [1, 250_000, ['Gamma']],
  'quote sent': [1, 2_000_000, ['Theta']],
  'follow up': [0, 0, []],
} satisfies Partial<Summary>;

describe('GET /api/form-contact/board: column totals (issue 21)', () => {
  it('without filters, then each column sums its expected values (none counts 0)', async () => {
    expect(await board()).toEqual({
      ...OPEN_COLUMNS,
      closed: [4, 5_000_000, ['Delta', 'Eta', 'Zeta', 'Épsilon']],
    });
  });

  it.each<[string, Record<string, string>, Summary['closed']]>([
    ['won', { outcome: 'won' }, [2, 4_300_000, ['Delta', 'Eta']]],
    ['lost', { outcome: 'lost' }, [1, 700_000, ['Épsilon']]],
    ['none (closed before issue 21)', { outcome: 'none' }, [1, 0, ['Zeta']]],
  ])('outcome=%s narrows CERRADO only', async (_name, query, closed) => {
    expect(await board(query)).toEqual({ ...OPEN_COLUMNS, closed });
  });

  it('vendor=me sums only the caller’s requests, with outcome= too', async () => {
    expect(await board({ vendor: 'me' })).toEqual({
      'new request': [1, 1_000_000, ['Alfa']],
      contacted: [1, 250_000, ['Gamma']],
      'quote sent': [0, 0, []],
      'follow up': [0, 0, []],
      closed: [2, 1_000_000, ['Eta', 'Épsilon']],
    });
    expect((await board({ vendor: 'me', outcome: 'won' })).closed).toEqual([1, 300_000, ['Eta']]);
  });

  it('q sums only what the search finds', async () => {
    // "eta" is in Beta, Theta, Eta and Zeta (their names and emails).
    expect(await board({ q: 'eta' })).toEqual({
      'new request': [1, 0, ['Beta']],
      contacted: [0, 0, []],
      'quote sent': [1, 2_000_000, ['Theta']],
      'follow up': [0, 0, []],
      closed: [2, 300_000, ['Eta', 'Zeta']],
    });
  });

  it('next=none leaves out the request with a planned activity', async () => {
    const summary = await board({ next: 'none' });
    expect(summary.contacted).toEqual([0, 0, []]);
    expect(summary['new request']).toEqual(OPEN_COLUMNS['new request']);
    expect(summary.closed).toEqual([4, 5_000_000, ['Delta', 'Eta', 'Zeta', 'Épsilon']]);
  });

  it('an unknown outcome filter is 400 naming it', async () => {
    const res = await request(t.app)
      .get('/api/form-contact/board')
      .query({ outcome: 'tied' })
      .set(bearer(vendor.token));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: 'outcome', message: expect.any(String) }]);
  });
});

describe('GET /api/form-contact/board: CERRADO’s won and lost apart (issue 33)', () => {
  async function closedColumn(query: Record<string, string> = {}) {
    const res = await request(t.app)
      .get('/api/form-contact/board')
      .query(query)
      .set(bearer(vendor.token));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { columns } = boardSchema.parse(res.body);
    return Object.fromEntries(columns.map((column) => [column.status, column.outcomeValues]));
  }

  it('sums the won and the lost apart; one closed without an outcome is in neither', async () => {
    expect(await closedColumn()).toEqual({
      'new request': undefined,
      contacted: undefined,
      'quote sent': undefined,
      'follow up': undefined,
      // Delta 4,000,000 + Eta 300,000 won; Épsilon 700,000 lost; Zeta (no outcome) in neither.
      closed: { won: 4_300_000, lost: 700_000 },
    });
  });

  it('follows the filters: vendor=me, and outcome= (the other side then 0)', async () => {
    expect((await closedColumn({ vendor: 'me' })).closed).toEqual({ won: 300_000, lost: 700_000 });
    expect((await closedColumn({ outcome: 'lost' })).closed).toEqual({ won: 0, lost: 700_000 });
    expect((await closedColumn({ q: 'nadie-se-llama-asi' })).closed).toEqual({ won: 0, lost: 0 });
  });

  it('a column page of CERRADO carries the same split, an open column none', async () => {
    const page = async (status: RequestStatus) => {
      const res = await request(t.app)
        .get('/api/form-contact')
        .query({ status, limit: 1 })
        .set(bearer(vendor.token));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return columnPageSchema.parse(res.body).outcomeValues;
    };
    expect(await page('closed')).toEqual({ won: 4_300_000, lost: 700_000 });
    expect(await page('contacted')).toBeUndefined();
  });
});

describe('GET /api/form-contact (a column page): its total (issue 21)', () => {
  async function column(query: Record<string, string | number>) {
    const res = await request(t.app)
      .get('/api/form-contact')
      .query(query)
      .set(bearer(vendor.token));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = columnPageSchema.parse(res.body);
    return { count: page.count, totalValue: page.totalValue, names: namesOf(page.items) };
  }

  it('sums the whole column under the filters, not only the page', async () => {
    expect(await column({ status: 'closed', limit: 1 })).toMatchObject({
      count: 4,
      totalValue: 5_000_000,
    });
    expect(await column({ status: 'new request', vendor: 'me' })).toEqual({
      count: 1,
      totalValue: 1_000_000,
      names: ['Alfa'],
    });
  });

  it('outcome= narrows CERRADO and leaves an open column as it is', async () => {
    expect(await column({ status: 'closed', outcome: 'won' })).toEqual({
      count: 2,
      totalValue: 4_300_000,
      names: ['Delta', 'Eta'],
    });
    expect(await column({ status: 'closed', outcome: 'none' })).toEqual({
      count: 1,
      totalValue: 0,
      names: ['Zeta'],
    });
    expect(await column({ status: 'quote sent', outcome: 'lost' })).toEqual({
      count: 1,
      totalValue: 2_000_000,
      names: ['Theta'],
    });
  });

  it('after a move, each side’s total follows', async () => {
    const theta = byName.get('Theta')!;
    await request(t.app)
      .patch(`/api/form-contact/${theta._id}/status`)
      .set(bearer(vendor.token))
      .send({ from: 'quote sent', to: 'follow up' })
      .expect(200);
    expect(await column({ status: 'quote sent' })).toMatchObject({ count: 0, totalValue: 0 });
    expect(await column({ status: 'follow up' })).toMatchObject({
      count: 1,
      totalValue: 2_000_000,
    });
    await request(t.app)
      .patch(`/api/form-contact/${theta._id}/status`)
      .set(bearer(vendor.token))
      .send({ from: 'follow up', to: 'quote sent' })
      .expect(200);
  });
});
