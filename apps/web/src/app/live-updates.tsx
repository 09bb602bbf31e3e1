import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { lazyChunk } from '../lib/lazy-chunk';

// Issue 36's live board: its code (the stream, the cache updates) is a chunk of its own
// (apps/web/scripts/check-budgets.mjs, LAZY_PARTS), asked for as the signed-in app mounts, beside
// the page's first data, and never before its first paint.
const liveChunk = lazyChunk(() => import('../api/events/live-stream'));

/**
 * Follows the live stream while mounted: the signed-in app mounts it once, and unmounts it, with
 * the stream, when the session ends.
 */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let unmounted = false;
    liveChunk.load().then(
      ({ startLiveStream }) => {
        if (!unmounted) stop = startLiveStream(queryClient);
      },
      // The page works without it, as before issue 36: columns refresh on focus.
      (error: unknown) => console.error(error),
    );
    return () => {
      unmounted = true;
      stop?.();
    };
  }, [queryClient]);
  return null;
}
