import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { BOARD_COLUMNS, type RequestStatus } from '@crm/shared';
import { columnElement } from '../../shared';
import { LAYERS, TYPING_TARGETS } from './use-board-keyboard-scroll';

/**
 * The board's shortcuts: the digits 1 to 5 go to that column (its first card in view, else the
 * column), "?" opens the list of the board's keys.
 *
 * Why digits, alone: they are one unshifted key on the Spanish keyboard as on any other (read
 * from the key's place, `event.code`, so AZERTY's shifted digits count too), and they name the
 * column, so the last one is one key away instead of four steps. The other candidates clash:
 * Alt+← / Alt+→ are the browser's Back and Forward, Ctrl+← / Ctrl+→ switch desktops on macOS and
 * jump words in fields, "[" and "]" need AltGr on a Spanish keyboard, and the arrows, Space,
 * Enter, Escape and Tab already belong to the keyboard drag (BoardDragContext) and the ↑ / ↓
 * scroll of §2. A screen reader in browse mode keeps 1–6 for its own heading keys, so these reach
 * the board only in focus mode; in browse mode each column is a region its landmark keys reach.
 * Any modifier (Ctrl+1 switches browser tabs) leaves the key to the browser.
 */
export const COLUMN_SHORTCUTS: readonly { key: string; status: RequestStatus; title: string }[] =
  BOARD_COLUMNS.map((column, index) => ({
    key: String(index + 1),
    status: column.status,
    title: column.title,
  }));
export const HELP_SHORTCUT = '?';

/** Where typed keys are text (or a menu's), not shortcuts. */
const TYPING_OR_MENU = `${TYPING_TARGETS}, [role="menu"]`;

/** The column a digit key names (Digit1 / Numpad1 → the first), if any. */
function columnOf(event: KeyboardEvent) {
  const digit = /^(?:Digit|Numpad)([1-9])$/.exec(event.code)?.[1] ?? event.key;
  return COLUMN_SHORTCUTS.find((shortcut) => shortcut.key === digit);
}

/**
 * The first card of `column` that is in view under the sticky headers (the column draws only
 * the cards near the board's scroll), else its first drawn card, else the column itself.
 */
function columnFocusTarget(column: HTMLElement, board: HTMLElement | null): HTMLElement {
  // Cards take the focus where they can be dragged (not on a phone, where the column does).
  const cards = [...column.querySelectorAll<HTMLElement>('article[data-request-id][tabindex="0"]')];
  const header = column.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
  const top = Math.max(board?.getBoundingClientRect().top ?? 0, header);
  return cards.find((card) => card.getBoundingClientRect().top >= top) ?? cards[0] ?? column;
}

export type BoardShortcutsOptions = {
  /** The board (its columns are `section[data-status]` inside it). */
  boardRef: RefObject<HTMLElement | null>;
  /**
   * Shows a column that is not on the screen (a phone shows one at a time); the focus moves
   * there once it is drawn.
   */
  showColumn: (status: RequestStatus) => void;
  onHelp: () => void;
};

/** Listens for the board's shortcuts (see COLUMN_SHORTCUTS) while the board is on screen. */
export function useBoardShortcuts({ boardRef, showColumn, onHelp }: BoardShortcutsOptions) {
  const latest = useRef({ showColumn, onHelp });
  latest.current = { showColumn, onHelp };
  /** A column asked for that was not drawn yet: it takes the focus once it is. */
  const pending = useRef<RequestStatus | null>(null);

  // After every render of the board: the column asked for may be drawn now.
  useLayoutEffect(() => {
    if (pending.current === null) return;
    const column = columnElement(pending.current);
    if (!column) return;
    pending.current = null;
    columnFocusTarget(column, boardRef.current).focus();
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest(TYPING_OR_MENU) || document.querySelector(LAYERS)) return;
      // A card on its way (mouse or keyboard drag): its keys are the drag's.
      if (boardRef.current?.querySelector('[data-dragging]')) return;

      if (event.key === HELP_SHORTCUT) {
        event.preventDefault();
        latest.current.onHelp();
        return;
      }
      const shortcut = columnOf(event);
      if (!shortcut) return;
      event.preventDefault();
      const column = columnElement(shortcut.status);
      if (column) {
        columnFocusTarget(column, boardRef.current).focus();
        return;
      }
      pending.current = shortcut.status;
      latest.current.showColumn(shortcut.status);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [boardRef]);
}
