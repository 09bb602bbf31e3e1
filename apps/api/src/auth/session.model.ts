import { Schema, type Connection, type InferSchemaType } from 'mongoose';
import { expiringSchema } from '../db/expiring-schema.js';

/**
 * One signed-in session per token (issue 23): the only record of which tokens work. `_id` is the
 * token's id (jti), so `authenticate` finds it with one read by key; sign-in creates it, logout,
 * "Cerrar sesión", a password change and a reset delete it. It lapses with the token
 * (`expiresAt` = the token's exp; TTL index, swept on FerretDB).
 */
const sessionSchema = expiringSchema({
  /**
   * What the session list and DELETE /api/me/sessions/:id call it: 16 random bytes, not the
   * jti. The id travels in URLs and access logs, and a token's id has no business there; a random
   * one reveals nothing about the token and needs no key to derive (unlike a hash of the jti).
   */
  publicId: { type: String, required: true },
  userId: { type: Schema.Types.ObjectId, required: true },
  /** From the User-Agent at sign-in (auth/user-agent.ts); '' when unknown. */
  browser: { type: String, default: '' },
  os: { type: String, default: '' },
  /** The client address at sign-in, as the per-address limits count it (IPv6 by its /64). */
  address: { type: String, default: '' },
  /** Signed in at. */
  createdAt: { type: Date, required: true },
  /** Written at most once a minute (authenticate.ts). */
  lastSeenAt: { type: Date, required: true },
});
// A user's sessions, newest first: the list, "close the others", and a close by publicId.
sessionSchema.index({ userId: 1, createdAt: -1 });

export type SessionDoc = InferSchemaType<typeof sessionSchema>;
export const sessionModel = (connection: Connection) => connection.model('Session', sessionSchema);

declare module '../context.js' {
  interface Models {
    Session: ReturnType<typeof sessionModel>;
  }
}
