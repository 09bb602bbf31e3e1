import { Schema, type Connection, type InferSchemaType, type Types } from 'mongoose';
import { API_TOKEN_SCOPES } from '@crm/shared';

/**
 * API tokens (issue 36): a person's credential for a script or a tool. Only the SHA-256 of the
 * secret is kept (`hash`, unique: `authenticate` finds a token with one read by it); the secret
 * is shown once, at creation. A revoked token is deleted: nothing is left to match.
 */
const apiTokenSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, required: true },
    name: { type: String, required: true },
    scope: { type: String, enum: API_TOKEN_SCOPES, required: true },
    /** Issue 36: a `leads` token's source name, recorded with each lead it sends; null: none. */
    sourceName: { type: String, default: null },
    /** `crm_` and the id's 8 characters: what the lists show to tell tokens apart. */
    prefix: { type: String, required: true },
    hash: { type: String, required: true },
    createdAt: { type: Date, required: true },
    /** Written at most once a minute (authenticate.ts), as a session's lastSeenAt. */
    lastUsedAt: { type: Date, default: null },
    expiresAt: { type: Date, default: null },
  },
  { versionKey: false },
);
apiTokenSchema.index({ hash: 1 }, { unique: true });
// A person's tokens, newest first; the admins' list reads all of them (at most 20 a person).
apiTokenSchema.index({ userId: 1, createdAt: -1 });

export type ApiTokenDoc = InferSchemaType<typeof apiTokenSchema> & { _id: Types.ObjectId };

export const apiTokenModel = (connection: Connection) =>
  connection.model('ApiToken', apiTokenSchema, 'api_tokens');

declare module '../context.js' {
  interface Models {
    ApiToken: ReturnType<typeof apiTokenModel>;
  }
}
