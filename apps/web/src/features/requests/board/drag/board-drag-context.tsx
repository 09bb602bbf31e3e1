import { useCallback, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCodes,
} from '@dnd-kit/core';
import type { Request, RequestStatus } from '@crm/shared';
import type { MoveVia } from './use-board-move';
import { DRAG_ANNOUNCEMENTS, DRAG_INSTRUCTIONS, draggedRequest, dropTarget } from './card-drag';
import { createKeyboardColumns } from './keyboard-columns';

/** The mouse must move this far before a press becomes a drag: a click still clicks. */
const MOUSE_DRAG_DISTANCE_PX = 6;
/** A touch drags after a long press, so a swipe still scrolls the board. */
const TOUCH_DRAG_DELAY_MS = 250;
/** How far a finger may wander during the long press before it counts as a scroll. */
const TOUCH_DRAG_TOLERANCE_PX = 8;

/**
 * Space or Enter on a focused card picks it up and drops it; Escape cancels, and so does Tab
 * (dnd-kit would drop on Tab: leaving the card should not move it).
 */
const KEYBOARD_CODES: KeyboardCodes = {
  start: ['Space', 'Enter'],
  cancel: ['Escape', 'Tab'],
  end: ['Space', 'Enter'],
};

export type BoardDragContextProps = {
  children: ReactNode;
  onMove: (request: Request, to: RequestStatus, via: MoveVia) => void;
  /** The card drawn under the pointer while dragging. */
  renderPreview: (request: Request) => ReactNode;
};

/**
 * Drag and drop on the board (dnd-kit): cards (DraggableCard) drop on columns (BoardColumn's
 * droppable section). Mouse and touch use separate sensors, not one pointer sensor, so that a
 * finger scrolling the board never starts a drag; the keyboard goes column by column
 * (keyboard-columns.ts). What is said to screen readers is Spanish (card-drag.ts). A drop on
 * another column calls `onMove`; the card then moves at once (optimistic, useMoveRequest).
 */
export function BoardDragContext({ children, onMove, renderPreview }: BoardDragContextProps) {
  const [columns] = useState(createKeyboardColumns);
  const [dragged, setDragged] = useState<Request | null>(null);
  const via = useRef<MoveVia>('pointer');
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: MOUSE_DRAG_DISTANCE_PX } }),
    useSensor(TouchSensor, {
      activationConstraint: { delay: TOUCH_DRAG_DELAY_MS, tolerance: TOUCH_DRAG_TOLERANCE_PX },
    }),
    useSensor(KeyboardSensor, {
      coordinateGetter: columns.coordinateGetter,
      keyboardCodes: KEYBOARD_CODES,
    }),
  );

  const onDragStart = useCallback(
    ({ active, activatorEvent }: DragStartEvent) => {
      const request = draggedRequest(active.data) ?? null;
      const keyboard = activatorEvent instanceof KeyboardEvent;
      via.current = keyboard ? 'keyboard' : 'pointer';
      if (keyboard && request) columns.start(request.status);
      else columns.stop();
      setDragged(request);
    },
    [columns],
  );

  const onDragEnd = useCallback(
    (event: DragEndEvent) => {
      columns.stop();
      setDragged(null);
      const move = dropTarget(event);
      if (move) onMove(move.request, move.to, via.current);
    },
    [columns, onMove],
  );

  const onDragCancel = useCallback(() => {
    columns.stop();
    setDragged(null);
  }, [columns]);

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={columns.collisionDetection}
      accessibility={{
        announcements: DRAG_ANNOUNCEMENTS,
        screenReaderInstructions: DRAG_INSTRUCTIONS,
      }}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
    >
      {children}
      {/* Over everything, not inside the board that scrolls (and clips). No drop animation: the
          card is already in its new column when the preview would fly back to the old one. */}
      {createPortal(
        <DragOverlay dropAnimation={null} zIndex={40}>
          {dragged ? (
            <div aria-hidden inert data-testid="drag-preview">
              {renderPreview(dragged)}
            </div>
          ) : null}
        </DragOverlay>,
        document.body,
      )}
    </DndContext>
  );
}
