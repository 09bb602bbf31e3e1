import type { Request, RequestHandler, Response } from 'express';
import {
  EVENTS_PAGE_SIZE,
  MAX_STREAMS_PER_USER,
  STREAM_MESSAGES,
  type CrmEvent,
} from '@crm/shared';
import { callerKey, currentUser, liveCallers, type AuthUser } from '../auth/index.js';
import type { AppContext } from '../context.js';
import { eventFeed } from './feed.js';
import { eventsAfter } from './read.js';

/*
 * GET /api/events/stream (issue 36): the log pushed to a signed-in browser or script as
 * server-sent events, from where it left off (`Last-Event-ID`). What the stream sends:
 * docs/api.md, "Live changes".
 */

/** A comment line this often keeps proxies from closing an idle stream. */
const PING_MS = 25_000;
/** How often a process checks its streams' sessions and tokens (one read for all of them). */
export const SESSION_CHECK_MS = 1000;
/** What a browser waits before reconnecting after a cut. */
const RETRY_MS = 2000;

type Stream = { caller: AuthUser; res: Response; openedAt: number; end(): void };

type Hub = { streams: Set<Stream>; timer?: NodeJS.Timeout };
const hubs = new WeakMap<AppContext, Hub>();

const hubOf = (ctx: AppContext): Hub => {
  let hub = hubs.get(ctx);
  if (!hub) {
    hub = { streams: new Set() };
    hubs.set(ctx, hub);
  }
  return hub;
};

const message = (event: string, data: unknown, id?: number) =>
  `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * Each event's message, written once however many streams send it: the feed hands every stream
 * the same event objects, and 200 streams would otherwise serialize each event 200 times.
 */
const eventMessages = new WeakMap<CrmEvent, string>();
function eventMessage(event: CrmEvent): string {
  let text = eventMessages.get(event);
  if (text === undefined) {
    text = message(event.type, event, event.position);
    eventMessages.set(event, text);
  }
  return text;
}

/** The resume point a client sent, or undefined for "from now". */
function resumeFrom(req: Request): number | undefined {
  const raw =
    req.get('Last-Event-ID') ?? (typeof req.query.after === 'string' ? req.query.after : '');
  if (!/^[0-9]{1,15}$/.test(raw)) return undefined;
  return Number(raw);
}

/** Closes the streams whose session or token has ended (logout, revocation, password change). */
async function checkSessions(ctx: AppContext, hub: Hub): Promise<void> {
  const streams = [...hub.streams];
  if (streams.length === 0) return;
  try {
    const live = await liveCallers(
      ctx,
      streams.map((stream) => stream.caller),
    );
    for (const stream of streams) if (!live.has(callerKey(stream.caller))) stream.end();
  } catch (error) {
    ctx.logger.warn(
      { err: error },
      'checking the streams’ sessions failed; the next check retries',
    );
  }
}

function watchSessions(ctx: AppContext, hub: Hub): void {
  if (hub.timer) return;
  hub.timer = setInterval(() => {
    if (hub.streams.size === 0) {
      clearInterval(hub.timer);
      hub.timer = undefined;
      return;
    }
    void checkSessions(ctx, hub);
  }, SESSION_CHECK_MS);
  hub.timer.unref();
}

/** A user past MAX_STREAMS_PER_USER: their oldest streams close. */
function capStreams(hub: Hub, userId: string): void {
  const mine = [...hub.streams]
    .filter((stream) => stream.caller.userId === userId)
    .sort((a, b) => a.openedAt - b.openedAt);
  for (const stream of mine.slice(0, Math.max(0, mine.length - MAX_STREAMS_PER_USER))) {
    stream.end();
  }
}

/** The handler of GET /api/events/stream, after authentication (endpoint.ts runs it raw). */
export function streamHandler(ctx: AppContext): RequestHandler {
  return async (req, res) => {
    const caller = currentUser(req);
    const hub = hubOf(ctx);
    const feed = eventFeed(ctx);

    // Listening first, then finding where to start and catching up to where the feed was: what
    // arrives meanwhile waits, and is sent after the catch-up unless the catch-up already sent it.
    let caughtUp = false;
    let last = 0;
    const waiting: CrmEvent[] = [];
    const send = (events: readonly CrmEvent[]) => {
      for (const event of events) {
        if (event.position <= last) continue;
        res.write(eventMessage(event));
        last = event.position;
      }
    };
    const unsubscribe = feed.subscribe((events) => {
      if (caughtUp) send(events);
      else waiting.push(...events);
    });
    const stream: Stream = { caller, res, openedAt: Date.now(), end: () => res.end() };
    res.once('close', () => {
      unsubscribe();
      hub.streams.delete(stream);
    });

    const start = await feed.start().catch(() => undefined);
    if (start === undefined) {
      res.status(503).json({ message: 'El registro de cambios no está disponible' });
      return;
    }
    const resumed = resumeFrom(req);
    last = resumed ?? start;
    if (res.destroyed) return;

    res.status(200);
    res.set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform: the compression middleware leaves it alone (it would hold the messages).
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
    res.write(`retry: ${RETRY_MS}\n\n`);
    const ping = setInterval(() => res.write(': ping\n\n'), PING_MS);
    res.once('close', () => clearInterval(ping));
    hub.streams.add(stream);
    capStreams(hub, caller.userId);
    watchSessions(ctx, hub);

    res.write(message(STREAM_MESSAGES.ready, { position: last }, last));
    try {
      // A resume reads the log at least once, even from past where this process's reader is
      // (the client was on another process, or this one's reader lags): only the log can say
      // that what came after the resume point is no longer kept.
      const until = resumed === undefined ? start : Math.max(start, resumed + 1);
      if (last < until && (await catchUp(ctx, res, last, until, send)) === 'reload') {
        res.write(message(STREAM_MESSAGES.reload, {}, start));
        last = start;
      }
    } catch (error) {
      req.log.warn({ err: error }, 'a stream could not catch up; the client reconnects');
      res.end();
      return;
    }
    caughtUp = true;
    send(waiting.splice(0));
  };
}

/**
 * Sends what came after `after` up to where the feed is (`until`); 'reload' when some of it is
 * no longer kept (the client then reloads what it shows).
 */
async function catchUp(
  ctx: AppContext,
  res: Response,
  after: number,
  until: number,
  send: (events: readonly CrmEvent[]) => void,
): Promise<'reload' | undefined> {
  let from = after;
  while (from < until && !res.writableEnded) {
    const page = await eventsAfter(ctx, from, EVENTS_PAGE_SIZE);
    if (page.gap) return 'reload';
    if (page.events.length === 0) return undefined;
    send(page.events);
    from = page.last;
  }
  return undefined;
}

/** Ends every open stream of this process (shutdown: the clients reconnect to another). */
export function endStreams(ctx: AppContext): void {
  const hub = hubs.get(ctx);
  if (!hub) return;
  for (const stream of hub.streams) stream.end();
  clearInterval(hub.timer);
  hub.timer = undefined;
  eventFeed(ctx).stop();
}
