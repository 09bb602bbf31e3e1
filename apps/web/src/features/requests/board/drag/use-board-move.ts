import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Request, RequestStatus } from '@crm/shared';
import { useCurrentUser } from '../../../../api/session/get-current-user';
import {
  BOARD_PATH,
  cardElement,
  columnElement,
  FOCUS_PARAM,
  firstFillableField,
  fixableMissing,
  markStageWarned,
} from '../../shared';
import { useMoveWithOutcome } from '../../outcome';
import { showMovedNotice } from './moved-notice';

/**
 * How the move was asked for. A drag shows the card arriving, so it only speaks up when the new
 * stage lacks something; "Mover a…" takes the card out of sight (on a phone the column shown is
 * the old one), so it always confirms. A keyboard drag or the menu had the focus on the card,
 * which then leaves its column: the focus follows it. "Deshacer" on a move's notice moves it back
 * ('undo') and says so in a notice of its own; the focus goes to the card.
 */
export type MoveVia = 'pointer' | 'keyboard' | 'menu' | 'undo';

/**
 * Once the card has left its column (the move is optimistic, a moment after the call), focuses
 * it where it arrived. Where it is not drawn (the column is long and the card sorts further down,
 * or the column is not on screen, as on a phone), the column it went to, else the stage switcher.
 */
function followWithFocus(id: string, to: RequestStatus, origin: HTMLElement) {
  let frames = 0;
  const step = () => {
    const card = cardElement(id);
    if (card && card !== origin) {
      card.focus();
      return;
    }
    if (!card) {
      const fallback =
        columnElement(to) ?? document.querySelector<HTMLElement>('select[aria-label="Columna"]');
      fallback?.focus();
      return;
    }
    if (++frames < 30) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/**
 * Once the server has the move: a filtered column is read again only then, so the card may be
 * drawn only now. The focus goes on to it from wherever the move left it (the card as it was,
 * its new column, or nowhere yet, as followWithFocus may still be waiting), unless the person
 * has moved the focus meanwhile; tried for about 2 s, while the column is fetched.
 */
function focusCardOnceDrawn(id: string, to: RequestStatus, origin: HTMLElement) {
  const column = columnElement(to);
  // Where the move left the focus, whichever came first: the card as it was, its column, none.
  const ours = (active: Element | null) =>
    active === null || active === document.body || active === origin || active === column;
  let tries = 0;
  const step = () => {
    const active = document.activeElement;
    if (!ours(active)) return;
    const card = cardElement(id);
    if (card && card !== origin && card !== active) card.focus();
    else if (++tries < 40) setTimeout(step, 50);
  };
  step();
}

/**
 * Moves a card from the board (drag and drop, keyboard, "Mover a…"): optimistic, rolled back
 * with a notice when refused (useMoveRequest). Once the server has it, a stage whose §5 rules the
 * request doesn't meet still takes it (the rules never block) and a notice says what is missing,
 * with "Completar datos" opening the Edit Request modal at the first field this person can fill
 * (`/main/requests/:id?…board filters…&focus=<field>`).
 */
export function useBoardMove() {
  const { move } = useMoveWithOutcome();
  const { isAdmin } = useCurrentUser();
  const navigate = useNavigate();
  const { search } = useLocation();
  // The board's search when the button is pressed, not when the card was moved.
  const searchRef = useRef(search);
  useEffect(() => {
    searchRef.current = search;
  }, [search]);

  const openAt = useCallback(
    (requestId: string, field: string) => {
      const params = new URLSearchParams(searchRef.current);
      params.set(FOCUS_PARAM, field);
      void navigate(
        { pathname: `${BOARD_PATH}/${requestId}`, search: `?${params.toString()}` },
        { state: { fromBoard: true } },
      );
    },
    [navigate],
  );

  return useCallback(
    function moveCard(request: Request, to: RequestStatus, via: MoveVia) {
      if (to === request.status) return undefined;
      const from = request.status;
      // An undo starts on its notice's button: the card, where drawn, is what the focus leaves.
      const origin =
        via === 'pointer'
          ? null
          : (cardElement(request._id) ??
            (via === 'undo' && document.activeElement instanceof HTMLElement
              ? document.activeElement
              : null));
      // Each move's own answer, even when several are under way. A move to CERRADO asks
      // "¿Ganada o perdida?" first; the focus follows the card once the move is sent.
      const moving = move(request, to, () => {
        if (origin) followWithFocus(request._id, to, origin);
      });
      moving.then(
        (moved) => {
          if (origin) focusCardOnceDrawn(moved._id, to, origin);
          // Issue 33: only what this person can fix; said here, it is not repeated when the
          // request is next opened in this stage (shared/stage-warnings.ts).
          const missing = fixableMissing(moved, { canAssign: isAdmin });
          if (missing.length > 0) markStageWarned(moved);
          const undone = via === 'undo';
          if (missing.length === 0 && via !== 'menu' && !undone) return;
          const field = firstFillableField(missing, { canAssign: isAdmin });
          showMovedNotice({
            request: moved,
            missing,
            onComplete: field ? () => openAt(moved._id, field) : undefined,
            // Back to where it was, through the same conditional move: if someone else moved it
            // meanwhile, the server refuses (409) and useMoveRequest says where it is.
            onUndo: undone ? undefined : () => moveCard(moved, from, 'undo'),
            undone,
          });
        },
        // Cancelled (nothing was sent), or refused or failed: useMoveRequest has put the card
        // back and said why.
        () => undefined,
      );
      // For the board's own follow-up (a phone's line where the card was); already handled here.
      return moving;
    },
    [move, isAdmin, openAt],
  );
}
