import type { Active, Announcements, DataRef, Over, ScreenReaderInstructions } from '@dnd-kit/core';
import {
  columnTitleOf,
  DRAG_LABELS,
  isRequestStatus,
  type Request,
  type RequestStatus,
} from '@crm/shared';
import { cardLabel } from '../../card';

/** What a dragged card carries: the request as its column showed it when the drag began. */
export const cardDragData = (request: Request) => ({ request });

/** The request a drag carries (dnd-kit's data is untyped), or undefined for anything else. */
export function draggedRequest(data: DataRef | undefined): Request | undefined {
  const request: unknown = data?.current?.request;
  if (typeof request !== 'object' || request === null) return undefined;
  if (!('_id' in request) || !('status' in request) || !isRequestStatus(request.status))
    return undefined;
  return request as Request;
}

/** The stage a column takes drops for: its droppable id. */
const droppedOn = (over: Pick<Over, 'id'> | null): RequestStatus | undefined =>
  over && isRequestStatus(over.id) ? over.id : undefined;

export type CardMove = { request: Request; to: RequestStatus };

/**
 * What a drop asks for: the dragged request into the column it was dropped on, or nothing when
 * it was dropped outside every column or back on its own.
 */
export function dropTarget({
  active,
  over,
}: {
  active: Pick<Active, 'data'>;
  over: Pick<Over, 'id'> | null;
}): CardMove | null {
  const request = draggedRequest(active.data);
  const to = droppedOn(over);
  if (!request || !to || to === request.status) return null;
  return { request, to };
}

/** Read by screen readers when a card gets focus (its aria-describedby). */
export const DRAG_INSTRUCTIONS: ScreenReaderInstructions = {
  draggable: DRAG_LABELS.instructions,
};

const named = (active: Pick<Active, 'data'>) => {
  const request = draggedRequest(active.data);
  return request ? cardLabel(request) : DRAG_LABELS.unknownCard;
};

/** Where a card that did not move still is: " Sigue en CONTACTADO." (or nothing). */
const stillIn = (active: Pick<Active, 'data'>) => {
  const request = draggedRequest(active.data);
  return request ? DRAG_LABELS.stillIn(columnTitleOf(request.status)) : '';
};

/** Spoken through dnd-kit's live region while a card is dragged (all in Spanish). */
export const DRAG_ANNOUNCEMENTS: Announcements = {
  onDragStart({ active }) {
    const request = draggedRequest(active.data);
    const from = request ? DRAG_LABELS.fromColumn(columnTitleOf(request.status)) : '';
    return DRAG_LABELS.started(named(active), from);
  },
  onDragOver({ active, over }) {
    const to = droppedOn(over);
    if (!to) return DRAG_LABELS.overNothing(named(active));
    const request = draggedRequest(active.data);
    if (request?.status === to) return DRAG_LABELS.overOwn(named(active), columnTitleOf(to));
    return DRAG_LABELS.over(named(active), columnTitleOf(to));
  },
  onDragEnd({ active, over }) {
    const move = dropTarget({ active, over });
    if (move) return DRAG_LABELS.moved(named(active), columnTitleOf(move.to));
    return DRAG_LABELS.dropped(named(active), stillIn(active));
  },
  onDragCancel({ active }) {
    return DRAG_LABELS.cancelled(stillIn(active));
  },
};
