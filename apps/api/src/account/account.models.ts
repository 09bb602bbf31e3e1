import type { Connection, InferSchemaType } from 'mongoose';
import { TOKEN_PURPOSES } from '@crm/shared';
import { expiringSchema } from '../db/expiring-schema.js';

/*
 * One-time tokens (issue 23): reset, invitation and email-change links. `_id` is the SHA-256
 * (hex) of the secret the link carries, so the database never holds a usable link. One live
 * token per user and purpose (issuing deletes the older ones); using one deletes it
 * (account-tokens.ts). `expiresAt` lapses it (TTL index; FerretDB: every read checks it and
 * sweep-expired.ts deletes it).
 */
const accountTokenSchema = expiringSchema({
  /** The user's id (hex). */
  userId: { type: String, required: true },
  purpose: { type: String, enum: TOKEN_PURPOSES, required: true },
  /** An email change's new address (purpose 'email'). */
  newEmail: { type: String, default: undefined },
  createdAt: { type: Date, required: true },
});
// A user's tokens of one purpose: superseded on issue, ended by a password change, and the
// profile's pending email.
accountTokenSchema.index({ userId: 1, purpose: 1 });

export type AccountTokenDoc = InferSchemaType<typeof accountTokenSchema> & { _id: string };

/**
 * The rate limits of the account emails (account-rate-limit.ts): `count` per key in a fixed
 * window that ends at `expiresAt`.
 */
const accountCounterSchema = expiringSchema({ count: { type: Number, default: 0 } });

const accountTokenModel = (connection: Connection) =>
  connection.model('AccountToken', accountTokenSchema, 'account_tokens');
const accountCounterModel = (connection: Connection) =>
  connection.model('AccountCounter', accountCounterSchema, 'account_counters');

/** The account feature's models, registered on the app's connection by app-context.ts. */
export const accountModels = (connection: Connection) => ({
  AccountToken: accountTokenModel(connection),
  AccountCounter: accountCounterModel(connection),
});

declare module '../context.js' {
  interface Models {
    AccountToken: ReturnType<typeof accountTokenModel>;
    AccountCounter: ReturnType<typeof accountCounterModel>;
  }
}
