import { Types } from 'mongoose';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { HIDDEN_MATCHES_CAP, boardSchema, type Board } from '@crm/shared';
import { bearer, createRequest, useSignedInRoles, useTestApp } from '../../test/test-app.js';

// Issue 33 item 2: a search under filters says how many of its matches the filters hide, on a
// database of its own so every count is exact.

const t = useTestApp();
const { admin, vendor } = useSignedInRoles(t);

const SEARCHED = 'marta.rojas@andes.cl';

type Fixture = {
  email: string;
  owner: 'vendor' | 'admin' | null;
  status?: string;
  priority?: string;
  outcome?: { result: 'won' | 'lost' };
};

/**
 * Marta's five requests: one the vendor's, three other executives' (the admin's), one
 * unassigned; and a request of someone else that the search never matches.
 */
const FIXTURES: Fixture[] = [
  { email: SEARCHED, owner: 'vendor' },
  { email: SEARCHED, owner: 'admin', priority: 'high' },
  { email: SEARCHED, owner: 'admin', status: 'contacted' },
  { email: SEARCHED, owner: 'admin', status: 'closed', outcome: { result: 'lost' } },
  { email: SEARCHED, owner: null },
  { email: 'otra@example.com', owner: 'admin' },
];

async function add(fixture: Fixture) {
  const created = await createRequest(t, vendor.token, {
    name: 'Marta Rojas',
    email: fixture.email,
    requestType: 'otro',
    message: 'Hola',
  });
  const owner = fixture.owner && (fixture.owner === 'vendor' ? vendor : admin).user._id;
  await t.ctx.models.Request.collection.updateOne(
    { _id: new Types.ObjectId(created._id) },
    {
      $set: {
        vendor: owner ? new Types.ObjectId(owner) : null,
        status: fixture.status ?? 'new request',
        priority: fixture.priority ?? 'mid',
        outcome: fixture.outcome ? { ...fixture.outcome, at: new Date(), by: null } : null,
      },
    },
  );
  return created;
}

beforeAll(async () => {
  for (const fixture of FIXTURES) await add(fixture);
});

async function board(query: Record<string, string>): Promise<Board> {
  const res = await request(t.app)
    .get('/api/form-contact/board')
    .query(query)
    .set(bearer(vendor.token));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return boardSchema.parse(res.body);
}

const shown = (answer: Board) => answer.columns.reduce((sum, column) => sum + column.count, 0);

describe('GET /api/form-contact/board: hiddenMatches (issue 33)', () => {
  it('when a search runs under "Mis solicitudes", then it counts the matches of other executives and the unassigned', async () => {
    const answer = await board({ q: SEARCHED, vendor: 'me' });
    expect(shown(answer)).toBe(1);
    expect(answer.hiddenMatches).toEqual({ count: 4, more: false });
  });

  it('when the search runs alone, or the filters without a search, then it is absent', async () => {
    const searched = await board({ q: SEARCHED });
    expect(shown(searched)).toBe(5);
    expect(searched).not.toHaveProperty('hiddenMatches');
    expect(await board({ vendor: 'me' })).not.toHaveProperty('hiddenMatches');
  });

  it.each<[string, Record<string, string>, number, number]>([
    ['priority', { priority: 'high' }, 1, 4],
    ['requestType', { requestType: 'obtener una demo' }, 0, 5],
    ['next', { next: 'overdue' }, 0, 5],
    // "Resultado" narrows CERRADO only: the open matches stay shown.
    ['outcome', { outcome: 'won' }, 4, 1],
    ['vendor and priority', { vendor: 'me', priority: 'high' }, 0, 5],
  ])(
    'when %s filters the search, then what it hides is counted',
    async (_name, filters, visible, hidden) => {
      const answer = await board({ q: SEARCHED, ...filters });
      expect(shown(answer)).toBe(visible);
      expect(answer.hiddenMatches).toEqual({ count: hidden, more: false });
    },
  );

  it('when the filters hide none of the matches, then the count is 0', async () => {
    const answer = await board({ q: 'otra@example.com', vendor: admin.user._id });
    expect(shown(answer)).toBe(1);
    expect(answer.hiddenMatches).toEqual({ count: 0, more: false });
  });

  it('when more than the cap are hidden, then it says the cap and "more"', async () => {
    const email = 'tope@andes.cl';
    const first = await add({ email, owner: null });
    const stored = await t.ctx.models.Request.collection.findOne({
      _id: new Types.ObjectId(first._id),
    });
    const { _id, requestNumber, ...copy } = stored!;
    await t.ctx.models.Request.collection.insertMany(
      Array.from({ length: HIDDEN_MATCHES_CAP }, () => ({ ...copy, _id: new Types.ObjectId() })),
    );
    const answer = await board({ q: email, vendor: 'me' });
    expect(shown(answer)).toBe(0);
    expect(answer.hiddenMatches).toEqual({ count: HIDDEN_MATCHES_CAP, more: true });
    const exactly = await board({ q: email, vendor: 'none' });
    expect(exactly.hiddenMatches).toEqual({ count: 0, more: false });
  });
});
