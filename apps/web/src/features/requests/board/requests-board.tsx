import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import {
  BOARD_COLUMNS,
  SESSION_MESSAGES,
  type Request,
  type RequestStatus,
  BOARD_LABELS,
} from '@crm/shared';
import { useBoard } from '../../../api/requests/get-board';
import { useCurrentUser } from '../../../api/session/get-current-user';
import { useSettings } from '../../../api/settings/get-settings';
import { useUsers } from '../../../api/users/get-users';
import { hasFailed } from '../../../components/ui/load-error';
import { fullName, initials } from '../../../lib/format';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useBoardFilters } from './toolbar/use-board-filters';
import { useRestoredBoardFilters, useSaveBoardFilters } from './toolbar/use-remembered-filters';
import { LoadingText } from '../../../components/ui/status-text';
import { useBoardKeyboardScroll } from './keyboard/use-board-keyboard-scroll';
import { useBoardMove } from './drag/use-board-move';
import { useBoardShortcuts } from './keyboard/use-board-shortcuts';
import { BoardColumn, type BoardSeed, type Departure } from './board-column';
import { BoardDragContext } from './drag/board-drag-context';
import { BOARD_PATH } from '../shared';
import { BoardToolbar } from './toolbar/board-toolbar';
import { HiddenMatchesNotice } from './hidden-matches-notice';
import { CreateRequestModal, usePreloadRequestWindow } from '../request-editor';
import { KeyboardHelpDialog } from './keyboard/keyboard-help-dialog';
import { CardCompleteProvider, CardTimeProvider, RequestCard, type CardOwner } from '../card';
import { StageSwitcher } from './stage-switcher';
import { PipelineSummary } from './pipeline-summary';
import { EmptyBoardGuide } from './empty-board-guide';
import { OutcomeQuestionHost } from '../outcome';
import { BoardSelectionContext, createBoardSelection } from './bulk/selection';

// Issue 24: the bulk actions' bar and dialogs, loaded when the first card is selected.
const BulkBar = lazy(() =>
  import('./bulk/bulk-bar').then((module) => ({ default: module.BulkBar })),
);

/** Below Tailwind's `md`: one column at a time, picked with the stage switcher. */
const PHONE_QUERY = '(max-width: 767.98px)';

const noEdit = () => undefined;

/**
 * /main/requests (§2): the search and filters (in the URL), then five stage columns, each its
 * own paged query seeded by one board call. /main/requests/:requestId opens that request's
 * Edit Request modal over the board (the nested route renders into the Outlet). A card moves to
 * another stage by drag and drop (mouse, long press, keyboard) or its "Mover a…" menu.
 */
export function RequestsBoard() {
  // Issue 25: an address without filters first gets the caller's remembered ones.
  const ready = useRestoredBoardFilters();
  return ready ? <BoardScreen /> : <LoadingText className="p-5 text-sm" />;
}

