import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Request } from '@crm/shared';
import { addRequest, resetDb } from '../../test/fake-api';
import { changeCachedColumns, changeColumn, compareNewestFirst, seedColumns } from './board-cache';
import { columnQueryKey, type ColumnData, type ColumnIdPage } from './query-keys';
import { readRecord } from './request-records';

/** Every request the test made, by id: the records a column's ids point to. */
const records = new Map<string, Request>();
const recordOf = (id: string) => records.get(id);
const remember = (request: Request) => {
  records.set(request._id, request);
  return request;
};

/** A request created at minute `minute` of a day (later minutes are newer). */
function at(minute: number, overrides: Partial<Request> = {}): Request {
  const createdAt = new Date(Date.UTC(2026, 2, 5, 10, minute)).toISOString();
  return remember(addRequest({ createdAt, name: `Min ${minute}`, ...overrides }));
}

const data = (pages: Request[][], count: number, last: 'more' | 'end'): ColumnData => ({
  pages: pages.map((items, index): ColumnIdPage => ({
    ids: items.map((item) => item._id),
    count,
    totalValue: items.reduce((sum, item) => sum + (item.expectedValue ?? 0), 0),
    nextCursor: index === pages.length - 1 && last === 'end' ? null : `cursor-${index}`,
  })),
  pageParams: pages.map((_, index) => (index === 0 ? null : `cursor-${index - 1}`)),
});
/** The names the column's cards show: each listed id's record. */
const names = (column: ColumnData) =>
  column.pages.flatMap((page) => page.ids.map((id) => records.get(id)?.name));
const counts = (column: ColumnData) => column.pages.map((page) => page.count);

const NEW = { status: 'new request' } as const;
const CLOSED = { status: 'closed' } as const;

