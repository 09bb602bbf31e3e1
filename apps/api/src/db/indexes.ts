import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import { isNotImplementedError } from './errors.js';

/**
 * Builds the indexes of every model registered on the connection, before serving: unique emails
 * and request numbers depend on them. A server that lacks an index option (FerretDB 1.x has no
 * TTL indexes) still gets the others; expiry is then also checked on read and swept by the
 * server (see sweep-expired.ts).
 */
export async function ensureIndexes(connection: Connection, logger: Logger): Promise<void> {
  await Promise.all(
    Object.values(connection.models).map(async (model) => {
      try {
        await model.createIndexes();
      } catch (error) {
        if (!isNotImplementedError(error)) throw error;
        logger.debug(
          { model: model.modelName, err: error },
          'index option not supported by this server',
        );
      }
    }),
  );
}
