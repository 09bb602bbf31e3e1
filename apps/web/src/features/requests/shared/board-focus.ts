import type { RequestStatus } from '@crm/shared';
import { isOnPage } from '../../../components/ui/dialog';

/** Marks a card's pencil ("Editar solicitud"), the control that opens its Edit Request modal. */
export const CARD_EDIT_ATTRIBUTE = 'data-card-edit';

/** The card of `requestId` on the board, if it is drawn (columns draw only what is in view). */
export function cardElement(requestId: string): HTMLElement | null {
  // Compared as data, not put into a selector: the id comes from the URL.
  return (
    [...document.querySelectorAll<HTMLElement>('[data-request-id]')].find(
      (card) => card.dataset.requestId === requestId,
    ) ?? null
  );
}

/** A stage's column (its `<section>`), if the board shows it (a phone shows one). */
export function columnElement(status: RequestStatus): HTMLElement | null {
  return (
    [...document.querySelectorAll<HTMLElement>('section[data-status]')].find(
      (column) => column.dataset.status === status,
    ) ?? null
  );
}

/**
 * Where the focus goes back to when the Edit Request modal of `requestId` closes: the control
 * that opened it if it is still there (the pencil or the avatar), else the card's pencil (a card
 * moved to another stage is drawn anew in that column), else the card, else the column of its
 * stage, else the first column shown.
 */
export function requestFocusTarget(
  opener: HTMLElement | null,
  requestId: string,
  status: RequestStatus | undefined,
): HTMLElement | null {
  if (isOnPage(opener)) return opener;
  const card = cardElement(requestId);
  const pencil = card?.querySelector<HTMLElement>(`[${CARD_EDIT_ATTRIBUTE}]`);
  return (
    pencil ??
    card ??
    (status ? columnElement(status) : null) ??
    document.querySelector<HTMLElement>('section[data-status]')
  );
}
