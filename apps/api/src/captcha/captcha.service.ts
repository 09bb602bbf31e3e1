import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import { LOGIN_MESSAGES } from '@crm/shared';
import type { AppContext } from '../context.js';
import { isDuplicateKeyError } from '../db/errors.js';
import { AppError } from '../http/app-error.js';

const ALGORITHM = 'PBKDF2/SHA-256';

/** Captcha keys are derived from the JWT secret, so there is one secret to manage. */
function secrets(ctx: AppContext) {
  const derive = (purpose: string) =>
    createHmac('sha256', ctx.config.jwtSecret).update(purpose).digest('hex');
  return {
    hmacSignatureSecret: derive('altcha-signature'),
    hmacKeySignatureSecret: derive('altcha-key'),
  };
}

/**
 * GET /api/captcha/challenge: a signed ALTCHA proof-of-work challenge (self-hosted). It hides a
 * number from a quarter of CAPTCHA_MAX_COUNTER up to it, which the browser finds by trying each
 * one at CAPTCHA_COST; `workFactor` multiplies that range (a busy form, leads/lead-rate-limit.ts):
 * the solver's work grows with it, the server's check (one key at CAPTCHA_COST) does not.
 */
export async function issueChallenge(ctx: AppContext, workFactor = 1): Promise<Challenge> {
  const { cost, maxCounter, ttlMs } = ctx.config.captcha;
  const max = maxCounter * workFactor;
  return createChallenge({
    algorithm: ALGORITHM,
    cost,
    // altcha-lib's randomInt takes (max, min).
    counter: randomInt(max, Math.ceil(max / 4)),
    deriveKey,
    expiresAt: new Date(Date.now() + ttlMs),
    ...secrets(ctx),
  });
}

// The widget posts base64(JSON.stringify({ challenge, solution })) as the `altcha` field.
const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.looseObject({ algorithm: z.string(), nonce: z.string(), salt: z.string() }),
    signature: z.string().min(1),
  }),
  solution: z.object({
    counter: z.number().int().nonnegative(),
    derivedKey: z.string(),
    time: z.number().optional(),
  }),
});

function decodePayload(altcha: string) {
  try {
    return payloadSchema.safeParse(JSON.parse(Buffer.from(altcha, 'base64').toString('utf8')));
  } catch {
    return undefined;
  }
}

const captchaError = () =>
  new AppError(400, LOGIN_MESSAGES.captchaRequired, [
    { path: 'altcha', message: LOGIN_MESSAGES.captchaRequired },
  ]);

/** Verifies a solved challenge on the server and burns it, so it can't be replayed. */
export async function verifyCaptcha(ctx: AppContext, altcha: string): Promise<void> {
  const decoded = decodePayload(altcha);
  if (!decoded?.success) throw captchaError();
  const { challenge, solution } = decoded.data;
  const result = await verifySolution({
    // The signature covers every parameter, so a tampered challenge fails verification.
    challenge: challenge as unknown as Challenge,
    solution,
    deriveKey,
    ...secrets(ctx),
  });
  if (!result.verified) throw captchaError();
  const expiresAt = new Date(Date.now() + ctx.config.captcha.ttlMs);
  try {
    await ctx.models.UsedCaptcha.create({ _id: challenge.signature, expiresAt });
  } catch (error) {
    if (isDuplicateKeyError(error)) throw captchaError();
    throw error;
  }
}
