import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepClearBelow } from './keep-clear';

/** An element that reports `top`/`bottom` as its box, since jsdom lays nothing out. */
function boxed(element: HTMLElement, top: number, bottom: number) {
  vi.spyOn(element, 'getBoundingClientRect').mockImplementation(() => {
    const offset = element.closest<HTMLElement>('[data-scroller]')?.scrollTop ?? 0;
    return DOMRect.fromRect({ x: 0, y: top - offset, width: 300, height: bottom - top });
  });
  return element;
}

/** A scrolling container (as the layout's <main>) holding one row; `room` px can scroll. */
function scrollerWithRow(scrollTop: number) {
  const scroller = document.createElement('div');
  scroller.dataset.scroller = '';
  scroller.style.overflowY = 'auto';
  Object.defineProperty(scroller, 'scrollHeight', { value: 2000 });
  Object.defineProperty(scroller, 'clientHeight', { value: 800 });
  scroller.scrollTop = scrollTop;
  const row = document.createElement('li');
  scroller.append(row);
  document.body.append(scroller);
  return { scroller, row };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('keepClearBelow (a top pop-up never hides the row it asks about)', () => {
  const panel = () => boxed(document.createElement('div'), 16, 176);

  it('when the row is already below the pop-up, changes nothing', () => {
    const { scroller, row } = scrollerWithRow(0);
    boxed(row, 300, 360);
    expect(keepClearBelow(panel(), row)).toBe(0);
    expect(scroller.scrollTop).toBe(0);
  });

  it('when the content can scroll back, scrolls the row down below the pop-up', () => {
    const { scroller, row } = scrollerWithRow(400);
    // At 500 in the content: 100 px from the top of the window, under the pop-up.
    boxed(row, 500, 560);
    expect(keepClearBelow(panel(), row, 12)).toBe(0);
    expect(scroller.scrollTop).toBe(400 - (176 + 12 - 100));
  });

  it('when the content is at its top, answers the room to open above it', () => {
    const { scroller, row } = scrollerWithRow(0);
    boxed(row, 100, 160);
    expect(keepClearBelow(panel(), row, 12)).toBe(176 + 12 - 100);
    expect(scroller.scrollTop).toBe(0);
  });

  it('where nothing is laid out, measures nothing', () => {
    const { row } = scrollerWithRow(0);
    expect(keepClearBelow(document.createElement('div'), row)).toBe(0);
  });
});
