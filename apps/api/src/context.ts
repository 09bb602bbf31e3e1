import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { AppConfig } from './config/env.js';
import type { LockModel } from './db/lock.js';
import type { AccessGuards } from './http/endpoint.js';

/**
 * The models on the app's connection, by name. This file knows no feature: each feature adds
 * its own models here beside their schemas (`declare module '../context.js' { interface Models
 * { … } }`, see users/user.model.ts) and app-context.ts registers them, checked against this
 * list by the compiler. An interface because only interfaces merge across files.
 */
export interface Models {
  Lock: LockModel;
}

/** What every route and service gets: config, the models on one connection, a logger. */
export type AppContext = {
  config: AppConfig & { jwtSecret: string };
  connection: Connection;
  models: Models;
  logger: Logger;
  /** The checks routes declare (`access`), supplied by auth/ (see app-context.ts). */
  access: AccessGuards;
};
