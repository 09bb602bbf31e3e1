import type { Connection } from 'mongoose';
import { expiringSchema } from '../db/expiring-schema.js';

/** Logged-out tokens, by jti, until they would have expired anyway. */
const revokedTokenSchema = expiringSchema();
export const revokedTokenModel = (connection: Connection) =>
  connection.model('RevokedToken', revokedTokenSchema);

/** Failed sign-ins per key ("email:…" or "ip:…"), shared by every API process. */
const loginAttemptSchema = expiringSchema({
  failures: { type: Number, default: 0 },
  lockedUntil: { type: Date, default: null },
});
export const loginAttemptModel = (connection: Connection) =>
  connection.model('LoginAttempt', loginAttemptSchema);
