import { useEffect } from 'react';

/**
 * A part of the app fetched on demand (a dialog's parts, the request window's form): `load` asks
 * for it once and shares that answer; a failure is not kept, so the next ask tries again (a
 * preload's passing failure isn't final). `preload` asks ahead and leaves a failure to `load`.
 */
export function lazyChunk<T>(importer: () => Promise<T>) {
  let chunk: Promise<T> | undefined;
  const load = () =>
    (chunk ??= importer().catch((error: unknown) => {
      chunk = undefined;
      throw error;
    }));
  return { load, preload: () => void load().catch(() => undefined) };
}

/** The events that show a person is about to use what lies under `target`. */
export type FirstUseSign = 'pointerover' | 'touchstart' | 'keydown' | 'focusin';

/**
 * Calls `preload` once, at the first of `signs` on `target` (null: not yet on the page). The
 * pointer, a touch or the focus reaches a control well before its click, so what the click opens
 * is there by then, without fetching it at the first paint.
 */
export function usePreloadOnFirstUse(
  target: EventTarget | null,
  signs: readonly FirstUseSign[],
  preload: () => void,
) {
  useEffect(() => {
    if (!target) return;
    const stop = () => signs.forEach((type) => target.removeEventListener(type, once, true));
    const once = () => {
      stop();
      preload();
    };
    signs.forEach((type) => target.addEventListener(type, once, { capture: true, passive: true }));
    return stop;
    // `signs` and `preload` are module constants at every call site.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target]);
}
