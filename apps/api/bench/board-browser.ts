import type { Browser } from 'playwright-core';

export type BrowserFigures = {
  /** From navigation to /main/requests until every column shows at least one card. */
  firstCardsMs: number;
  heapMb: number;
  /**
   * After the scroll: it grows with the pages the scroll happened to load, so compare
   * `firstDomNodes` (the first screen, settled) between two versions of the web app.
   */
  domNodes: number;
  /** The first screen's DOM, a second after every column shows its first cards. */
  firstDomNodes: number;
  /** The main thread's script time during the scroll, ms. */
  scrollScriptMs: number;
  /** Frames per second while the board scrolls down for 3 s. */
  fps: number;
};

type Session = StoredSession & { columnTitles: string[] };

// Page scripts are plain JavaScript strings: they run in the browser, and the API's TypeScript
// has no DOM types to check them against.

/** Every column (a labelled section) shows at least one card (an article). */
const EVERY_COLUMN_HAS_A_CARD = (columns: number) => `(() => {
  const sections = [...document.querySelectorAll('section[aria-labelledby]')];
  return sections.length >= ${columns} && sections.every((s) => s.querySelector('article'));
})()`;

/**
 * Scrolls the board (one scroller for all columns; the columns' cards are virtualised against
 * it) down 60 px a frame for 3 s, loading pages as it goes; resolves to frames per second.
 */
const SCROLL_FPS = `new Promise((resolve) => {
  const scroller = document.querySelector('[data-testid="board"]');
  if (!scroller) return resolve(NaN);
  let frames = 0;
  const begin = performance.now();
  const step = () => {
    scroller.scrollTop += 60;
    frames += 1;
    const elapsed = performance.now() - begin;
    if (elapsed < 3000) requestAnimationFrame(step);
    else resolve((frames * 1000) / elapsed);
  };
  requestAnimationFrame(step);
})`;

const DOM_NODES = 'document.getElementsByTagName("*").length';

const SIGN_IN = (keys: StoredSession['storageKeys'], token: string, userId: string) =>
  `localStorage.setItem(${JSON.stringify(keys.token)}, ${JSON.stringify(token)});` +
  `localStorage.setItem(${JSON.stringify(keys.userId)}, ${JSON.stringify(userId)});`;

/** What the web app keeps in localStorage once signed in (§3), and under which keys. */
export type StoredSession = {
  token: string;
  userId: string;
  storageKeys: { token: string; userId: string };
};

/**
 * A new 1280×800 browser context (cold: the app's files too) whose pages start signed in. Close
 * it when done. bypassCSP: the measuring scripts are strings, which the app's CSP (no eval)
 * would refuse.
 */
export async function signedInContext(browser: Browser, session: StoredSession) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    bypassCSP: true,
  });
  await context.addInitScript({
    content: SIGN_IN(session.storageKeys, session.token, session.userId),
  });
  return context;
}

/**
 * Opens the board as a signed-in admin in a 1280×800 page and measures it. Columns are the
 * board's labelled `<section>`s, cards their `<article>`s (apps/web/src/features/requests).
 */
export async function measureBoardInBrowser(
  browser: Browser,
  base: string,
  session: Session,
): Promise<BrowserFigures> {
  const context = await signedInContext(browser, session);
  try {
    const page = await context.newPage();
    // A cold start: the app's files too (from localhost, compressed; about 0.1 s of the figure).
    const started = performance.now();
    await page.goto(`${base}/main/requests`);
    await page.waitForFunction(EVERY_COLUMN_HAS_A_CARD(session.columnTitles.length), undefined, {
      timeout: 600_000,
      polling: 'raf',
    });
    const firstCardsMs = performance.now() - started;
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const metric = async (name: string) => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return metrics.find((m) => m.name === name)?.value ?? Number.NaN;
    };
    await page.waitForTimeout(1000);
    const firstDomNodes = Number(await page.evaluate(DOM_NODES));
    const scriptBefore = await metric('ScriptDuration');
    const fps = Number(await page.evaluate(SCROLL_FPS));
    const scrollScriptMs = ((await metric('ScriptDuration')) - scriptBefore) * 1000;

    await cdp.send('HeapProfiler.collectGarbage');
    return {
      firstCardsMs,
      heapMb: (await metric('JSHeapUsedSize')) / 1024 / 1024,
      domNodes: Number(await page.evaluate(DOM_NODES)),
      firstDomNodes,
      scrollScriptMs,
      fps,
    };
  } finally {
    await context.close();
  }
}
