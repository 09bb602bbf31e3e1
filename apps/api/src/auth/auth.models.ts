import type { Connection } from 'mongoose';
import { expiringSchema } from '../db/expiring-schema.js';
import { apiTokenModel } from './api-token.model.js';
import { sessionModel } from './session.model.js';
import { twoFactorModel } from './two-factor.model.js';
import { usedTicketModel } from './used-ticket.model.js';

/**
 * The sign-in brake's records, shared by every API process (see login-throttle.ts): counters of
 * failed sign-ins ("pair:…", "account:…", "address:…") and known addresses ("known:…").
 */
const loginAttemptSchema = expiringSchema({
  failures: { type: Number, default: 0 },
  /** The first attempt the counter remembers; its waits are measured from here. */
  since: { type: Date },
});
const loginAttemptModel = (connection: Connection) =>
  connection.model('LoginAttempt', loginAttemptSchema);

/** The auth feature's models, registered on the app's connection by app-context.ts. */
export const authModels = (connection: Connection) => ({
  Session: sessionModel(connection),
  LoginAttempt: loginAttemptModel(connection),
  UsedTicket: usedTicketModel(connection),
  TwoFactor: twoFactorModel(connection),
  ApiToken: apiTokenModel(connection),
});

declare module '../context.js' {
  interface Models {
    LoginAttempt: ReturnType<typeof loginAttemptModel>;
  }
}
