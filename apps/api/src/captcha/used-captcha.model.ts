import { Schema, type Connection } from 'mongoose';

/** Signatures of captcha challenges already used to sign in: a solution works once. */
const usedCaptchaSchema = new Schema(
  { _id: String, expiresAt: { type: Date, required: true } },
  { versionKey: false },
);
usedCaptchaSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
export const usedCaptchaModel = (connection: Connection) =>
  connection.model('UsedCaptcha', usedCaptchaSchema);
