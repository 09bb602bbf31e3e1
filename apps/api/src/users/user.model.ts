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
    /** Bumped on a password change: tokens signed with an older value stop working. */
    sessionVersion: { type: Number, default: 0 },
  },
  { timestamps: true, versionKey: false },
);
userSchema.index({ role: 1 });

export type UserDoc = InferSchemaType<typeof userSchema> & { _id: Types.ObjectId };
const userModel = (connection: Connection) => connection.model('User', userSchema);

/** The users feature's models, registered on the app's connection by app-context.ts. */
export const usersModels = (connection: Connection) => ({ User: userModel(connection) });

declare module '../context.js' {
  interface Models {
    User: ReturnType<typeof userModel>;
  }
}
