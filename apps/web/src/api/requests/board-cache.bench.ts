import { QueryClient } from '@tanstack/react-query';
import { bench, describe } from 'vitest';
import { BOARD_COLUMNS, type BoardFilters, type Request } from '@crm/shared';
import { addRequest, resetDb } from '../../test/fake-api';
import { changeCachedColumns, seedColumns } from './board-cache';

// The cost of one change to a big cached board: 5 filter sets × 5 columns × 500 cards.
// `npx vitest bench --run src/api/requests/board-cache.bench.ts` (figures in docs/benchmarks.md).
const FILTER_SETS: BoardFilters[] = [
  {},
  { priority: 'low' },
  { priority: 'high' },
  { q: 'cliente' },
  { vendor: 'none' },
];
const PER_COLUMN = 500;

function bigBoard() {
  resetDb();
  const client = new QueryClient();
  const byStatus = BOARD_COLUMNS.map(({ status }) =>
    Array.from({ length: PER_COLUMN }, (_, index) =>
      addRequest({
        status,
        name: `Cliente ${status} ${index}`,
        createdAt: new Date(Date.UTC(2026, 0, 1) - index * 60_000).toISOString(),
      }),
    ),
  );
  for (const filters of FILTER_SETS) {
    seedColumns(client, filters, {
      columns: BOARD_COLUMNS.map(({ status }, at) => ({
        status,
        items: byStatus[at]!,
        count: PER_COLUMN * 2,
        totalValue: 0,
        nextCursor: 'more',
      })),
    });
  }
  return { client, byStatus, middle: byStatus[0]![PER_COLUMN / 2]! };
}

describe('one change on a cached board of 5 filter sets × 5 columns × 500 cards', () => {
  const save = bigBoard();
  let saved: Request = save.middle;
  bench('a save (a field no filter reads)', () => {
    const after = { ...saved, message: `${saved.version}`, version: saved.version + 1 };
    changeCachedColumns(save.client, saved, after);
    saved = after;
  });

  const move = bigBoard();
  let moved: Request = move.middle;
  bench('a move (and back)', () => {
    const after: Request = {
      ...moved,
      status: moved.status === 'new request' ? 'contacted' : 'new request',
    };
    changeCachedColumns(move.client, moved, after);
    moved = after;
  });

  // What records by id cost on the way in: the board call's first pages (5 × 50 cards).
  const firstPages = bigBoard();
  const board = {
    columns: BOARD_COLUMNS.map(({ status }, at) => ({
      status,
      items: firstPages.byStatus[at]!.slice(0, 50),
      count: PER_COLUMN,
      totalValue: 0,
      nextCursor: 'more',
    })),
  };
  bench('the board call into an empty cache (5 columns × 50 cards)', () => {
    seedColumns(new QueryClient(), {}, board);
  });

  const create = bigBoard();
  bench('a create, then its delete', () => {
    const created = {
      ...create.middle,
      _id: `new-${Math.random()}`,
      createdAt: new Date().toISOString(),
    };
    changeCachedColumns(create.client, undefined, created);
    changeCachedColumns(create.client, created, undefined);
  });
});
