import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { createPortal } from 'react-dom';
import { ArrowRightLeft } from 'lucide-react';
import { BOARD_COLUMNS, LOG_ACTIVITY_OPEN_LABEL, type RequestStatus } from '@crm/shared';

const MOVE_MENU_LABEL = 'Mover a…';

export type MoveMenuProps = {
  /** The stage the request is in: the menu lists the other four. */
  status: RequestStatus;
  /** Names the request to screen readers ("Mover a…, Solicitud 42: Marta Díaz"). */
  requestLabel: string;
  onMove: (to: RequestStatus) => void;
  /** Issue 33: "Registrar actividad" after the stages, a call that already happened. */
  onLogActivity?: () => void;
};

type Place = { top: number; left: number };
const ITEM_CLASS =
  'block w-full px-3 py-2 text-left text-xs max-md:min-h-11 text-slate-700 hover:bg-indigo-50 hover:text-indigo-700 focus:bg-indigo-50 focus:text-indigo-700 focus:outline-none';
const GAP_PX = 4;
const EDGE_PX = 8;

/**
 * "Mover a…" on a card: a menu button listing the other four stages by their column titles. The
 * one-step alternative to dragging (WCAG 2.5.7): on a phone, where the board shows one column,
 * and for anyone who would rather not drag. The menu opens in a portal over the board (a card
 * row would clip or cover it), below the button or above it near the screen's bottom; it closes
 * on Escape, Tab, a click elsewhere, or when the board scrolls. Issue 33: after the stages,
 * "Registrar actividad" (a call that already happened, in one step) when the board offers it.
 */
export function MoveMenu({ status, requestLabel, onMove, onLogActivity }: MoveMenuProps) {
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<Place | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const targets = BOARD_COLUMNS.filter((column) => column.status !== status);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    setPlace(null);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  // Placed once drawn (its size is known then), kept inside the window.
  useLayoutEffect(() => {
    if (!open) return;
    const button = buttonRef.current?.getBoundingClientRect();
    const menu = menuRef.current;
    if (!button || !menu) return;
    const { offsetWidth: width, offsetHeight: height } = menu;
    const below = button.bottom + GAP_PX;
    const top =
      below + height > window.innerHeight - EDGE_PX && button.top - GAP_PX - height >= EDGE_PX
        ? button.top - GAP_PX - height
        : below;
    const left = Math.max(
      EDGE_PX,
      Math.min(button.right - width, window.innerWidth - EDGE_PX - width),
    );
    setPlace({ top, left });
  }, [open]);

  // Once placed (visible), the first stage has the focus, as in a menu.
  const placed = place !== null;
  useEffect(() => {
    if (placed) menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [placed]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target instanceof Node ? event.target : null;
      if (menuRef.current?.contains(target) || buttonRef.current?.contains(target)) return;
      close(false);
    };
    // The board scrolls under a fixed menu: close it rather than leave it beside another card.
    const onScroll = (event: Event) => {
      if (event.target instanceof Node && menuRef.current?.contains(event.target)) return;
      close(false);
    };
    const onResize = () => close(false);
    document.addEventListener('pointerdown', onPointerDown, true);
    window.addEventListener('scroll', onScroll, true);
    window.addEventListener('resize', onResize);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      window.removeEventListener('scroll', onScroll, true);
      window.removeEventListener('resize', onResize);
    };
  }, [open, close]);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.findIndex((item) => item === document.activeElement);
    const focusAt = (index: number) => items[(index + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        focusAt(at + 1);
        break;
      case 'ArrowUp':
        focusAt(at - 1);
        break;
      case 'Home':
        focusAt(0);
        break;
      case 'End':
        focusAt(items.length - 1);
        break;
      case 'Escape':
        close(true);
        break;
      case 'Tab':
        close(true);
        break;
      default:
        return;
    }
    // Keys the menu used are not the board's (arrow keys scroll it) nor a drag's.
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`${MOVE_MENU_LABEL} ${requestLabel}`}
        title={MOVE_MENU_LABEL}
        onClick={() => (open ? close(true) : setOpen(true))}
        // On a phone, a finger's 44 px high (issue 25); on a desktop, an icon.
        className="inline-flex items-center gap-1 rounded-md px-1.5 py-1 text-[11px] font-medium text-slate-600 ring-1 ring-slate-200 transition ring-inset hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 max-md:min-h-11 max-md:px-2.5 md:p-1 md:ring-0"
      >
        <ArrowRightLeft className="size-3.5" aria-hidden />
        <span className="md:sr-only">{MOVE_MENU_LABEL}</span>
      </button>
      {open
        ? createPortal(
            <div
              ref={menuRef}
              id={menuId}
              role="menu"
              aria-label={`${MOVE_MENU_LABEL} ${requestLabel}`}
              onKeyDown={onMenuKeyDown}
              // Not a drag of the card underneath (React events bubble through portals).
              onMouseDown={(event) => event.stopPropagation()}
              onTouchStart={(event) => event.stopPropagation()}
              className="fixed z-50 min-w-44 rounded-lg bg-white py-1 text-sm shadow-lg ring-1 ring-slate-200"
              style={place ?? { top: 0, left: 0, visibility: 'hidden' }}
            >
              <p aria-hidden className="px-3 pt-1 pb-1.5 text-[11px] font-medium text-slate-500">
                {MOVE_MENU_LABEL}
              </p>
              {targets.map((column) => (
                <button
                  key={column.status}
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  onClick={() => {
                    close(true);
                    onMove(column.status);
                  }}
                  className={`${ITEM_CLASS} font-semibold`}
                >
                  {column.title}
                </button>
              ))}
              {onLogActivity ? (
                <>
                  <div role="separator" className="my-1 border-t border-slate-200" />
                  <button
                    type="button"
                    role="menuitem"
                    tabIndex={-1}
                    onClick={() => {
                      // The menu's button has the focus back: the dialog returns it there.
                      close(true);
                      onLogActivity();
                    }}
                    className={`${ITEM_CLASS} font-medium`}
                  >
                    {LOG_ACTIVITY_OPEN_LABEL}
                  </button>
                </>
              ) : null}
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