function BoardScreen() {
  const { filters, setFilters } = useBoardFilters();
  useSaveBoardFilters(filters);
  const board = useBoard(filters);
  const users = useUsers();
  const { isAdmin } = useCurrentUser();
  const settings = useSettings();
  const currency = settings.data?.currency;
  const isPhone = useMediaQuery(PHONE_QUERY);
  const [stage, setStage] = useState<RequestStatus>(BOARD_COLUMNS[0].status);
  // On a phone: the card just moved out of the stage shown (its line), the card "Ver" shows.
  const [departure, setDeparture] = useState<Departure | null>(null);
  const [reveal, setReveal] = useState<string | null>(null);
  // Another stage: the line stays behind with the one it was in.
  const showStage = useCallback((status: RequestStatus) => {
    setDeparture(null);
    setStage(status);
  }, []);
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const { search } = useLocation();
  const boardRef = useRef<HTMLDivElement | null>(null);
  // The columns need the element itself, after it mounts (see BoardColumn's scrollElement).
  const [boardElement, setBoardElement] = useState<HTMLDivElement | null>(null);
  const attachBoard = useCallback((element: HTMLDivElement | null) => {
    boardRef.current = element;
    setBoardElement(element);
  }, []);
  useBoardKeyboardScroll(boardRef);
  const [helpOpen, setHelpOpen] = useState(false);
  const showHelp = useCallback(() => setHelpOpen(true), []);
  // 1–5 go to a column, "?" lists the keys (use-board-shortcuts.ts says why these keys).
  useBoardShortcuts({ boardRef, showColumn: showStage, onHelp: showHelp });

  // Issue 24: the cards selected for a bulk action; other filters start a new selection.
  const [selection] = useState(createBoardSelection);
  const selecting = useSyncExternalStore(selection.subscribe, () => selection.ids().size > 0);
  // Other filters, or another stage on a phone, start at the top of the board.
  const filtersKey = JSON.stringify(filters);
  useEffect(() => selection.clear(), [filtersKey, selection]);
  useEffect(() => {
    if (boardRef.current) boardRef.current.scrollTop = 0;
  }, [filtersKey, stage]);

  // §2: the avatar shows the initials of the user whose events hold the request, which is the
  // request's vendor (the API no longer sends `events`); their photo when they have one
  // (issue 23).
  const ownerById = useMemo(() => {
    const owners = new Map<string, CardOwner>();
    for (const user of users.data ?? []) {
      owners.set(user._id, {
        initials: initials(user),
        fullName: fullName(user),
        photo: user.photo,
      });
    }
    return owners;
  }, [users.data]);
  const ownerOf = useCallback(
    (request: Request) => (request.vendor ? (ownerById.get(request.vendor) ?? null) : null),
    [ownerById],
  );

  const moveCard = useBoardMove();
  const moveFromMenu = useCallback(
    (request: Request, to: RequestStatus, index: number) => {
      const moving = moveCard(request, to, 'menu');
      if (!isPhone || !moving) return;
      // The card leaves the one column shown: a line keeps its place, unless it stays after all
      // (the closing question cancelled, the move refused).
      const left: Departure = { id: request._id, from: request.status, index };
      setDeparture(left);
      moving.catch(() => setDeparture((now) => (now === left ? null : now)));
    },
    [moveCard, isPhone],
  );
  const trail = useMemo(
    () => ({
      departure,
      onShow: (requestId: string, status: RequestStatus) => {
        setDeparture(null);
        setStage(status);
        setReveal(requestId);
      },
      onEnd: () => setDeparture(null),
      reveal,
      onRevealed: () => setReveal(null),
    }),
    [departure, reveal],
  );
  const renderPreview = useCallback(
    (request: Request) => (
      <RequestCard
        request={request}
        owner={ownerOf(request)}
        canDelete={isAdmin}
        onEdit={noEdit}
        position={1}
        total={1}
        dragState="preview"
      />
    ),
    [ownerOf, isAdmin],
  );

  const openRequest = useCallback(
    (requestId: string) =>
      navigate({ pathname: `${BOARD_PATH}/${requestId}`, search }, { state: { fromBoard: true } }),
    [navigate, search],
  );

  // Issue 33: the request window's form is a chunk of its own, fetched once a card may be opened.
  usePreloadRequestWindow(boardElement);

  const { refetch: refetchBoard } = board;
  const boardFailed = hasFailed(board);
  const seed: BoardSeed = useMemo(
    () => ({
      ready: board.isSuccess,
      failed: boardFailed,
      errorMessage: board.error?.message ?? SESSION_MESSAGES.fetchFailed,
      retry: () => void refetchBoard(),
      retrying: board.isFetching,
    }),
    [board.isSuccess, boardFailed, board.error, board.isFetching, refetchBoard],
  );
  const columns = isPhone
    ? BOARD_COLUMNS.filter((column) => column.status === stage)
    : BOARD_COLUMNS;

  return (
    <BoardSelectionContext.Provider value={selection}>
      <div className="flex h-full min-h-0 flex-col">
        <h1 className="sr-only">{BOARD_LABELS.title}</h1>
        <BoardToolbar
          filters={filters}
          compact={isPhone}
          users={users.data ?? []}
          onChange={setFilters}
          onShowShortcuts={showHelp}
        />
        <HiddenMatchesNotice filters={filters} onChange={setFilters} />
        {isPhone ? (
          <StageSwitcher
            value={stage}
            filters={filters}
            enabled={board.isSuccess}
            onChange={showStage}
          />
        ) : null}
        <PipelineSummary
          filters={filters}
          currency={currency}
          winProbability={settings.data?.winProbability}
        />
        <EmptyBoardGuide filters={filters} isAdmin={isAdmin} onCreate={() => setCreating(true)} />
        <div
          ref={attachBoard}
          data-testid="board"
          className="min-h-0 flex-1 overflow-auto overscroll-contain px-3 pb-3 md:px-5 md:pb-5"
        >
          {/* Top padding inside, not on the scroller: sticky column headers then stick to its very
            top edge instead of leaving a strip where scrolled cards show through. The columns
            stretch to the tallest, so every header stays stuck while the board scrolls. */}
          {/* The settings (stale days), the clock and "Completar", once for every card. */}
          <CardTimeProvider>
            <CardCompleteProvider>
              <BoardDragContext onMove={moveCard} renderPreview={renderPreview}>
                <div
                  className={`grid gap-2.5 pt-3 ${
                    isPhone ? 'grid-cols-1' : 'grid-cols-[repeat(5,minmax(11.5rem,1fr))]'
                  }`}
                >
                  {columns.map((column) => (
                    <BoardColumn
                      key={column.status}
                      status={column.status}
                      title={column.title}
                      filters={filters}
                      seed={seed}
                      scrollElement={boardElement}
                      ownerOf={ownerOf}
                      canDelete={isAdmin}
                      onEdit={openRequest}
                      onMove={moveFromMenu}
                      draggable={!isPhone}
                      currency={currency}
                      onCreate={
                        column.status === 'new request' ? () => setCreating(true) : undefined
                      }
                      trail={isPhone ? trail : undefined}
                    />
                  ))}
                </div>
              </BoardDragContext>
            </CardCompleteProvider>
          </CardTimeProvider>
        </div>

        {selecting ? (
          <Suspense fallback={null}>
            <BulkBar isAdmin={isAdmin} users={users.data ?? []} />
          </Suspense>
        ) : null}

        <CreateRequestModal
          open={creating}
          onClose={() => setCreating(false)}
          onCreated={openRequest}
        />
        <KeyboardHelpDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
        <Outlet />
        {/* "¿Ganada o perdida?" for every move to CERRADO, the modal's included (it opens here). */}
        <OutcomeQuestionHost />
      </div>
    </BoardSelectionContext.Provider>
  );
}
