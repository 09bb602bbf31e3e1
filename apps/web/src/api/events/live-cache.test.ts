import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { BOARD_COLUMNS, type CrmEvent, type Request } from '@crm/shared';
import { addRequest } from '../../test/fake-api';
import { changeCachedColumns, seedColumns } from '../requests/board-cache';
import { columnQueryKey, type ColumnData } from '../requests/query-keys';
import { markOptimistic, readRecord } from '../requests/request-records';
import { liveCache } from './live-cache';
import { othersChangeOf } from './others-changes';

// The stream's events into the board's cache (issue 36), without a screen: who made a copy,
// which copies are taken, and each event applied once.

const ME = 'a'.repeat(24);
const ANA = { id: 'b'.repeat(24), name: 'Ana Soto' };

let nextPosition = 1;
function eventOf(
  request: Request,
  actor: CrmEvent['actor'],
  overrides: Partial<CrmEvent> = {},
): CrmEvent {
  const position = nextPosition++;
  return {
    id: `event-${position}`,
    position,
    type: 'request.updated',
    occurredAt: new Date().toISOString(),
    actor,
    requestId: request._id,
    data: { request },
    ...overrides,
  };
}

/** A board of one request in NUEVA SOLICITUD, cached as the board call seeds it. */
function boardWith(request: Request) {
  const queryClient = new QueryClient();
  seedColumns(
    queryClient,
    {},
    {
      columns: BOARD_COLUMNS.map(({ status }) => ({
        status,
        items: status === request.status ? [request] : [],
        count: status === request.status ? 1 : 0,
        totalValue: 0,
        nextCursor: null,
      })),
    },
  );
  return { queryClient, live: liveCache(queryClient, () => ME) };
}

const countOf = (queryClient: QueryClient, status: Request['status']) =>
  queryClient.getQueryData<ColumnData>(columnQueryKey({}, status))?.pages[0]?.count;

describe('liveCache', () => {
  it("marks a copy as someone else's only when someone else made it", () => {
    const request = addRequest({ name: 'Antes' });
    const { queryClient, live } = boardWith(request);

    live.apply([eventOf({ ...request, name: 'Mía', version: 1 }, { id: ME, name: 'Yo' })]);
    const mine = readRecord(queryClient, request._id)!;
    expect(mine.name).toBe('Mía');
    expect(othersChangeOf(mine)).toBeUndefined();

    live.apply([eventOf({ ...request, name: 'De Ana', version: 2 }, ANA)]);
    const theirs = readRecord(queryClient, request._id)!;
    expect(theirs.name).toBe('De Ana');
    expect(othersChangeOf(theirs)).toEqual({ name: 'Ana Soto' });
  });

  it('leaves the record alone when the event carries an older copy than it has', () => {
    const request = addRequest({ name: 'Guardada', version: 3 });
    const { queryClient, live } = boardWith(request);

    live.apply([eventOf({ ...request, name: 'Vieja', version: 2 }, ANA)]);

    expect(readRecord(queryClient, request._id)?.name).toBe('Guardada');
  });

  it('leaves a move on its way in its new column: an event published before it, of the same versions, brings only its assignment', () => {
    const request = addRequest({ name: 'En camino' });
    const { queryClient, live } = boardWith(request);
    // As useMoveRequest draws a move before the server answers.
    changeCachedColumns(queryClient, request, { ...request, status: 'contacted' });
    markOptimistic(queryClient, request._id);

    live.apply([eventOf({ ...request, vendor: ANA.id }, ANA, { type: 'request.assigned' })]);

    const record = readRecord(queryClient, request._id)!;
    expect(record).toMatchObject({ status: 'contacted', vendor: ANA.id });
    expect(countOf(queryClient, 'new request')).toBe(0);
    expect(countOf(queryClient, 'contacted')).toBe(1);
    // Still ahead: a second such event does not take it back either.
    live.apply([eventOf({ ...request, vendor: null }, ANA, { type: 'request.assigned' })]);
    expect(readRecord(queryClient, request._id)).toMatchObject({
      status: 'contacted',
      vendor: null,
    });
  });

  it('applies an event delivered twice once: a late copy of an assignment does not undo the next one', () => {
    const request = addRequest({ name: 'Asignada' });
    const { queryClient, live } = boardWith(request);
    const toAna = eventOf({ ...request, vendor: ANA.id }, ANA, { type: 'request.assigned' });
    const toMe = eventOf({ ...request, vendor: ME }, ANA, { type: 'request.assigned' });

    // An assignment changes no version: only the event's id tells the late one apart.
    live.apply([toAna, toMe]);
    live.apply([toAna]);

    expect(readRecord(queryClient, request._id)?.vendor).toBe(ME);
    expect(countOf(queryClient, 'new request')).toBe(1);
  });
});
