import type { Connection } from 'mongoose';
import { expiringSchema } from '../db/expiring-schema.js';

/** Signatures of captcha challenges already used to sign in: a solution works once. */
const usedCaptchaSchema = expiringSchema();
export const usedCaptchaModel = (connection: Connection) =>
  connection.model('UsedCaptcha', usedCaptchaSchema);
