import { createHmac, randomBytes } from 'node:crypto';
import { derivedKey, open, seal } from '../config/secret-box.js';
import type { AppContext } from '../context.js';

/*
 * An endpoint's signing secret (issue 36). Shown once, when made; the product must still sign
 * with it, so it is kept readable but encrypted at rest (AES-256-GCM under a key derived from
 * JWT_SECRET with HKDF, as two-factor secrets are, for another purpose): a copy of the database
 * alone doesn't sign. Changing JWT_SECRET makes the secrets unreadable: each endpoint then needs
 * "Nuevo secreto" (its tries fail with `secret` until then).
 */

type Ctx = Pick<AppContext, 'config'>;

/** Every secret starts so: a secret scanner or a person tells it from other credentials. */
const SECRET_PREFIX = 'whsec_';

const keyOf = (ctx: Ctx) => derivedKey(ctx.config.jwtSecret, 'crm webhook secret');

/** A new secret: 32 random bytes. */
export const newWebhookSecret = () => `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;

/** `v1.<iv>.<tag>.<ciphertext>` (config/secret-box.ts). */
export const encryptWebhookSecret = (ctx: Ctx, secret: string) => seal(keyOf(ctx), secret);

/** The secret, or undefined when it can't be read (JWT_SECRET changed, or tampered with). */
export const decryptWebhookSecret = (ctx: Ctx, stored: string) => open(keyOf(ctx), stored);

/**
 * The signature header's value for `body` sent at `at`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<body>">` (docs/webhooks.md). The time is signed with the body, so a captured delivery
 * can't be replayed later than the receiver's tolerance.
 */
export function signatureOf(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}
