import type { Active, Announcements, DataRef, Over, ScreenReaderInstructions } from '@dnd-kit/core';
import { columnTitleOf, isRequestStatus, type Request, type RequestStatus } from '@crm/shared';
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
  draggable:
    'Para mover la solicitud a otra columna, pulsa Espacio o Enter. Luego usa las flechas ' +
    'izquierda y derecha para elegir la columna, y pulsa Espacio o Enter para soltarla ahí, o ' +
    'Escape para cancelar. También puedes usar el botón «Mover a…» de la tarjeta.',
};

const named = (active: Pick<Active, 'data'>) => {
  const request = draggedRequest(active.data);
  return request ? cardLabel(request) : 'La solicitud';
};

/** Spoken through dnd-kit's live region while a card is dragged (all in Spanish). */
export const DRAG_ANNOUNCEMENTS: Announcements = {
  onDragStart({ active }) {
    const request = draggedRequest(active.data);
    const from = request ? ` de la columna ${columnTitleOf(request.status)}` : '';
    return `Tomaste ${named(active)}${from}. Usa las flechas izquierda y derecha para cambiar de columna.`;
  },
  onDragOver({ active, over }) {
    const to = droppedOn(over);
    if (!to) return `${named(active)} no está sobre ninguna columna.`;
    const request = draggedRequest(active.data);
    if (request?.status === to) {
      return `${named(active)} está sobre su columna, ${columnTitleOf(to)}.`;
    }
    return `${named(active)} está sobre la columna ${columnTitleOf(to)}.`;
  },
  onDragEnd({ active, over }) {
    const move = dropTarget({ active, over });
    if (move) return `${named(active)} movida a ${columnTitleOf(move.to)}.`;
    const request = draggedRequest(active.data);
    const where = request ? ` Sigue en ${columnTitleOf(request.status)}.` : '';
    return `${named(active)} soltada sin cambiar de columna.${where}`;
  },
  onDragCancel({ active }) {
    const request = draggedRequest(active.data);
    const where = request ? ` Sigue en ${columnTitleOf(request.status)}.` : '';
    return `Movimiento cancelado.${where}`;
  },
};
