import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { AppConfig } from './config/env.js';
import { loginAttemptModel, revokedTokenModel } from './auth/auth.models.js';
import { usedCaptchaModel } from './captcha/used-captcha.model.js';
import { isNotImplementedError } from './db/errors.js';
import { lockModel } from './db/lock.js';
import { leadCounterModel, recentLeadModel } from './leads/lead.models.js';
import { counterModel, requestModel } from './requests/request.model.js';
import { userModel } from './users/user.model.js';

export function createModels(connection: Connection) {
  return {
    User: userModel(connection),
    Request: requestModel(connection),
    Counter: counterModel(connection),
    RevokedToken: revokedTokenModel(connection),
    LoginAttempt: loginAttemptModel(connection),
    UsedCaptcha: usedCaptchaModel(connection),
    Lock: lockModel(connection),
    LeadCounter: leadCounterModel(connection),
    RecentLead: recentLeadModel(connection),
  };
}
export type Models = ReturnType<typeof createModels>;

/**
 * Builds the indexes before serving: unique emails and request numbers depend on them.
 * A server that lacks an index option (FerretDB 1.x has no TTL indexes) still gets the
 * others; expiry is then also checked on read and swept by the server (see sweep-expired.ts).
 */
async function ensureIndexes(models: Models, logger: Logger): Promise<void> {
  await Promise.all(
    Object.values(models).map(async (model) => {
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

/** What every route and service gets: config, the models on one connection, a logger. */
export type AppContext = {
  config: AppConfig & { jwtSecret: string };
  connection: Connection;
  models: Models;
  logger: Logger;
};

export async function createContext(
  connection: Connection,
  config: AppConfig & { jwtSecret: string },
  logger: Logger,
): Promise<AppContext> {
  const models = createModels(connection);
  await ensureIndexes(models, logger);
  return { config, connection, models, logger };
}
