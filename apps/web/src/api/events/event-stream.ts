import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { env } from '../../config/env';
import { clearSession, getSession } from '../../lib/session-store';

/*
 * Issue 36: the live board's one connection, GET /api/events/stream, read with fetch (EventSource
 * cannot send the session's Authorization header) and parsed as Server-Sent Events. It follows
 * the stream for as long as the tab is signed in: a dropped connection is opened again after a
 * growing, jittered wait, resuming after the last event seen (`Last-Event-ID`), so nothing is
 * missed; a 401 is the session's end (signed out, revoked, expired) and ends it as any call's
 * 401 does, never retried.
 */

export const STREAM_PATH = '/api/events/stream';

/** The first wait before opening again; the server's `retry:` replaces it. */
const FIRST_RETRY_MS = 1000;
/** The waits double up to this (a server down for long is asked about twice a minute). */
const MAX_RETRY_MS = 30_000;
/**
 * A connection that lasted this long was a good one: the waits start over after it. One the
 * server ends sooner (a user's eleventh tab closing their oldest stream, MAX_STREAMS_PER_USER)
 * counts as a failure, so tabs that keep closing each other's streams back off.
 */
const LASTED_MS = 30_000;
/**
 * A connection silent this long is dead, even if the socket says nothing (a laptop's sleep, a
 * proxy that dropped it): the server sends a comment every ~25 s.
 */
const SILENT_MS = 60_000;
/**
 * A tab hidden this long lets its connection go and takes it up again, from where it was, when
 * shown: a browser holds six connections per server over HTTP/1.1, and every tab's stream takes
 * one of them for as long as it is open.
 */
export const HIDDEN_MS = 60_000;

export type StreamHandlers = {
  /** The messages of one read, in order (an `id` is each one's position in the log). */
  onMessages: (messages: readonly EventSourceMessage[]) => void;
};

/**
 * Reads the stream until the session ends or the returned function is called; answers that
 * function, which closes the connection at once.
 */
export function followEventStream({ onMessages }: StreamHandlers): () => void {
  const stopped = new AbortController();
  let lastEventId: string | undefined;
  let retryMs = FIRST_RETRY_MS;
  let failures = 0;
  let attempt: AbortController | undefined;
  let wake: (() => void) | undefined;

  /** Resolves after `ms`, or at once when woken (back online, shown again, stopped). */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });

  const hidden = () => document.visibilityState === 'hidden';
  let hiddenTimer: ReturnType<typeof setTimeout> | undefined;
  const onVisibility = () => {
    clearTimeout(hiddenTimer);
    if (hidden()) hiddenTimer = setTimeout(() => attempt?.abort(), HIDDEN_MS);
    else wake?.();
  };
  const onOnline = () => wake?.();
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('online', onOnline);

  /** One connection, read to its end: whether to open another. */
  async function readOnce(): Promise<boolean> {
    const session = getSession();
    if (!session) return false;
    attempt = new AbortController();
    const { signal } = attempt;
    const abort = () => attempt?.abort();
    stopped.signal.addEventListener('abort', abort);
    let silence = setTimeout(abort, SILENT_MS);
    let opened: number | undefined;
    try {
      const response = await fetch(`${env.VITE_API_URL}${STREAM_PATH}`, {
        headers: {
          Accept: 'text/event-stream',
          Authorization: `Bearer ${session.token}`,
          ...(lastEventId !== undefined && { 'Last-Event-ID': lastEventId }),
        },
        cache: 'no-store',
        signal,
      });
      if (response.status === 401) {
        // Only the session this stream was opened with: a newer sign-in stays.
        if (getSession()?.token === session.token) clearSession();
        return false;
      }
      if (!response.ok || !response.body) return true;
      opened = Date.now();
      const received: EventSourceMessage[] = [];
      const parser = createParser({
        onEvent: (message) => {
          received.push(message);
          if (message.id !== undefined) lastEventId = message.id;
        },
        onRetry: (ms) => {
          retryMs = ms;
        },
      });
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        clearTimeout(silence);
        silence = setTimeout(abort, SILENT_MS);
        parser.feed(decoder.decode(value, { stream: true }));
        if (received.length > 0) onMessages(received.splice(0));
      }
      return true;
    } catch {
      // Cut, unreachable, or let go (hidden, stopped): opened again unless stopped.
      return true;
    } finally {
      if (opened !== undefined && Date.now() - opened >= LASTED_MS) failures = 0;
      clearTimeout(silence);
      stopped.signal.removeEventListener('abort', abort);
    }
  }

  void (async () => {
    while (!stopped.signal.aborted && (await readOnce())) {
      if (stopped.signal.aborted) return;
      // Jittered, so that a restarted server is not asked by every browser in the same instant.
      const wait = Math.min(retryMs * 2 ** failures, MAX_RETRY_MS) * (0.5 + Math.random() / 2);
      failures += 1;
      await pause(wait);
      while (hidden() && !stopped.signal.aborted) await pause(HIDDEN_MS);
    }
  })();

  return () => {
    stopped.abort();
    wake?.();
    clearTimeout(hiddenTimer);
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('online', onOnline);
  };
}
