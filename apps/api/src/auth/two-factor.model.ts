import { Schema, type Connection, type Types } from 'mongoose';

/**
 * A user's second factor (issue 32), one document per user keyed by their id, absent until they
 * first set one up or first sign in under Ajustes' requirement. The secrets are stored encrypted
 * (two-factor-crypto.ts) and never selected unless asked for; the recovery codes as keyed hashes.
 */
const twoFactorSchema = new Schema(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    /** The enabled TOTP secret, encrypted; absent while two-factor sign-in is off. */
    secret: { type: String, select: false },
    enabledAt: { type: Date },
    /**
     * The last time-step (30 s) a code was accepted for: a code of that step or an earlier one is
     * refused (a replay), by one conditional update (two-factor.service.ts).
     */
    lastStep: { type: Number },
    /** The unused recovery codes' hashes; a used one is pulled by the update that accepts it. */
    recoveryCodes: { type: [String], default: undefined, select: false },
    /** The secret of the last setup, encrypted, until confirmed or `pendingExpiresAt`. */
    pendingSecret: { type: String, select: false },
    pendingExpiresAt: { type: Date },
    /**
     * The grace of Ajustes' requirement (settings/): which requirement it counts for (its
     * `since`, an ISO time) and when it started (the user's first sign-in under it).
     */
    graceFor: { type: String },
    graceStartedAt: { type: Date },
  },
  { versionKey: false },
);

export type TwoFactorDoc = {
  _id: Types.ObjectId;
  secret?: string;
  enabledAt?: Date;
  lastStep?: number;
  recoveryCodes?: string[];
  pendingSecret?: string;
  pendingExpiresAt?: Date;
  graceFor?: string;
  graceStartedAt?: Date;
};

export const twoFactorModel = (connection: Connection) =>
  connection.model('TwoFactor', twoFactorSchema, 'twofactors');

declare module '../context.js' {
  interface Models {
    TwoFactor: ReturnType<typeof twoFactorModel>;
  }
}
