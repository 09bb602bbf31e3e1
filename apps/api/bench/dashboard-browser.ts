import type { Browser } from 'playwright-core';
import { signedInContext, type StoredSession } from './board-browser.js';

type Session = StoredSession & {
  /** The headings of the panels the user must see (DASHBOARD_LABELS), each a labelled section. */
  panels: string[];
  /** Texts a panel shows in place of figures when it has none ("Sin datos en el período."). */
  emptyTexts: string[];
  /** The app's "Loading..." (a panel still waiting). */
  loadingText: string;
};

// A page script is a plain JavaScript string: it runs in the browser, and the API's TypeScript
// has no DOM types to check it against.

/**
 * Every panel shows its figures: for each heading, an `<h2>` of a labelled `<section>` (Inicio's
 * Panel), whose body (the heading and its help line left out) holds no "Loading..." and no "…"
 * in a figure (money waiting for the settings' currency), and either a number in a figure (a
 * table cell, a `<dd>`, a list item, the chart's SVG text) or one of the "nothing to show" texts.
 */
const EVERY_PANEL_SHOWS_FIGURES = (session: Session) => `(() => {
  const panels = ${JSON.stringify(session.panels)};
  const empty = ${JSON.stringify(session.emptyTexts)};
  const loading = ${JSON.stringify(session.loadingText)};
  const headings = [...document.querySelectorAll('section[aria-labelledby] h2')];
  return panels.every((title) => {
    const heading = headings.find((h) => h.textContent.trim() === title);
    const section = heading && heading.closest('section');
    if (!section) return false;
    const text = section.textContent;
    const cells = [...section.querySelectorAll('td, dd, li, svg text')];
    if (text.includes(loading) || cells.some((cell) => cell.textContent.includes('…'))) return false;
    if (empty.some((words) => text.includes(words))) return true;
    return cells.some((cell) => /\\d/.test(cell.textContent));
  });
})()`;

/**
 * Opens /main/home ("Inicio", apps/web/src/features/home) signed in, in a 1280×800 page, cold
 * (a new context: the app's files too), and resolves to the milliseconds from navigation until
 * every panel shows its figures. Waits at most 10 minutes, then fails naming the missing panels.
 */
export async function measureHomeInBrowser(
  browser: Browser,
  base: string,
  session: Session,
): Promise<number> {
  const context = await signedInContext(browser, session);
  try {
    const page = await context.newPage();
    const started = performance.now();
    await page.goto(`${base}/main/home`);
    try {
      await page.waitForFunction(EVERY_PANEL_SHOWS_FIGURES(session), undefined, {
        timeout: 600_000,
        polling: 'raf',
      });
    } catch (error) {
      const shown = await page
        .evaluate(
          `[...document.querySelectorAll('section[aria-labelledby] h2')].map((h) => h.textContent.trim())`,
        )
        .catch(() => []);
      throw new Error(
        `Inicio never showed every panel's figures (panels expected: ${session.panels.join(', ')}; headings on the page: ${JSON.stringify(shown)})`,
        { cause: error },
      );
    }
    return performance.now() - started;
  } finally {
    await context.close();
  }
}
