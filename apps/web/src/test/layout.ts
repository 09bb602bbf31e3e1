/**
 * jsdom lays nothing out, so a virtualised column (which draws only what fits the board's
 * height) would draw no card at all. These give the board the height of a 1280×800 screen's
 * board and every card row the height a browser would measure, so a column draws its first
 * cards, and setting the board's scrollTop (plus a scroll event) scrolls it as in a browser.
 */
export const BOARD_HEIGHT_PX = 800;
export const BOARD_WIDTH_PX = 1000;
export const CARD_ROW_PX = 120;

const isBoard = (element: HTMLElement) => element.dataset.testid === 'board';

export function installBoardLayout() {
  Object.defineProperties(HTMLElement.prototype, {
    clientHeight: {
      configurable: true,
      get(this: HTMLElement) {
        return isBoard(this) ? BOARD_HEIGHT_PX : 0;
      },
    },
    clientWidth: {
      configurable: true,
      get(this: HTMLElement) {
        return isBoard(this) ? BOARD_WIDTH_PX : 0;
      },
    },
    // The virtualiser marks each card row with data-index and measures its offsetHeight.
    offsetHeight: {
      configurable: true,
      get(this: HTMLElement) {
        return this.hasAttribute('data-index') ? CARD_ROW_PX : 0;
      },
    },
  });
}
