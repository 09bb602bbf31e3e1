import { HttpResponse } from 'msw';
import {
  API_MESSAGES,
  api,
  entriesByEvent,
  EVENTS_PAGE_SIZE,
  STREAM_MESSAGES,
  type CrmEvent,
  type EventType,
  type Request,
} from '@crm/shared';
import { db, type StoredUser } from './db';
import { fake, json, unauthorized } from './http';
import { route } from './router';
import { callerOf } from './sessions';

// Issue 36's event log and live stream (GET /api/events/stream), as apps/api/src/events keeps
// and streams them: every change the fake's endpoints make is an event, pushed at once to every
// open stream; a stream resumed with `Last-Event-ID` replays what came after it, or says
// `reload` past what is kept. A test plays "another user" by calling the fake with their token
// (test/live.ts), or drops the streams and prunes the log to see the browser resume.

export const STREAM_PATH = '/api/events/stream';

type OpenStream = { token: string; send: (text: string) => void; close: () => void };

export const fakeEvents = {
  log: [] as CrmEvent[],
  /** Positions up to this one are no longer kept (older than the retention). */
  prunedUpTo: 0,
  /** Each stream asked for, in order: the `Last-Event-ID` it sent and the status answered. */
  connections: [] as { lastEventId: string | null; status: number }[],
  /** The wait before reconnecting the fake tells the browser (SSE `retry:`): short in tests. */
  retryMs: 20,
  /** While set, a stream asked for is refused (503), as by a server restarting. */
  down: false,
  open: new Set<OpenStream>(),
};

export function resetEventsFake() {
  for (const stream of [...fakeEvents.open]) stream.close();
  fakeEvents.log = [];
  fakeEvents.prunedUpTo = 0;
  fakeEvents.connections = [];
  fakeEvents.retryMs = 20;
  fakeEvents.down = false;
}

const newestPosition = () => fakeEvents.log.at(-1)?.position ?? fakeEvents.prunedUpTo;

const message = (name: string, id: number, data: unknown) =>
  `id: ${id}\nevent: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

const eventMessage = (event: CrmEvent) => message(event.type, event.position, event);

let nextKey = 1;

/** Appends an event to the log and pushes it to every open stream. */
export function publishEvent(
  type: EventType,
  request: Request,
  by: Pick<StoredUser, '_id'> | string | null,
  changes?: CrmEvent['data']['changes'],
) {
  const userId = typeof by === 'string' ? by : (by?._id ?? null);
  const actor = db.users.find((user) => user._id === userId);
  const event: CrmEvent = {
    id: `${(nextKey++).toString(16).padStart(24, '0')}-${request._id}`,
    position: newestPosition() + 1,
    type,
    occurredAt: new Date().toISOString(),
    actor: actor ? { id: actor._id, name: `${actor.name} ${actor.lastName}` } : null,
    requestId: request._id,
    data:
      type === 'request.deleted'
        ? { requestNumber: request.requestNumber ?? null, name: request.name }
        : { request: structuredClone(request), ...(changes && { changes }) },
  };
  fakeEvents.log.push(event);
  for (const stream of fakeEvents.open) stream.send(eventMessage(event));
  return event;
}

/**
 * The events of one write, from the history entries it recorded from `firstEntry` on: one per
 * kind of change, each with its own entries as `changes`, as the API's eventsOfEntries.
 */
export function publishChanges(request: Request, by: string | null, firstEntry: number) {
  const entries = (db.history.get(request._id) ?? []).slice(firstEntry);
  for (const [type, own] of entriesByEvent(entries)) {
    publishEvent(
      type,
      request,
      by,
      own.map(({ field, from, to }) => ({ field, from, to })),
    );
  }
}

/** How many history entries a request has: where a write's own entries start. */
export const historyLength = (id: string) => db.history.get(id)?.length ?? 0;

// The stream is a route of its own, not `fake()`: it never ends, and is not in db.calls (a test
// counting a screen's calls would count it); `fakeEvents.connections` lists its calls.
export const eventRoutes = [
  // A script's page of the log, as the API's read.ts: `gap` when events after `after` are gone.
  fake(api.events.list, ({ input }) => {
    const after = input.query.after ?? 0;
    const events = fakeEvents.log
      .filter((event) => event.position > after)
      .slice(0, input.query.limit ?? EVENTS_PAGE_SIZE);
    return {
      events,
      last: events.at(-1)?.position ?? after,
      gap: after > 0 && after < fakeEvents.prunedUpTo,
    };
  }),

  route('get', STREAM_PATH, ({ request }) => {
    const lastEventId = request.headers.get('Last-Event-ID');
    const caller = callerOf(request);
    if (!caller.user || !caller.token) {
      fakeEvents.connections.push({ lastEventId, status: 401 });
      return unauthorized(caller);
    }
    if (fakeEvents.down) {
      fakeEvents.connections.push({ lastEventId, status: 503 });
      return json({ message: API_MESSAGES.databaseUnavailable }, 503);
    }
    fakeEvents.connections.push({ lastEventId, status: 200 });
    const token = caller.token;
    const encoder = new TextEncoder();
    let stream: OpenStream | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const open: OpenStream = {
          token,
          send: (text) => controller.enqueue(encoder.encode(text)),
          close: () => {
            fakeEvents.open.delete(open);
            controller.close();
          },
        };
        stream = open;
        const after = lastEventId === null ? newestPosition() : Number(lastEventId);
        const pruned = lastEventId !== null && after < fakeEvents.prunedUpTo;
        const start = pruned ? newestPosition() : after;
        open.send(`retry: ${fakeEvents.retryMs}\n\n`);
        open.send(message(STREAM_MESSAGES.ready, start, { position: start }));
        if (pruned) open.send(message(STREAM_MESSAGES.reload, start, {}));
        else {
          for (const event of fakeEvents.log) {
            if (event.position > after) open.send(eventMessage(event));
          }
        }
        fakeEvents.open.add(open);
      },
      cancel() {
        if (stream) fakeEvents.open.delete(stream);
      },
    });
    return new HttpResponse(body, {
      headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' },
    });
  }),
];

/** Ends every open stream, as a dropped connection or a restarted server would. */
export function dropStreams() {
  for (const stream of [...fakeEvents.open]) stream.close();
}

/** Forgets the events kept so far, as the retention would: a resume from them reloads. */
export function pruneEvents() {
  fakeEvents.prunedUpTo = newestPosition();
  fakeEvents.log = [];
}
