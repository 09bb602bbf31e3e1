import { request, type ClientRequest } from 'node:http';
import { createParser } from 'eventsource-parser';

/*
 * A client of GET /api/events/stream for bench:live (issue 36): node:http rather than fetch, so
 * each stream can leave from a loopback address of its own (`localAddress`, as browsers in
 * different offices would), and each message is stamped with the instant its bytes arrived. The
 * messages are parsed by the web's own parser (eventsource-parser).
 */

export type SseMessage = { id?: string; event: string; data: string };

export type SseStream = {
  /** The `ready` message, or the refusal (a status other than 200, the stream cut before it). */
  ready: Promise<SseMessage>;
  /** Resolves when the server or close() ends the stream. */
  ended: Promise<void>;
  close(): void;
};

type Options = {
  token: string;
  localAddress?: string;
  /** Every message after `ready`, with performance.now() when its last bytes arrived. */
  onMessage: (message: SseMessage, receivedAt: number) => void;
};

export function openSseStream(base: string, readyEvent: string, options: Options): SseStream {
  let req: ClientRequest | undefined;
  let resolveReady!: (message: SseMessage) => void;
  let rejectReady!: (error: Error) => void;
  const ready = new Promise<SseMessage>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  // A refused stream rejects `ready`; one that ends later only resolves `ended`.
  ready.catch(() => undefined);
  const ended = new Promise<void>((resolve) => {
    const url = new URL('/api/events/stream', base);
    req = request(
      url,
      {
        // A connection of its own: a stream holds it for as long as it is open.
        agent: false,
        localAddress: options.localAddress,
        headers: { Authorization: `Bearer ${options.token}`, Accept: 'text/event-stream' },
      },
      (res) => {
        if (res.statusCode !== 200) {
          rejectReady(new Error(`the stream answered ${res.statusCode}`));
          res.resume();
          res.once('end', resolve);
          return;
        }
        res.setEncoding('utf8');
        let isReady = false;
        let receivedAt = 0;
        const parser = createParser({
          onEvent: ({ id, event = 'message', data }) => {
            const message: SseMessage = { ...(id !== undefined && { id }), event, data };
            if (!isReady && event === readyEvent) {
              isReady = true;
              resolveReady(message);
            } else options.onMessage(message, receivedAt);
          },
        });
        res.on('data', (chunk: string) => {
          receivedAt = performance.now();
          parser.feed(chunk);
        });
        const finish = () => {
          rejectReady(new Error('the stream ended before it was ready'));
          resolve();
        };
        res.once('end', finish);
        res.once('close', finish);
        res.once('error', finish);
      },
    );
    req.once('error', (error) => {
      rejectReady(error);
      resolve();
    });
    req.end();
  });
  return { ready, ended, close: () => req?.destroy() };
}
