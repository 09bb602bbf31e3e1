// The live board's code (issue 36), a chunk of its own that app/live-updates.tsx loads once the
// signed-in app is up: not on any page's first paint (apps/web/scripts/check-budgets.mjs).
import type { QueryClient } from '@tanstack/react-query';
import { EVENT_TYPES, eventSchema, STREAM_MESSAGES, type CrmEvent } from '@crm/shared';
import { getSession } from '../../lib/session-store';
import { followEventStream } from './event-stream';
import { liveCache } from './live-cache';

const isEventType = (name: string | undefined) =>
  (EVENT_TYPES as readonly (string | undefined)[]).includes(name);

/** One event's data, checked against the shared schema; anything else is left out. */
function eventOf(data: string): CrmEvent | undefined {
  try {
    const parsed = eventSchema.safeParse(JSON.parse(data));
    if (parsed.success) return parsed.data;
    console.error('An event of an unexpected shape', parsed.error.issues);
  } catch (error) {
    console.error(error);
  }
  return undefined;
}

/**
 * Follows the stream while signed in and keeps this tab's caches up to date with it; answers the
 * function that stops (the app's unmount, on sign-out).
 */
export function startLiveStream(queryClient: QueryClient): () => void {
  const cache = liveCache(queryClient, () => getSession()?.userId);
  return followEventStream({
    onMessages: (messages) => {
      let events: CrmEvent[] = [];
      for (const { event: name, data } of messages) {
        if (name === STREAM_MESSAGES.reload) {
          // What came before it first, then everything shown is read again.
          cache.apply(events);
          events = [];
          cache.reload();
        } else if (isEventType(name)) {
          const event = eventOf(data);
          if (event) events.push(event);
        }
      }
      cache.apply(events);
    },
  });
}