describe('changeColumn: a cached column after a save, a create or a delete', () => {
  it('when the request stays in the column, keeps the list as it is: its card reads the record (no call)', () => {
    resetDb();
    const [a, b] = [at(2), at(1)];
    const column = data([[a, b]], 2, 'end');
    const edited = remember({ ...b, name: 'Editada', version: 1 });
    const result = changeColumn(column, NEW, b, edited, recordOf);
    expect(result.data).toBe(column);
    expect(names(result.data)).toEqual(['Min 2', 'Editada']);
    expect(counts(result.data)).toEqual([2]);
    expect(result.refetch).toBe(false);
  });

  it('when the request moves out, removes its card and counts one less on every page', () => {
    resetDb();
    const [a, b, c] = [at(3), at(2), at(1)];
    const moved = { ...b, status: 'closed' as const };
    const result = changeColumn(data([[a], [b, c]], 3, 'end'), NEW, b, moved, recordOf);
    expect(names(result.data)).toEqual(['Min 3', 'Min 1']);
    expect(counts(result.data)).toEqual([2, 2]);
    expect(result.refetch).toBe(false);
  });

  it.each([
    {
      when: 'when the request moves in, places it by date within the loaded pages and counts it',
      loaded: [3, 1],
      count: 5,
      movedAt: 2,
      from: 'new request',
      shown: ['Min 3', 'Min 2', 'Min 1'],
    },
    {
      when: 'when it moves in below the loaded pages, only counts it (its page will bring it)',
      loaded: [5, 4],
      count: 10,
      movedAt: 1,
      from: 'contacted',
      shown: ['Min 5', 'Min 4'],
    },
  ] as const)('$when', ({ loaded, count, movedAt, from, shown }) => {
    resetDb();
    const page = loaded.map((minute) => at(minute));
    const moved = { ...at(movedAt), status: 'closed' as const };
    const result = changeColumn(
      data([page], count, 'more'),
      CLOSED,
      { ...moved, status: from },
      moved,
      recordOf,
    );
    expect(names(result.data)).toEqual(shown);
    expect(counts(result.data)).toEqual([count + 1]);
  });

  it('when the column is fully loaded, an older request goes at its end', () => {
    resetDb();
    const a = at(5);
    const created = at(1);
    const result = changeColumn(data([[a]], 1, 'end'), NEW, undefined, created, recordOf);
    expect(names(result.data)).toEqual(['Min 5', 'Min 1']);
  });

  it('a new request goes on top; a deleted one leaves', () => {
    resetDb();
    const a = at(1);
    const created = at(9);
    const withNew = changeColumn(data([[a]], 1, 'more'), NEW, undefined, created, recordOf).data;
    expect(names(withNew)).toEqual(['Min 9', 'Min 1']);
    expect(counts(withNew)).toEqual([2]);
    const without = changeColumn(withNew, NEW, created, undefined, recordOf).data;
    expect(names(without)).toEqual(['Min 1']);
    expect(counts(without)).toEqual([1]);
  });

  it('a request that left from a page not loaded yet counts one less', () => {
    resetDb();
    const a = at(9);
    const old = at(1);
    const result = changeColumn(
      data([[a]], 40, 'more'),
      NEW,
      old,
      { ...old, status: 'closed' },
      recordOf,
    );
    expect(names(result.data)).toEqual(['Min 9']);
    expect(counts(result.data)).toEqual([39]);
  });

  it('under filters, whatever may change the filtered set is left to the server (refetch)', () => {
    resetDb();
    const a = at(2, { priority: 'low' });
    const low = { ...NEW, priority: 'low' as const };
    const raised = { ...a, priority: 'high' as const };
    // Held and a filtered field changed: replaced now, refetched to drop it.
    expect(changeColumn(data([[a]], 1, 'end'), low, a, raised, recordOf).refetch).toBe(true);
    // Held and only the notes changed: no call.
    expect(
      changeColumn(data([[a]], 1, 'end'), low, a, { ...a, notes: ['x'] }, recordOf).refetch,
    ).toBe(false);
    // Moved in: only the server knows whether it passes the filters.
    const moved = { ...at(3), status: 'closed' as const };
    const closedLow = { ...CLOSED, priority: 'low' as const };
    expect(
      changeColumn(
        data([], 0, 'end'),
        closedLow,
        { ...moved, status: 'new request' },
        moved,
        recordOf,
      ),
    ).toMatchObject({ refetch: true });
    // A change elsewhere on the board: nothing.
    expect(changeColumn(data([[a]], 1, 'end'), closedLow, a, raised, recordOf).refetch).toBe(false);
  });

  it('under "Próxima acción", a changed next activity is left to the server; elsewhere the card just redraws', () => {
    resetDb();
    const a = at(4);
    const planned = {
      ...a,
      nextActivity: {
        _id: 'a'.repeat(24),
        type: 'call' as const,
        title: 'Llamar',
        dueDate: '2026-03-06',
        dueTime: null,
        dueAt: '2026-03-06T03:00:00.000Z',
      },
    };
    const none = { ...NEW, next: 'none' as const };
    const today = { ...NEW, next: 'today' as const };
    // Listed under "Sin acción", now planned: refetched to drop it.
    expect(changeColumn(data([[a]], 1, 'end'), none, a, planned, recordOf).refetch).toBe(true);
    // Not listed under "Hoy", now planned: it may have come into view.
    expect(changeColumn(data([], 0, 'end'), today, a, planned, recordOf).refetch).toBe(true);
    // The same next activity (another copy of it): nothing to ask.
    expect(
      changeColumn(data([[a]], 1, 'end'), today, planned, structuredClone(planned), recordOf)
        .refetch,
    ).toBe(false);
    // Unfiltered: the list stays, the card reads the record.
    expect(changeColumn(data([[a]], 1, 'end'), NEW, a, planned, recordOf)).toMatchObject({
      refetch: false,
    });
  });

  it('orders newest first, then by _id, as the API does', () => {
    resetDb();
    const same = new Date(Date.UTC(2026, 0, 1)).toISOString();
    const first = addRequest({ createdAt: same });
    const second = addRequest({ createdAt: same });
    expect([first, second].sort(compareNewestFirst)).toEqual([second, first]);
  });
});

