import { memo, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Request, RequestStatus } from '@crm/shared';
import { useRequestRecord } from '../../../api/requests/get-request';
import { DraggableCard, type DraggableCardProps } from './drag/draggable-card';
import { DepartedLine, type DepartedLineProps } from './departed-line';
import { cardElement } from '../shared';
import type { CardOwner } from '../card';
import { useSelectionFact } from './bulk/selection';
import { BOARD_LABELS } from '@crm/shared';

/** A first guess at a card's height; each card is measured once drawn (heights vary). */
const ESTIMATED_CARD_PX = 132;
const GAP_PX = 8;
/** Cards drawn beyond the visible ones, above and below, so a quick scroll shows no gap. */
const OVERSCAN = 4;
/** The next page is asked for when the last drawn card is this close to the loaded end. */
const PREFETCH_CARDS = 8;

export type ColumnCardsProps = {
  /** The ids the column lists, in board order: each card reads its request's record. */
  ids: readonly string[];
  /** The column's total under the filters (the server's count). */
  total: number;
  /** The board: the one element that scrolls, for every column (§2). */
  scrollElement: HTMLElement;
  labelledBy: string;
  busy: boolean;
  ownerOf: (request: Request) => CardOwner | null;
  canDelete: boolean;
  onEdit: (requestId: string) => void;
  onMove: (request: Request, to: RequestStatus) => void;
  /** A card's checkbox (issue 24); `range` with Shift. */
  onSelect: (requestId: string, range: boolean) => void;
  /** Whether the cards can be dragged to another column (only those drawn can). */
  draggable: boolean;
  /** Called when the person has scrolled near the end of the loaded cards. */
  onNearEnd: () => void;
  /** On a phone: the card just moved elsewhere, whose id in `ids` is drawn as its line. */
  departed?: Omit<DepartedLineProps, 'requestId'> & { id: string };
  /** A card to scroll to and focus (a line's "Ver"); `onRevealed` once that was tried. */
  reveal?: string | null;
  onRevealed?: () => void;
};

/**
 * A column's cards, virtualised: only those in view (and a few more) are in the DOM, so a
 * column of 20,000 scrolls as smoothly as one of 20. The board scrolls, not the column, so every
 * column measures its position against the board's scroll (its `scrollMargin`).
 */
export function ColumnCards({
  ids,
  total,
  scrollElement,
  labelledBy,
  busy,
  ownerOf,
  canDelete,
  onEdit,
  onMove,
  onSelect,
  draggable,
  onNearEnd,
  departed,
  reveal,
  onRevealed,
}: ColumnCardsProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const scrollMargin = useOffsetWithin(listRef, scrollElement);
  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement: () => scrollElement,
    estimateSize: () => ESTIMATED_CARD_PX,
    getItemKey: (index) => ids[index] ?? index,
    overscan: OVERSCAN,
    gap: GAP_PX,
    scrollMargin,
  });
  const rows = virtualizer.getVirtualItems();
  const lastDrawn = rows.at(-1)?.index;

  useEffect(() => {
    if (lastDrawn !== undefined && lastDrawn >= ids.length - 1 - PREFETCH_CARDS) onNearEnd();
  }, [lastDrawn, ids.length, onNearEnd]);

  // "Ver": after the board's own scroll to the top (a new stage), to the card and onto it; a
  // card not among those loaded leaves the focus on its column.
  const { scrollToIndex } = virtualizer;
  useEffect(() => {
    if (!reveal) return;
    onRevealed?.();
    const index = ids.indexOf(reveal);
    let frames = 0;
    const step = () => {
      const card = cardElement(reveal);
      if (card) card.focus();
      else if (index >= 0 && ++frames < 30) requestAnimationFrame(step);
      else listRef.current?.closest<HTMLElement>('section')?.focus();
    };
    requestAnimationFrame(() => {
      if (index >= 0) scrollToIndex(index, { align: 'center' });
      step();
    });
  }, [reveal, ids, onRevealed, scrollToIndex]);

  // The same element holds the cards or the empty column's words, so its offset stays measured.
  // A feed holds articles: an empty column says so in words instead of an empty feed.
  return (
    <div ref={listRef}>
      {ids.length === 0 ? (
        <p className="px-1 py-2 text-xs text-slate-600">{BOARD_LABELS.empty}</p>
      ) : (
        <div
          role="feed"
          aria-labelledby={labelledBy}
          aria-busy={busy}
          className="relative"
          style={{ height: virtualizer.getTotalSize() }}
        >
          {rows.map((row) => {
            const requestId = ids[row.index];
            if (!requestId) return null;
            // The cards after a departed one's line keep their place among the column's cards.
            const before = departed && ids.indexOf(departed.id) < row.index ? 1 : 0;
            return (
              <div
                key={row.key}
                data-index={row.index}
                ref={virtualizer.measureElement}
                className="absolute inset-x-0 top-0"
                style={{ transform: `translateY(${row.start - scrollMargin}px)` }}
              >
                {requestId === departed?.id ? (
                  <DepartedLine
                    requestId={requestId}
                    onShow={departed.onShow}
                    onEnd={departed.onEnd}
                  />
                ) : (
                  <ListedCard
                    requestId={requestId}
                    ownerOf={ownerOf}
                    canDelete={canDelete}
                    onEdit={onEdit}
                    onMove={onMove}
                    onSelect={onSelect}
                    draggable={draggable}
                    position={row.index + 1 - before}
                    total={total}
                  />
                )}
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}

type ListedCardProps = Omit<DraggableCardProps, 'request' | 'owner'> & {
  requestId: string;
  ownerOf: (request: Request) => CardOwner | null;
};

/**
 * One listed id drawn as its card, from the request's record: a save, a move or a note changes
 * the record, and only the cards showing that request draw again, not the column.
 */
const ListedCard = memo(function ListedCard({ requestId, ownerOf, ...card }: ListedCardProps) {
  const request = useRequestRecord(requestId);
  const selected = useSelectionFact((ids) => ids.has(requestId));
  const selecting = useSelectionFact((ids) => ids.size > 0);
  if (!request) return null;
  return (
    <DraggableCard
      {...card}
      request={request}
      owner={ownerOf(request)}
      selected={selected}
      selecting={selecting}
    />
  );
});

/**
 * Where `element` starts inside the scrolling `container`'s content (below the sticky header
 * and the board's padding). Measured again when the board is resized (the header may wrap) or
 * the column changes size.
 */
function useOffsetWithin(elementRef: RefObject<HTMLElement | null>, container: HTMLElement) {
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const element = elementRef.current;
    if (!element) return;
    const measure = () =>
      setOffset(
        Math.round(
          element.getBoundingClientRect().top -
            container.getBoundingClientRect().top +
            container.scrollTop,
        ),
      );
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(container);
    const column = element.closest('section');
    if (column) observer.observe(column);
    return () => observer.disconnect();
  }, [elementRef, container]);
  return offset;
}
