import { describe, expect, it } from 'vitest';
import type { ColumnPage, Request } from '@crm/shared';
import { addRequest, resetDb } from '../../test/fake-api';
import { changeColumn, compareNewestFirst, type ColumnData } from './board-cache';

/** A request created at minute `minute` of a day (later minutes are newer). */
function at(minute: number, overrides: Partial<Request> = {}): Request {
  const createdAt = new Date(Date.UTC(2026, 2, 5, 10, minute)).toISOString();
  return addRequest({ createdAt, name: `Min ${minute}`, ...overrides });
}

const data = (pages: Request[][], count: number, last: 'more' | 'end'): ColumnData => ({
  pages: pages.map((items, index): ColumnPage => ({
    items,
    count,
    nextCursor: index === pages.length - 1 && last === 'end' ? null : `cursor-${index}`,
  })),
  pageParams: pages.map((_, index) => (index === 0 ? null : `cursor-${index - 1}`)),
});
const names = (column: ColumnData) => column.pages.flatMap((page) => page.items.map((r) => r.name));
const counts = (column: ColumnData) => column.pages.map((page) => page.count);

const NEW = { status: 'new request' } as const;
const CLOSED = { status: 'closed' } as const;

describe('changeColumn: a cached column after a save, a create or a delete', () => {
  it('when the request stays in the column, replaces its card in place (no call)', () => {
    resetDb();
    const [a, b] = [at(2), at(1)];
    const edited = { ...b, name: 'Editada', version: 1 };
    const result = changeColumn(data([[a, b]], 2, 'end'), NEW, b, edited);
    expect(names(result.data)).toEqual(['Min 2', 'Editada']);
    expect(counts(result.data)).toEqual([2]);
    expect(result.refetch).toBe(false);
  });

  it('when the request moves out, removes its card and counts one less on every page', () => {
    resetDb();
    const [a, b, c] = [at(3), at(2), at(1)];
    const moved = { ...b, status: 'closed' as const };
    const result = changeColumn(data([[a], [b, c]], 3, 'end'), NEW, b, moved);
    expect(names(result.data)).toEqual(['Min 3', 'Min 1']);
    expect(counts(result.data)).toEqual([2, 2]);
    expect(result.refetch).toBe(false);
  });

  it('when the request moves in, places it by date within the loaded pages and counts it', () => {
    resetDb();
    const [a, c] = [at(3), at(1)];
    const moved = { ...at(2), status: 'closed' as const };
    const result = changeColumn(
      data([[a, c]], 5, 'more'),
      CLOSED,
      { ...moved, status: 'new request' },
      moved,
    );
    expect(names(result.data)).toEqual(['Min 3', 'Min 2', 'Min 1']);
    expect(counts(result.data)).toEqual([6]);
  });

  it('when it moves in below the loaded pages, only counts it (its page will bring it)', () => {
    resetDb();
    const [a, b] = [at(5), at(4)];
    const older = { ...at(1), status: 'closed' as const };
    const result = changeColumn(
      data([[a, b]], 10, 'more'),
      CLOSED,
      { ...older, status: 'contacted' },
      older,
    );
    expect(names(result.data)).toEqual(['Min 5', 'Min 4']);
    expect(counts(result.data)).toEqual([11]);
  });

  it('when the column is fully loaded, an older request goes at its end', () => {
    resetDb();
    const a = at(5);
    const created = at(1);
    const result = changeColumn(data([[a]], 1, 'end'), NEW, undefined, created);
    expect(names(result.data)).toEqual(['Min 5', 'Min 1']);
  });

  it('a new request goes on top; a deleted one leaves', () => {
    resetDb();
    const a = at(1);
    const created = at(9);
    const withNew = changeColumn(data([[a]], 1, 'more'), NEW, undefined, created).data;
    expect(names(withNew)).toEqual(['Min 9', 'Min 1']);
    expect(counts(withNew)).toEqual([2]);
    const without = changeColumn(withNew, NEW, created, undefined).data;
    expect(names(without)).toEqual(['Min 1']);
    expect(counts(without)).toEqual([1]);
  });

  it('a request that left from a page not loaded yet counts one less', () => {
    resetDb();
    const a = at(9);
    const old = at(1);
    const result = changeColumn(data([[a]], 40, 'more'), NEW, old, { ...old, status: 'closed' });
    expect(names(result.data)).toEqual(['Min 9']);
    expect(counts(result.data)).toEqual([39]);
  });

  it('under filters, whatever may change the filtered set is left to the server (refetch)', () => {
    resetDb();
    const a = at(2, { priority: 'low' });
    const low = { ...NEW, priority: 'low' as const };
    const raised = { ...a, priority: 'high' as const };
    // Held and a filtered field changed: replaced now, refetched to drop it.
    expect(changeColumn(data([[a]], 1, 'end'), low, a, raised).refetch).toBe(true);
    // Held and only the notes changed: no call.
    expect(changeColumn(data([[a]], 1, 'end'), low, a, { ...a, notes: ['x'] }).refetch).toBe(false);
    // Moved in: only the server knows whether it passes the filters.
    const moved = { ...at(3), status: 'closed' as const };
    const closedLow = { ...CLOSED, priority: 'low' as const };
    expect(
      changeColumn(data([], 0, 'end'), closedLow, { ...moved, status: 'new request' }, moved),
    ).toMatchObject({ refetch: true });
    // A change elsewhere on the board: nothing.
    expect(changeColumn(data([[a]], 1, 'end'), closedLow, a, raised).refetch).toBe(false);
  });

  it('orders newest first, then by _id, as the API does', () => {
    resetDb();
    const same = new Date(Date.UTC(2026, 0, 1)).toISOString();
    const first = addRequest({ createdAt: same });
    const second = addRequest({ createdAt: same });
    expect([first, second].sort(compareNewestFirst)).toEqual([second, first]);
  });
});
