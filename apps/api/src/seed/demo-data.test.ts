import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { boardSchema, type Request } from '@crm/shared';
import { login, bearer, useTestApp } from '../test/test-app.js';
import { DEMO_PASSWORD, seedDemoData } from './demo-data.js';

// The demo data (`npm run seed`, the benchmarks) shows what the board can say: next steps,
// stale requests, values and outcomes (issues 20 and 21).

const t = useTestApp();

describe('seedDemoData', () => {
  it('gives open requests next steps and values, and closed ones an outcome; the board sums them', async () => {
    const { users } = await seedDemoData(t.ctx, { users: 5, requests: 40 });
    const signedIn = await login(t.app, users[0]!.email, DEMO_PASSWORD);
    expect(signedIn.status).toBe(200);

    const res = await request(t.app)
      .get('/api/form-contact/board')
      .set(bearer(signedIn.body.token as string));
    expect(res.status).toBe(200);
    const board = boardSchema.parse(res.body);
    const cards: Request[] = board.columns.flatMap((column) => column.items);
    expect(cards).toHaveLength(40);

    const open = cards.filter((card) => card.status !== 'closed');
    expect(open.some((card) => card.nextActivity !== null)).toBe(true);
    const closed = cards.filter((card) => card.status === 'closed');
    expect(closed.length).toBeGreaterThan(0);
    expect(closed.every((card) => card.outcome !== null)).toBe(true);
    expect(closed.some((card) => card.outcome?.result === 'lost' && card.outcome.reason)).toBe(
      true,
    );
    for (const column of board.columns) {
      const summed = column.items.reduce((total, card) => total + (card.expectedValue ?? 0), 0);
      expect(column.totalValue).toBe(summed);
    }
    expect(board.columns.some((column) => column.totalValue > 0)).toBe(true);
  });
});
