import { describe, expect, it } from 'vitest';
import type { ClientRect, DroppableContainer, KeyboardCoordinateGetter } from '@dnd-kit/core';
import type { RequestStatus } from '@crm/shared';
import { createKeyboardColumns, neighbourColumn } from './keyboard-columns';

const ALL: RequestStatus[] = ['new request', 'contacted', 'quote sent', 'follow up', 'closed'];

describe('neighbourColumn', () => {
  it('goes one column right or left in board order', () => {
    expect(neighbourColumn('new request', 'right', ALL)).toBe('contacted');
    expect(neighbourColumn('follow up', 'left', ALL)).toBe('quote sent');
  });

  it('at the board edge there is no neighbour', () => {
    expect(neighbourColumn('new request', 'left', ALL)).toBeUndefined();
    expect(neighbourColumn('closed', 'right', ALL)).toBeUndefined();
  });

  it('skips columns that take no drop now (not on the screen)', () => {
    expect(neighbourColumn('new request', 'right', ['new request', 'follow up'])).toBe('follow up');
    expect(neighbourColumn('contacted', 'right', [])).toBeUndefined();
  });
});

const rect = (left: number, width = 200): ClientRect => ({
  left,
  width,
  top: 100,
  height: 600,
  right: left + width,
  bottom: 700,
});

/** Five columns side by side, 200 px wide with 10 px gaps, as dnd-kit measures them. */
function boardContext(dragged: ClientRect | null = rect(0, 180)) {
  const containers = new Map(
    ALL.map((status) => [status, { id: status, disabled: false } as DroppableContainer]),
  );
  const rects = new Map(ALL.map((status, index) => [status, rect(index * 210)]));
  return {
    droppableContainers: containers,
    droppableRects: rects,
    collisionRect: dragged,
  } as unknown as Parameters<KeyboardCoordinateGetter>[1]['context'];
}

const key = (code: string) => new KeyboardEvent('keydown', { code });

function collide(columns: ReturnType<typeof createKeyboardColumns>) {
  return columns.collisionDetection({
    active: {
      id: 'card',
      data: { current: {} },
      rect: { current: { initial: null, translated: null } },
    },
    collisionRect: rect(0, 180),
    droppableRects: new Map(),
    droppableContainers: ALL.map((status) => ({ id: status }) as DroppableContainer),
    pointerCoordinates: null,
  });
}

describe('createKeyboardColumns', () => {
  it('a keyboard drag is over no column until an arrow picks the next one, whatever the rectangles say', () => {
    const columns = createKeyboardColumns();
    columns.start('new request');
    const context = boardContext();

    expect(collide(columns)).toEqual([]);
    const moved = columns.coordinateGetter(key('ArrowRight'), {
      active: 'card',
      context,
      currentCoordinates: { x: 10, y: 140 },
    });

    expect(collide(columns)).toEqual([{ id: 'contacted' }]);
    // Drawn centred over CONTACTADO (210 + (200 - 180) / 2), at the same height.
    expect(moved).toEqual({ x: 220, y: 140 });
  });

  it('ArrowLeft goes back; ArrowUp/ArrowDown are left to the board; the edge stops it', () => {
    const columns = createKeyboardColumns();
    columns.start('contacted');
    const context = boardContext();
    const args = { active: 'card', context, currentCoordinates: { x: 0, y: 0 } };

    expect(columns.coordinateGetter(key('ArrowDown'), args)).toBeUndefined();
    columns.coordinateGetter(key('ArrowLeft'), args);
    expect(collide(columns)).toEqual([{ id: 'new request' }]);
    expect(columns.coordinateGetter(key('ArrowLeft'), args)).toBeUndefined();
    expect(collide(columns)).toEqual([{ id: 'new request' }]);
  });

  it('without measured rectangles (jsdom) it still picks the column and keeps the card where it is', () => {
    const columns = createKeyboardColumns();
    columns.start('new request');

    const moved = columns.coordinateGetter(key('ArrowRight'), {
      active: 'card',
      context: boardContext(null),
      currentCoordinates: { x: 5, y: 6 },
    });

    expect(moved).toEqual({ x: 5, y: 6 });
    expect(collide(columns)).toEqual([{ id: 'contacted' }]);
  });

  it('after stop(), the arrows do nothing and collisions follow the pointer again', () => {
    const columns = createKeyboardColumns();
    columns.start('new request');
    columns.stop();

    expect(
      columns.coordinateGetter(key('ArrowRight'), {
        active: 'card',
        context: boardContext(),
        currentCoordinates: { x: 0, y: 0 },
      }),
    ).toBeUndefined();
    // No pointer and nothing measured: nothing under it.
    expect(collide(columns)).toEqual([]);
  });
});
