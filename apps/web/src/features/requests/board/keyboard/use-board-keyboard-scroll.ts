import { useEffect, type RefObject } from 'react';
import { BOARD_SCROLL_STEP_PX } from '@crm/shared';

/** Where typed keys are text, not board keys. */
export const TYPING_TARGETS =
  'input, textarea, select, [contenteditable=""], [contenteditable="true"]';
/** Open over the board: keys belong to them. */
export const LAYERS = '[role="dialog"], [role="alertdialog"]';

/**
 * ArrowDown / ArrowUp scroll the board by 30 px (§2, §9), unless the key belongs to something
 * else: a field being typed in, or an open dialog.
 */
export function useBoardKeyboardScroll(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest(TYPING_TARGETS) || target?.closest(LAYERS)) {
        return;
      }
      const board = ref.current;
      if (!board) return;
      event.preventDefault();
      board.scrollBy({
        top: event.key === 'ArrowDown' ? BOARD_SCROLL_STEP_PX : -BOARD_SCROLL_STEP_PX,
        behavior: 'instant',
      });
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [ref]);
}
