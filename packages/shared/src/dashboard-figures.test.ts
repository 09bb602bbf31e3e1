import { describe, expect, it } from 'vitest';
import { dashboardFigures, type DashboardRows } from './dashboard-figures.js';

// Issue 34: Inicio's arithmetic, once, for the API and the web tests' fake (rows in, figures out).

const WIN = { 'new request': 10, contacted: 20, 'quote sent': 50, 'follow up': 80 };

const rowsWith = (rows: Partial<DashboardRows>): DashboardRows => ({
  funnel: [],
  weeks: [],
  stays: [],
  closed: [],
  closedBefore: [],
  outcomes: [],
  pipeline: [],
  winProbability: WIN,
  team: null,
  ...rows,
});

describe('dashboardFigures', () => {
  it('when requests reached different stages, then each stage counts those that got at least that far', () => {
    const { funnel } = dashboardFigures(
      rowsWith({
        funnel: [
          { furthest: 0, status: 'new request', count: 2 },
          // Went to "quote sent" and came back: counted up to "quote sent".
          { furthest: 2, status: 'contacted', count: 1 },
          // No furthestStage yet (before the backfill): its current stage.
          { furthest: null, status: 'follow up', count: 1 },
          // A stale furthestStage below its current stage: the current one.
          { furthest: 0, status: 'closed', count: 1 },
        ],
      }),
    );
    expect(funnel.map(({ reached }) => reached)).toEqual([5, 3, 3, 2, 1]);
    expect(funnel[0]).toEqual({ status: 'new request', reached: 5 });
  });

  it('when weeks are counted, then "other" is every request of the week not from the landing form', () => {
    const { weekly } = dashboardFigures(
      rowsWith({ weeks: [{ weekStart: '2026-04-13', all: 5, website: 2 }] }),
    );
    expect(weekly).toEqual([{ weekStart: '2026-04-13', website: 2, other: 3 }]);
  });

  it('when stays ended, then each open stage has its count, median and 90th percentile in days, closed ones left out', () => {
    const day = 86_400_000;
    const { stageTimes } = dashboardFigures(
      rowsWith({
        stays: [
          { status: 'contacted', ms: 3 * day },
          { status: 'contacted', ms: 1 * day },
          { status: 'contacted', ms: 2 * day },
          { status: 'closed', ms: 9 * day },
        ],
      }),
    );
    expect(stageTimes).toEqual([
      { status: 'new request', count: 0, medianDays: null, p90Days: null },
      { status: 'contacted', count: 3, medianDays: 2, p90Days: 3 },
      { status: 'quote sent', count: 0, medianDays: null, p90Days: null },
      { status: 'follow up', count: 0, medianDays: null, p90Days: null },
    ]);
  });

  it('when requests closed, then their counts and amounts are summed for the period and the one before', () => {
    const { closed } = dashboardFigures(
      rowsWith({
        closed: [
          { count: 2, total: 300 },
          { count: 1, total: 50 },
        ],
        closedBefore: [{ count: 4, total: 1000 }],
      }),
    );
    expect(closed).toEqual({ count: 3, amount: 350, previousCount: 4, previousAmount: 1000 });
  });

  it('when lost outcomes have reasons, then reasons go most first, ties alphabetical, and a lost one without a reason is counted but not listed', () => {
    const { outcomes } = dashboardFigures(
      rowsWith({
        outcomes: [
          { result: 'won', count: 2 },
          { result: 'lost', reason: 'Precio', count: 1 },
          { result: 'lost', reason: 'Competencia', count: 1 },
          { result: 'lost', reason: 'Ánimo', count: 3 },
          { result: 'lost', reason: null, count: 1 },
          { count: 4 },
        ],
      }),
    );
    expect(outcomes).toEqual({
      won: 2,
      lost: 6,
      none: 4,
      lostReasons: [
        { reason: 'Ánimo', count: 3 },
        { reason: 'Competencia', count: 1 },
        { reason: 'Precio', count: 1 },
      ],
    });
  });

  it('when open requests have expected values, then the pipeline sums them and weighs each stage by its win probability', () => {
    const { pipeline } = dashboardFigures(
      rowsWith({
        pipeline: [
          { status: 'new request', total: 1000 },
          { status: 'follow up', total: 500 },
        ],
      }),
    );
    expect(pipeline).toEqual({ total: 1500, forecast: 500 });
  });

  it('when the whole team is asked, then every vendor and admin is listed by name, a driver only with requests, the unassigned last', () => {
    const { team } = dashboardFigures(
      rowsWith({
        team: {
          users: [
            { id: 'v2', name: 'Zoe', lastName: 'Ríos', role: 'vendor' },
            { id: 'a1', name: 'ana', lastName: 'Soto', role: 'system admin' },
            { id: 'd1', name: 'Diego', lastName: 'Paz', role: 'driver' },
            { id: 'd2', name: 'Bruno', lastName: 'Lara', role: 'driver' },
            { id: 'v1', name: 'Ana', lastName: 'Pérez', role: 'vendor' },
          ],
          open: [
            { vendor: 'v2', count: 3 },
            { vendor: 'd1', count: 1 },
            { vendor: null, count: 2 },
            // An id of no user (a race with a deletion): left out.
            { vendor: 'gone', count: 1 },
          ],
          stale: [{ vendor: 'v2', count: 1 }],
          closed: [{ vendor: 'v1', count: 1, total: 200 }],
        },
      }),
    );
    expect(team).toEqual([
      { vendor: { _id: 'v1', name: 'Ana Pérez' }, open: 0, stale: 0, closed: 1, amount: 200 },
      { vendor: { _id: 'a1', name: 'ana Soto' }, open: 0, stale: 0, closed: 0, amount: 0 },
      { vendor: { _id: 'd1', name: 'Diego Paz' }, open: 1, stale: 0, closed: 0, amount: 0 },
      { vendor: { _id: 'v2', name: 'Zoe Ríos' }, open: 3, stale: 1, closed: 0, amount: 0 },
      { vendor: null, open: 2, stale: 0, closed: 0, amount: 0 },
    ]);
  });

  it('when one executive is asked, then there is no team', () => {
    expect(dashboardFigures(rowsWith({})).team).toBeNull();
  });
});
