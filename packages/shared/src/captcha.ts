import { z } from 'zod';
import { altchaPayloadChecks } from './field-checks.js';
import { LOGIN_MESSAGES } from './messages.js';

export { ALTCHA_PAYLOAD_PATTERN } from './field-checks.js';

/**
 * The `altcha` field of the login and the public form: the widget's solution. Its form is checked
 * here; whether it solves a challenge this API signed, unexpired and unused, only the server can
 * tell (captcha.service.ts), with the same message.
 */
export const altchaPayloadSchema = z
  .string({ error: LOGIN_MESSAGES.captchaRequired })
  .check(...altchaPayloadChecks())
  .meta({
    description:
      'The ALTCHA widget’s solution: base64 of the JSON `{challenge, solution}` for a challenge ' +
      'of GET /api/captcha/challenge, unexpired and not used before. Anything else is a 400 on ' +
      '`altcha`.',
  });

/**
 * GET /api/captcha/challenge answers altcha-lib's `Challenge`, a library type the browser widget
 * reads (not our code). Loose: the library may add fields.
 */
export const altchaChallengeSchema = z.looseObject({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().optional().describe('Unix time in seconds'),
  }),
  signature: z.string().optional(),
});
export type AltchaChallenge = z.infer<typeof altchaChallengeSchema>;
