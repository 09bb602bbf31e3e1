import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useDroppable } from '@dnd-kit/core';
import { SESSION_MESSAGES, type BoardFilters, type Request, type RequestStatus } from '@crm/shared';
import { useColumn } from '../../../api/requests/get-column';
import { hasFailed, LoadError } from '../../../components/ui/load-error';
import { LoadingText } from '../../../components/ui/status-text';
import { draggedRequest } from './drag/card-drag';
import { ColumnCards } from './column-cards';
import { ColumnHeader } from './column-header';
import { LoadMoreRow } from './load-more-row';
import type { CardOwner } from '../card';
import { useBoardSelection, useSelectionFact } from './bulk/selection';

/**
 * How far the board call has gone: it seeds every column's first page. When it `failed`, every
 * column shows its error and "Reintentar", which asks the board again (`retry`), `retrying` while
 * that runs.
 */
export type BoardSeed = {
  ready: boolean;
  failed?: boolean;
  errorMessage?: string;
  retry?: () => void;
  retrying?: boolean;
};

/** On a phone: a card just moved out of the column shown, and where it was in it. */
export type Departure = { id: string; from: RequestStatus; index: number };

export type BoardColumnProps = {
  status: RequestStatus;
  title: string;
  filters: BoardFilters;
  seed: BoardSeed;
  /**
   * The board, the one element that scrolls (§2), once mounted. Passed as an element, not a
   * ref: React attaches a parent's ref after its children's layout effects, where the
   * virtualiser looks for it.
   */
  scrollElement: HTMLElement | null;
  ownerOf: (request: Request) => CardOwner | null;
  canDelete: boolean;
  onEdit: (requestId: string) => void;
  /** "Mover a…" on each card; `index`: where the card is in the column. */
  onMove: (request: Request, to: RequestStatus, index: number) => void;
  /** Whether cards can be dragged (not on a phone, where this is the only column shown). */
  draggable: boolean;
  /** Only the "new request" column has the "+" button (§2). */
  onCreate?: () => void;
  /** The installation's currency, for the header's total (undefined until the settings are read). */
  currency: string | undefined;
  /** On a phone (issue 25): the line a card moved away leaves, and the card "Ver" shows. */
  trail?: {
    departure: Departure | null;
    onShow: (requestId: string, status: RequestStatus) => void;
    onEnd: () => void;
    reveal: string | null;
    onRevealed: () => void;
  };
};

/**
 * One stage column: its own paged query, seeded by the board call, loading further pages as
 * the board scrolls down to its end. The header's count is the server's. The whole column takes
 * dropped cards (its stage is the droppable's id) and lights up while a card from another
 * column is over it.
 */
