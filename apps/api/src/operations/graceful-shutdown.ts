import type { Server } from 'node:http';
import type { Logger } from 'pino';

/** In-flight calls get this long to finish; then their connections are cut. */
export const SHUTDOWN_GRACE_MS = 10_000;

type Options = {
  server: Server;
  logger: Logger;
  /** Closes what the server holds (database connection, timers), after the last call. */
  release: () => Promise<void>;
  graceMs?: number;
};

/**
 * Stop accepting connections, let calls in flight finish (idle keep-alive connections are closed
 * by `server.close` on Node >= 19), then release the database. Resolves when everything is
 * closed; calling it twice returns the same promise.
 */
export function gracefulShutdown({
  server,
  logger,
  release,
  graceMs = SHUTDOWN_GRACE_MS,
}: Options): (reason: string) => Promise<void> {
  let done: Promise<void> | undefined;
  return (reason) => {
    done ??= (async () => {
      logger.info({ reason }, 'shutting down: no new connections, finishing calls in flight');
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
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
