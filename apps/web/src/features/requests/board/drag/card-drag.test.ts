import { describe, expect, it } from 'vitest';
import type { DataRef } from '@dnd-kit/core';
import type { Request } from '@crm/shared';
import { cardDragData, DRAG_ANNOUNCEMENTS, draggedRequest, dropTarget } from './card-drag';

const request = {
  _id: '665f1c2b8a1e4b3d9c0f1a2b',
  requestNumber: 42,
  name: 'Marta Díaz',
  status: 'new request',
} as Request;
const carrying = (value: Request): { data: DataRef } => ({
  data: { current: cardDragData(value) },
});

describe('dropTarget', () => {
  it('a card dropped on another column moves there', () => {
    expect(dropTarget({ active: carrying(request), over: { id: 'closed' } })).toEqual({
      request,
      to: 'closed',
    });
  });

  it('dropped on its own column, outside every column, or on something that is not a column: no move', () => {
    expect(dropTarget({ active: carrying(request), over: { id: 'new request' } })).toBeNull();
    expect(dropTarget({ active: carrying(request), over: null })).toBeNull();
    expect(dropTarget({ active: carrying(request), over: { id: 'somewhere' } })).toBeNull();
  });

  it('a drag that carries no request moves nothing', () => {
    expect(dropTarget({ active: { data: { current: {} } }, over: { id: 'closed' } })).toBeNull();
    expect(draggedRequest({ current: { request: { _id: 'x', status: 'gone' } } })).toBeUndefined();
  });
});

describe('DRAG_ANNOUNCEMENTS', () => {
  const active = {
    id: request._id,
    ...carrying(request),
    rect: { current: { initial: null, translated: null } },
  };
  const over = (id: string) => ({
    id,
    rect: { left: 0, top: 0, width: 0, height: 0, right: 0, bottom: 0 },
    disabled: false,
    data: { current: {} },
  });

  it('name the request and the column titles, in Spanish', () => {
    expect(DRAG_ANNOUNCEMENTS.onDragStart({ active })).toBe(
      'Tomaste Solicitud 42: Marta Díaz de la columna NUEVA SOLICITUD. Usa las flechas izquierda y derecha para cambiar de columna.',
    );
    expect(DRAG_ANNOUNCEMENTS.onDragOver({ active, over: over('quote sent') })).toBe(
      'Solicitud 42: Marta Díaz está sobre la columna COTIZACIÓN ENVIADA.',
    );
    expect(DRAG_ANNOUNCEMENTS.onDragOver({ active, over: over('new request') })).toBe(
      'Solicitud 42: Marta Díaz está sobre su columna, NUEVA SOLICITUD.',
    );
    expect(DRAG_ANNOUNCEMENTS.onDragOver({ active, over: null })).toBe(
      'Solicitud 42: Marta Díaz no está sobre ninguna columna.',
    );
    expect(DRAG_ANNOUNCEMENTS.onDragEnd({ active, over: over('closed') })).toBe(
      'Solicitud 42: Marta Díaz movida a CERRADO.',
    );
    expect(DRAG_ANNOUNCEMENTS.onDragEnd({ active, over: null })).toBe(
      'Solicitud 42: Marta Díaz soltada sin cambiar de columna. Sigue en NUEVA SOLICITUD.',
    );
    expect(DRAG_ANNOUNCEMENTS.onDragCancel({ active, over: over('closed') })).toBe(
      'Movimiento cancelado. Sigue en NUEVA SOLICITUD.',
    );
  });
});
