/**
 * A piece of the app's code (a lazily loaded chunk: a screen, the signed-in app) that could not be
 * loaded. Two causes look the same to `import()`: the server is away (no answer), or a deploy
 * replaced the files while this tab was open (the old chunk's hashed name now answers 404). The
 * first is an outage (the outage page, retried); the second heals with one reload, which fetches
 * the new index.html and its new chunks.
 */

/**
 * What browsers and Vite's preload say when a chunk doesn't load: Chromium "Failed to fetch
 * dynamically imported module: URL", Firefox "error loading dynamically imported module: URL",
 * Safari "Importing a module script failed.", Vite "Unable to preload CSS for URL".
 */
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_FAILURE.test(error.message);
}

/** The chunk's address when the browser names it (Chromium and Firefox do, Safari doesn't). */
export function failedChunkUrl(error: unknown): string | undefined {
  return error instanceof Error ? /(https?:\/\/\S+?)\.?$/.exec(error.message)?.[1] : undefined;
}

/**
 * Asks for the chunk again, bypassing the cache: `ok` (it is there: the failure was passing),
 * `gone` (the server answers but the file isn't there: a deploy renamed it) or `down` (no
 * answer, or the server's own failure: an outage). Without the address, the page itself.
 */
export async function probeChunk(url: string | undefined): Promise<'ok' | 'gone' | 'down'> {
  try {
    const response = await fetch(url ?? window.location.href, { cache: 'no-store' });
    if (response.ok) return 'ok';
    return response.status >= 500 ? 'down' : 'gone';
  } catch {
    return 'down';
  }
}

const RELOAD_KEY = 'crm.chunkReload';
/** One automatic reload per chunk a minute: a deploy heals with one, a broken one never loops. */
const RELOAD_GUARD_MS = 60_000;

/**
 * Reloads the page for the chunk at `url` unless it was already reloaded for it within the last
 * minute (noted in sessionStorage, which outlives the reload and stays with this tab). Answers
 * whether it reloads.
 */
export function reloadOnceFor(url: string | undefined): boolean {
  const key = url ?? window.location.pathname;
  try {
    const [lastKey, at] = (sessionStorage.getItem(RELOAD_KEY) ?? '').split('\n');
    if (lastKey === key && Date.now() - Number(at) < RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(RELOAD_KEY, `${key}\n${Date.now()}`);
  } catch {
    // No sessionStorage (a private mode's quota): no guard, so no automatic reload either.
    return false;
  }
  page.reload();
  return true;
}

/** The page's reload, reached through this object so that tests can watch it (jsdom has none). */
export const page = { reload: () => window.location.reload() };