export function BoardColumn({
  status,
  title,
  filters,
  seed,
  scrollElement,
  ownerOf,
  canDelete,
  onEdit,
  onMove,
  draggable,
  onCreate,
  currency,
  trail,
}: BoardColumnProps) {
  const { setNodeRef, isOver, active } = useDroppable({ id: status });
  const dropHere = isOver && draggedRequest(active?.data)?.status !== status;
  const column = useColumn(filters, status, { enabled: seed.ready, keepPrevious: true });
  const { data, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = column;
  const headingId = `column-${status.replace(/\W+/g, '-')}`;

  // The column lists ids; each card reads its request's record (see ColumnCards).
  const loaded = useMemo(() => data?.pages.flatMap((page) => page.ids) ?? [], [data]);
  // A card moved out of it (on a phone) keeps its place as a line while it is elsewhere.
  const departure = trail?.departure;
  const departed =
    departure && departure.from === status && !loaded.includes(departure.id)
      ? departure
      : undefined;
  const ids = useMemo(
    () =>
      departed
        ? [...loaded.slice(0, departed.index), departed.id, ...loaded.slice(departed.index)]
        : loaded,
    [loaded, departed],
  );
  // Read when a card is moved, so the cards need not draw again each time a page loads.
  const loadedRef = useRef(loaded);
  useEffect(() => {
    loadedRef.current = loaded;
  }, [loaded]);
  const moveFrom = useCallback(
    (request: Request, to: RequestStatus) =>
      onMove(request, to, loadedRef.current.indexOf(request._id)),
    [onMove],
  );
  // Issue 24: a card's checkbox (Shift: the range within this column) and "Seleccionar la columna".
  const selection = useBoardSelection();
  const select = useCallback(
    (requestId: string, range: boolean) =>
      selection.toggle(requestId, range ? loadedRef.current : undefined),
    [selection],
  );
  const allSelected = useSelectionFact(
    (selected) => loaded.length > 0 && loaded.every((id) => selected.has(id)),
  );
  const selecting = useSelectionFact((selected) => selected.size > 0);
  const count = data?.pages.at(-1)?.count;
  const totalValue = data?.pages.at(-1)?.totalValue;
  const outcomeValues = data?.pages.at(-1)?.outcomeValues;
  // The board call failed (asking it again seeds every column), or this column's own call.
  const boardFailed = Boolean(seed.failed && seed.retry);
  const state = boardFailed || hasFailed(column) ? 'error' : data ? 'ready' : 'loading';
  const errorMessage =
    (boardFailed ? seed.errorMessage : column.error?.message) ?? SESSION_MESSAGES.fetchFailed;
  const retry = (boardFailed ? seed.retry : undefined) ?? (() => void column.refetch());
  const retrying = boardFailed ? Boolean(seed.retrying) : column.isFetching;

  // The previous filters' cards (shown while the new ones load) have nothing more to load.
  const showingPrevious = column.isPlaceholderData;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !showingPrevious) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, showingPrevious, fetchNextPage]);
  // Scrolling asks again only until a page fails; then the button retries.
  const loadMoreOnScroll = useCallback(() => {
    if (!isFetchNextPageError) loadMore();
  }, [isFetchNextPageError, loadMore]);

  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      // Takes the focus when a card moved here by keyboard is not drawn (see useBoardMove).
      tabIndex={-1}
      data-status={status}
      data-drop-target={dropHere || undefined}
      className={`flex min-w-0 flex-col rounded-xl transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${
        dropHere ? 'bg-indigo-50 ring-2 ring-indigo-400' : 'bg-slate-100/80 ring-1 ring-slate-200'
      }`}
    >
      <ColumnHeader
        headingId={headingId}
        title={title}
        count={state === 'ready' ? count : undefined}
        totalValue={state === 'ready' ? totalValue : undefined}
        outcomeValues={state === 'ready' ? outcomeValues : undefined}
        currency={currency}
        onCreate={onCreate}
        selectColumn={
          state === 'ready' && loaded.length > 0
            ? { checked: allSelected, selecting, onChange: () => selection.toggleAll(loaded) }
            : undefined
        }
      />

      {/* Only the previous filters' cards are dimmed while the new ones load: an error that
          takes their place keeps its full contrast. */}
      <div
        className={`px-1.5 pb-2 transition-opacity ${
          showingPrevious && state === 'ready' ? 'opacity-60' : ''
        }`}
      >
        {state === 'loading' ? <LoadingText className="px-1 py-2 text-sm" /> : null}
        {state === 'error' ? (
          <LoadError
            message={errorMessage}
            onRetry={retry}
            retrying={retrying}
            className="px-1 py-2"
          />
        ) : null}
        {state === 'ready' && scrollElement ? (
          <>
            <ColumnCards
              ids={ids}
              total={count ?? ids.length}
              scrollElement={scrollElement}
              labelledBy={headingId}
              busy={isFetchingNextPage || showingPrevious}
              ownerOf={ownerOf}
              canDelete={canDelete}
              onEdit={onEdit}
              onMove={moveFrom}
              onSelect={select}
              draggable={draggable}
              onNearEnd={loadMoreOnScroll}
              departed={
                departed && trail
                  ? { id: departed.id, onShow: trail.onShow, onEnd: trail.onEnd }
                  : undefined
              }
              reveal={trail?.reveal}
              onRevealed={trail?.onRevealed}
            />
            {hasNextPage && !showingPrevious ? (
              <LoadMoreRow
                remaining={Math.max(0, (count ?? 0) - ids.length)}
                loading={isFetchingNextPage}
                errorMessage={isFetchNextPageError ? column.error?.message : undefined}
                onLoadMore={loadMore}
              />
            ) : null}
          </>
        ) : null}
      </div>
    </section>
  );
}
