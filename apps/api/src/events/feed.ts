import type { CrmEvent } from '@crm/shared';
import type { AppContext } from '../context.js';
import { eventsAfter, newestPosition } from './read.js';

/** How often a process reads the log while someone listens: the live board's delay, at most. */
export const FEED_POLL_MS = 250;
/** Events one read takes; a longer backlog is read in several, back to back. */
const FEED_BATCH = 500;

type Listener = (events: readonly CrmEvent[]) => void;

/**
 * The log as one process follows it (issue 36): a single reader for all its listeners (every
 * open stream, and whatever else listens), so a change costs one read per process, however many
 * browsers watch. It reads only while someone listens.
 */
export type EventFeed = {
  /** Starts following (from the newest position) if not yet; the position it has reached. */
  start(): Promise<number>;
  /** Calls `listener` with each batch of new events, in position order; returns the unsubscribe. */
  subscribe(listener: Listener): () => void;
  /** Stops reading (the process is shutting down). */
  stop(): void;
};

const feeds = new WeakMap<AppContext, EventFeed>();

/** The context's one feed. */
export function eventFeed(ctx: AppContext): EventFeed {
  let feed = feeds.get(ctx);
  if (!feed) {
    feed = createFeed(ctx);
    feeds.set(ctx, feed);
  }
  return feed;
}

function createFeed(ctx: AppContext): EventFeed {
  const listeners = new Set<Listener>();
  let cursor: Promise<number> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const schedule = () => {
    if (timer || stopped) return;
    // Idle, it forgets where it was: the next listener starts from the newest position, not
    // from where the last one left (which could be days of events ago).
    if (listeners.size === 0) {
      cursor = undefined;
      return;
    }
    timer = setTimeout(() => {
      timer = undefined;
      void tick().finally(schedule);
    }, FEED_POLL_MS);
  };

  // A failed first read is forgotten, so the next start or tick reads again.
  const begin = () =>
    (cursor ??= newestPosition(ctx).catch((error: unknown) => {
      cursor = undefined;
      throw error;
    }));

  const tick = async () => {
    try {
      let after = await begin();
      for (;;) {
        const page = await eventsAfter(ctx, after, FEED_BATCH);
        after = page.last;
        cursor = Promise.resolve(after);
        if (page.events.length > 0) for (const listener of listeners) listener(page.events);
        if (page.events.length < FEED_BATCH) return;
      }
    } catch (error) {
      ctx.logger.warn({ err: error }, 'reading the event log failed; the next read retries');
    }
  };

  return {
    start: begin,
    subscribe(listener) {
      listeners.add(listener);
      schedule();
      return () => listeners.delete(listener);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      listeners.clear();
    },
  };
}
