import {
  KeyboardCode,
  pointerWithin,
  rectIntersection,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { BOARD_COLUMNS, isRequestStatus, type RequestStatus } from '@crm/shared';

export type ColumnStep = 'left' | 'right';

/**
 * The column next to `current` in board order, among the columns that take a drop now (on the
 * screen, not disabled); undefined at the board's edge.
 */
export function neighbourColumn(
  current: RequestStatus,
  step: ColumnStep,
  available: readonly RequestStatus[],
): RequestStatus | undefined {
  const order = BOARD_COLUMNS.map((column) => column.status).filter(
    (status) => status === current || available.includes(status),
  );
  const at = order.indexOf(current);
  if (at === -1) return undefined;
  return order[step === 'right' ? at + 1 : at - 1];
}

const STEPS: Partial<Record<string, ColumnStep>> = {
  [KeyboardCode.Right]: 'right',
  [KeyboardCode.Left]: 'left',
};

/**
 * A keyboard drag goes column by column, not pixel by pixel: ArrowRight / ArrowLeft pick the
 * neighbouring column, which becomes the drop target whatever the rectangles say (so it also
 * works where nothing is laid out, as in jsdom), and the dragged card is drawn over that column
 * at its current height. ArrowUp / ArrowDown are left to the board, which scrolls (§2).
 * A pointer or touch drag drops where the pointer is (or, between two columns, on the one the
 * card overlaps most).
 */
export function createKeyboardColumns() {
  /** The column a keyboard drag started from; null when no keyboard drag is under way. */
  let from: RequestStatus | null = null;
  /**
   * The column it is over: none until the first arrow key, so that picking a card up is heard
   * as such, not as "over its own column".
   */
  let target: RequestStatus | null = null;

  const coordinateGetter: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
    const step = STEPS[event.code];
    const current = target ?? from;
    if (!step || current === null) return undefined;
    const available = [...context.droppableContainers.values()]
      .filter((container) => !container.disabled)
      .map((container) => container.id)
      .filter(isRequestStatus);
    const next = neighbourColumn(current, step, available);
    if (!next) return undefined;
    target = next;
    const rect = context.droppableRects.get(next);
    const dragged = context.collisionRect;
    if (!rect || !dragged) return { ...currentCoordinates };
    return { x: rect.left + (rect.width - dragged.width) / 2, y: currentCoordinates.y };
  };

  const collisionDetection: CollisionDetection = (args) => {
    if (from !== null) {
      const over = target;
      if (over === null) return [];
      return args.droppableContainers.some((container) => container.id === over)
        ? [{ id: over }]
        : [];
    }
    const underPointer = pointerWithin(args);
    return underPointer.length > 0 ? underPointer : rectIntersection(args);
  };

  return {
    coordinateGetter,
    collisionDetection,
    /** A keyboard drag starts in the card's own column. */
    start(column: RequestStatus) {
      from = column;
      target = null;
    },
    /** The drag ended or is a pointer drag: collisions follow the pointer again. */
    stop() {
      from = null;
      target = null;
    },
  };
}

export type KeyboardColumns = ReturnType<typeof createKeyboardColumns>;
