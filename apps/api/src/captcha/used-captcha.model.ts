import type { Connection } from 'mongoose';
import { expiringSchema } from '../db/expiring-schema.js';

/** Signatures of captcha challenges already used to sign in: a solution works once. */
const usedCaptchaSchema = expiringSchema();
const usedCaptchaModel = (connection: Connection) =>
  connection.model('UsedCaptcha', usedCaptchaSchema);

/** The captcha feature's models, registered on the app's connection by app-context.ts. */
export const captchaModels = (connection: Connection) => ({
  UsedCaptcha: usedCaptchaModel(connection),
});

declare module '../context.js' {
  interface Models {
    UsedCaptcha: ReturnType<typeof usedCaptchaModel>;
  }
}
