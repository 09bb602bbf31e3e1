import { Schema, type Connection, type InferSchemaType, type Types } from 'mongoose';
import { ROLES } from '@crm/shared';

const userSchema = new Schema(
  {
    name: { type: String, required: true, trim: true },
    lastName: { type: String, required: true, trim: true },
    /** Stored trimmed and lower-cased: uniqueness without collation (FerretDB has none). */
    email: { type: String, required: true, unique: true },
    role: { type: String, enum: ROLES, required: true },
    photo: { type: String, default: '' },
    /** bcrypt hash; never selected unless asked for with '+passwordHash'. */
    passwordHash: { type: String, required: true, select: false },
    /**
     * Invited (issue 23, account/invitations.service.ts) and not yet set their password (which
     * is random meanwhile, so they can't sign in); absent otherwise.
     */
    invitationPending: { type: Boolean, default: undefined },
    /**
     * Their own preferences (issue 20; packages/shared/preferences.ts). The zone their days are
     * read in, null: APP_TIME_ZONE. Each reminder email can be turned off.
     */
    timeZone: { type: String, default: null },
    emailDigest: { type: Boolean, default: true },
    emailReminders: { type: Boolean, default: true },
    /** Issue 35: a mail when a customer writes to a request of theirs; off until turned on. */
    emailCustomerMail: { type: Boolean, default: false },
    /**
     * The SHA-256 (hex) of their calendar feed's secret; null: no feed. Never selected unless
     * asked for: the feed looks the user up by it (unique, sparse index).
     */
    calendarSecretHash: { type: String, default: undefined, select: false },
  },
  { timestamps: true, versionKey: false },
);
userSchema.index({ role: 1 });
userSchema.index({ calendarSecretHash: 1 }, { unique: true, sparse: true });

export type UserDoc = InferSchemaType<typeof userSchema> & { _id: Types.ObjectId };
const userModel = (connection: Connection) => connection.model('User', userSchema);

/** The users feature's models, registered on the app's connection by app-context.ts. */
export const usersModels = (connection: Connection) => ({ User: userModel(connection) });

declare module '../context.js' {
  interface Models {
    User: ReturnType<typeof userModel>;
  }
}
