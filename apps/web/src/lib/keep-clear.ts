/** The nearest ancestor of `element` that scrolls vertically, if any. */
function scrollParent(element: HTMLElement): HTMLElement | null {
  for (let node = element.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if ((overflowY === 'auto' || overflowY === 'scroll') && node.scrollHeight > node.clientHeight)
      return node;
  }
  return null;
}

/**
 * A pop-up fixed at the top of the window (such as §9's top-centre confirmation) must not hide
 * what it asks about. Scrolls `target` down below `panel` (plus `gap`) as far as its scrolling
 * container allows, and answers the height still missing: the room the page must open above its
 * content (0 when the target is already clear). Nothing is measured where nothing is laid out.
 */
export function keepClearBelow(panel: HTMLElement, target: HTMLElement, gap = 12): number {
  const panelBottom = panel.getBoundingClientRect().bottom;
  if (panelBottom <= 0) return 0;
  const overlap = panelBottom + gap - target.getBoundingClientRect().top;
  if (overlap <= 0) return 0;
  const scroller = scrollParent(target);
  const byScroll = scroller ? Math.min(overlap, scroller.scrollTop) : 0;
  if (scroller && byScroll > 0) scroller.scrollTop -= byScroll;
  return Math.ceil(overlap - byScroll);
}
