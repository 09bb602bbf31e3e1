import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { createParser } from 'eventsource-parser';

/*
 * A real client of GET /api/events/stream for the tests (issue 36): fetch over a real socket,
 * the server-sent events parsed by the web's own parser (eventsource-parser).
 */

export type StreamMessage = { id?: string; event: string; data: string };

export type TestStream = {
  status: number;
  messages: StreamMessage[];
  /** Resolves once a message satisfies `match` (looking at those already received too). */
  next(match: (message: StreamMessage) => boolean, withinMs?: number): Promise<StreamMessage>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
};

/** The app listening on a free loopback port, for clients that need a real socket. */
export async function listening(app: Express): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = await new Promise((resolve) => {
    const started = app.listen(0, '127.0.0.1', () => resolve(started));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function openStream(
  url: string,
  token: string,
  { lastEventId }: { lastEventId?: string } = {},
): Promise<TestStream> {
  const abort = new AbortController();
  const res = await fetch(`${url}/api/events/stream`, {
    headers: {
      Authorization: `Bearer ${token}`,
      ...(lastEventId !== undefined && { 'Last-Event-ID': lastEventId }),
    },
    signal: abort.signal,
  });
  const messages: StreamMessage[] = [];
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of waiters) waiter();
  };
  let closed = false;
  const parser = createParser({
    onEvent: ({ id, event, data }) =>
      messages.push({ ...(id !== undefined && { id }), event: event ?? 'message', data }),
  });
  const ended = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body) {
        parser.feed(decoder.decode(chunk as Uint8Array, { stream: true }));
        wake();
      }
    } catch {
      // Closed by the test (abort): the end of the stream either way.
    }
    closed = true;
    wake();
  })();
  return {
    status: res.status,
    messages,
    ended,
    close: () => abort.abort(),
    next: (match, withinMs = 2000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (found) {
            finish();
            resolve(found);
          } else if (closed) {
            finish();
            reject(
              new Error(`the stream ended without the message; got ${JSON.stringify(messages)}`),
            );
          }
        };
        const timer = setTimeout(() => {
          finish();
          reject(
            new Error(`no such message within ${withinMs} ms; got ${JSON.stringify(messages)}`),
          );
        }, withinMs);
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      }),
  };
}
