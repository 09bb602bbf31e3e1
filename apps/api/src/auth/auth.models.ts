import { Schema, type Connection } from 'mongoose';

/**
 * Logged-out tokens, by jti, until they would have expired anyway. MongoDB's TTL monitor
 * removes them; reads also check expiresAt, so a server without a TTL monitor stays correct.
 */
const revokedTokenSchema = new Schema(
  { _id: String, expiresAt: { type: Date, required: true } },
  { versionKey: false },
);
revokedTokenSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
export const revokedTokenModel = (connection: Connection) =>
  connection.model('RevokedToken', revokedTokenSchema);

/** Failed sign-ins per key ("email:…" or "ip:…"), shared by every API process. */
const loginAttemptSchema = new Schema(
  {
    _id: String,
    failures: { type: Number, default: 0 },
    lockedUntil: { type: Date, default: null },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false },
);
loginAttemptSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
export const loginAttemptModel = (connection: Connection) =>
  connection.model('LoginAttempt', loginAttemptSchema);
