import { z } from 'zod';

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
