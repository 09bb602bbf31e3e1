import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One POST the receiver got: its headers and its body as sent (the bytes the signature covers). */
export type ReceivedHook = { headers: http.IncomingHttpHeaders; body: string; at: number };

/**
 * How the receiver answers the next POST: a status (200 unless said), a body, `hang` (never
 * answers), or a redirect elsewhere. `answer` may depend on what came.
 */
export type HookAnswer = {
  status?: number;
  body?: string | Buffer;
  headers?: Record<string, string>;
  hang?: boolean;
};

export type WebhookReceiver = {
  /** `http://127.0.0.1:<port>/hook` (or `localhost` when asked). */
  url: string;
  port: number;
  received: ReceivedHook[];
  /** What to answer, per POST (the default answers 200 "ok"). */
  answer: (hook: ReceivedHook) => HookAnswer;
  /** Bytes of answer bodies the receiver wrote before the client hung up on them. */
  written: number;
  close(): Promise<void>;
};

/**
 * A real HTTP receiver on loopback for the webhook tests and the benchmark (issue 36): it keeps
 * every POST it gets and answers as `answer` says.
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const sockets = new Set<Socket>();
  const receiver: WebhookReceiver = {
    url: '',
    port: 0,
    received: [],
    answer: () => ({ status: 200, body: 'ok' }),
    written: 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const hook = {
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      receiver.received.push(hook);
      const { status = 200, body = '', headers = {}, hang = false } = receiver.answer(hook);
      if (hang) return;
      res.writeHead(status, headers);
      const bytes = typeof body === 'string' ? Buffer.from(body) : body;
      // Large answers in pieces, as a server streams them: a client that stops reading stops it.
      const piece = 64 * 1024;
      let offset = 0;
      const writeMore = () => {
        while (offset < bytes.length) {
          const chunk = bytes.subarray(offset, offset + piece);
          offset += chunk.length;
          receiver.written += chunk.length;
          if (!res.write(chunk)) {
            res.once('drain', writeMore);
            return;
          }
        }
        res.end();
      };
      res.on('error', () => undefined);
      writeMore();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${receiver.port}/hook`;
  return receiver;
}
