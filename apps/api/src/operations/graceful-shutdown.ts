import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Logger } from 'pino';

/** In-flight calls get this long to finish; then their connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000;

type Options = {
  server: Server;
  logger: Logger;
  /** Ends the calls that never end by themselves (live streams), at the start of the shutdown. */
  beforeClose?: () => void;
  /** Closes what the server holds (database connection, timers), after the last call. */
  release: () => Promise<void>;
  graceMs?: number;
};

/**
 * Stop taking calls at once, let the calls in flight finish, then release the database.
 * `server.close` alone only stops new connections: a kept-alive connection that is busy at that
 * moment would carry the client's next call after the answer, and the next, until the grace
 * period cuts it (and the database would close under those calls). So, from the signal on:
 * idle kept-alive connections are closed, every answer not yet started says `Connection: close`
 * (Node then closes the connection after it), and a connection whose answer had already started
 * is closed as soon as that answer ends. Resolves when everything is closed; calling it twice
 * returns the same promise.
 *
 * Call it right after `listen`: it watches the calls from then on to know which are in flight.
 */
export function gracefulShutdown({
  server,
  logger,
  release,
  beforeClose,
  graceMs = SHUTDOWN_GRACE_MS,
}: Options): (reason: string) => Promise<void> {
  let stopping = false;
  const inFlight = new Set<ServerResponse>();

  const closeConnectionAfter = (res: ServerResponse) => {
    // Already sent: its connection is idle, and closed with the other idle ones.
    if (res.writableFinished) return;
    if (!res.headersSent) {
      res.setHeader('Connection', 'close');
      return;
    }
    // Too late to tell the client; once the answer is out the connection is idle: close it then
    // (after Node's own 'finish' handling has detached the answer from the socket).
    res.once('finish', () => setImmediate(() => server.closeIdleConnections()));
  };

  // Prepended: it runs before the app's handler, so a call that arrives during shutdown (on a
  // connection that was busy) is marked before any handler can send its headers.
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (stopping) {
      closeConnectionAfter(res);
      return;
    }
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });

  let done: Promise<void> | undefined;
  return (reason) => {
    done ??= (async () => {
      logger.info({ reason }, 'shutting down: no new calls, finishing calls in flight');
      stopping = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // `server.close` does this too on Node >= 19; explicit, as it is half of the point.
      server.closeIdleConnections();
      for (const res of inFlight) closeConnectionAfter(res);
      beforeClose?.();
      inFlight.clear();
      const grace = setTimeout(() => {
        logger.warn({ graceMs }, 'calls still running after the grace period; closing them');
        server.closeAllConnections();
      }, graceMs);
      grace.unref();
      await closed;
      clearTimeout(grace);
      await release();
      logger.info('shut down cleanly');
    })();
    return done;
  };
}
