import { useCallback, useMemo } from 'react';
import { useDraggable } from '@dnd-kit/core';
import { cardDragData } from './card-drag';
import { RequestCard, type CardDragProps, type RequestCardProps } from '../../card';

export type DraggableCardProps = Omit<RequestCardProps, 'drag' | 'dragState'> & {
  /** False on a phone: one column shows, so there is nowhere to drop ("Mover a…" instead). */
  draggable: boolean;
};

/**
 * A card that can be dragged to another column: with the mouse (once it has moved a few
 * pixels, so its buttons still click), a long press on a touch screen, or the keyboard (the card
 * takes the focus; Space or Enter picks it up, see BoardDragContext). The card keeps its article
 * role (the column is a feed of articles); the drag instructions are its description.
 */
export function DraggableCard({ draggable, ...cardProps }: DraggableCardProps) {
  const { request } = cardProps;
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, isDragging } = useDraggable({
    id: request._id,
    data: cardDragData(request),
    disabled: !draggable,
  });
  const ref = useCallback(
    (node: HTMLElement | null) => {
      setNodeRef(node);
      // Only a key pressed on the card itself picks it up, not one on its buttons.
      setActivatorNodeRef(node);
    },
    [setNodeRef, setActivatorNodeRef],
  );
  const describedBy = attributes['aria-describedby'];
  const drag: CardDragProps | undefined = useMemo(
    () =>
      draggable ? { ref, ...listeners, tabIndex: 0, 'aria-describedby': describedBy } : undefined,
    [draggable, ref, listeners, describedBy],
  );
  return <RequestCard {...cardProps} drag={drag} dragState={isDragging ? 'source' : 'idle'} />;
}