describe('the board cache: each request once by id, each column a list of ids', () => {
  const FILTER_SETS = [{}, { priority: 'low' as const }, { q: 'min' }];

  /** A board of three filter sets whose "new request" column lists `requests` in each. */
  function cachedBoard(requests: Request[]) {
    const queryClient = new QueryClient();
    for (const filters of FILTER_SETS) {
      seedColumns(queryClient, filters, {
        columns: [
          {
            status: 'new request',
            items: requests,
            count: requests.length,
            totalValue: 0,
            nextCursor: null,
          },
          { status: 'closed', items: [], count: 0, totalValue: 0, nextCursor: null },
        ],
      });
    }
    const column = (filters: object, status: Request['status'] = 'new request') =>
      queryClient.getQueryData<ColumnData>(columnQueryKey(filters, status))!;
    const idsOf = (filters: object, status?: Request['status']) =>
      column(filters, status).pages.flatMap((page) => page.ids);
    return { queryClient, column, idsOf };
  }

  it('when three filter sets list a request, then it is cached once, under its id', () => {
    resetDb();
    const request = at(1, { name: 'Una sola copia' });
    const { queryClient, idsOf } = cachedBoard([request]);
    // Only its record holds the request's fields; each filter set's column holds its id.
    const holdingIt = queryClient
      .getQueryCache()
      .findAll()
      .filter((query) => JSON.stringify(query.state.data ?? null).includes('Una sola copia'));
    expect(holdingIt.map((query) => query.state.data)).toEqual([request]);
    expect(FILTER_SETS.map((filters) => idsOf(filters))).toEqual([
      [request._id],
      [request._id],
      [request._id],
    ]);
  });

  it('when a save changes a field no filter reads, then only its record changes: no list is rewritten, no call', () => {
    resetDb();
    const [a, b] = [at(2), at(1)];
    const { queryClient, column } = cachedBoard([a, b]);
    const before = FILTER_SETS.map((filters) => column(filters));

    const saved = { ...b, message: 'Otro mensaje', version: 1 };
    const stale = changeCachedColumns(queryClient, b, saved);

    expect(FILTER_SETS.map((filters) => column(filters))).toEqual(before);
    FILTER_SETS.forEach((filters, index) => expect(column(filters)).toBe(before[index]));
    expect(readRecord(queryClient, b._id)).toEqual(saved);
    expect(stale).toEqual([]);
  });

  it('when a move goes and is rolled back (409/500), then the record and the lists are as before', () => {
    resetDb();
    const [a, b] = [at(2), at(1)];
    const { queryClient, idsOf } = cachedBoard([a, b]);
    const optimistic = { ...b, status: 'closed' as const };

    changeCachedColumns(queryClient, b, optimistic);
    expect(idsOf({})).toEqual([a._id]);
    expect(idsOf({}, 'closed')).toEqual([b._id]);
    expect(readRecord(queryClient, b._id)?.status).toBe('closed');

    changeCachedColumns(queryClient, optimistic, b);
    expect(idsOf({})).toEqual([a._id, b._id]);
    expect(idsOf({}, 'closed')).toEqual([]);
    expect(readRecord(queryClient, b._id)).toEqual(b);
  });

  it('when a request is deleted, then its id leaves every list and its record goes', () => {
    resetDb();
    const [a, b] = [at(2), at(1)];
    const { queryClient, idsOf, column } = cachedBoard([a, b]);
    changeCachedColumns(queryClient, a, undefined);
    expect(FILTER_SETS.map((filters) => idsOf(filters))).toEqual([[b._id], [b._id], [b._id]]);
    expect(column({}).pages[0]?.count).toBe(1);
    expect(readRecord(queryClient, a._id)).toBeUndefined();
  });

  it('when a page read before a save arrives after it, then the record keeps the saved copy', () => {
    resetDb();
    const request = at(1);
    const { queryClient } = cachedBoard([request]);
    const saved = { ...request, name: 'Guardada', version: 1 };
    changeCachedColumns(queryClient, request, saved);

    // The same column, read again by a call sent before the save was answered.
    seedColumns(
      queryClient,
      {},
      {
        columns: [
          { status: 'new request', items: [request], count: 1, totalValue: 0, nextCursor: null },
        ],
      },
    );
    expect(readRecord(queryClient, request._id)?.name).toBe('Guardada');

    // A page read after it (someone assigned it: same versions, a newer vendor) is taken.
    const assigned = { ...saved, vendor: 'aaaaaaaaaaaaaaaaaaaaaaaa' };
    seedColumns(
      queryClient,
      {},
      {
        columns: [
          { status: 'new request', items: [assigned], count: 1, totalValue: 0, nextCursor: null },
        ],
      },
    );
    expect(readRecord(queryClient, request._id)?.vendor).toBe(assigned.vendor);
  });

  it('when the last column listing a request leaves the cache, then its record goes; one still listed stays', async () => {
    resetDb();
    const [a, b] = [at(2), at(1)];
    const { queryClient } = cachedBoard([a, b]);
    // b is also listed by a column that stays.
    seedColumns(
      queryClient,
      { requestType: 'otro' },
      {
        columns: [{ status: 'new request', items: [b], count: 1, totalValue: 0, nextCursor: null }],
      },
    );

    for (const filters of FILTER_SETS) {
      for (const status of ['new request', 'closed'] as const) {
        queryClient.removeQueries({ queryKey: columnQueryKey(filters, status), exact: true });
      }
    }
    await Promise.resolve();

    expect(readRecord(queryClient, a._id)).toBeUndefined();
    expect(readRecord(queryClient, b._id)).toEqual(b);
  });
});

describe('changeColumn: the column totals (issue 21)', () => {
  it('a move takes its expected value out of one total and into the other', () => {
    resetDb();
    const [a, b] = [at(2, { expectedValue: 1_000 }), at(1, { expectedValue: 300 })];
    const moved = remember({ ...b, status: 'closed' });
    const left = changeColumn(data([[a, b]], 2, 'end'), NEW, b, moved, recordOf).data;
    expect(left.pages.map((page) => page.totalValue)).toEqual([1_000]);
    const entered = changeColumn(data([[]], 0, 'end'), CLOSED, b, moved, recordOf).data;
    expect(entered.pages.map((page) => page.totalValue)).toEqual([300]);
  });

  it('an edit of the expected value changes the total of the column it stays in, loaded or not', () => {
    resetDb();
    const [a, b] = [at(2, { expectedValue: 1_000 }), at(1, { expectedValue: 300 })];
    const edited = remember({ ...b, expectedValue: 800, version: 1 });
    const loaded = changeColumn(data([[a, b]], 2, 'end'), NEW, b, edited, recordOf);
    expect(loaded.data.pages.map((page) => page.totalValue)).toEqual([1_800]);
    expect(loaded.refetch).toBe(false);
    const notLoaded = changeColumn(data([[a]], 2, 'more'), NEW, b, edited, recordOf);
    expect(notLoaded.data.pages[0]?.totalValue).toBe(1_000 + 500);
  });

  it('"Resultado" filters CERRADO only: a change of outcome refetches it, an open column is unfiltered', () => {
    resetDb();
    const closed = at(1, { status: 'closed', outcome: null });
    const won = remember({ ...closed, outcome: { result: 'won', reason: null, comment: null } });
    const column = data([[closed]], 1, 'end');
    expect(
      changeColumn(column, { ...CLOSED, outcome: 'none' }, closed, won, recordOf).refetch,
    ).toBe(true);
    const open = at(2);
    const entered = changeColumn(
      data([[]], 0, 'end'),
      { ...NEW, outcome: 'won' },
      undefined,
      open,
      recordOf,
    );
    expect(entered.refetch).toBe(false);
    expect(names(entered.data)).toEqual(['Min 2']);
  });
});
