import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
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

const keys = new Map<string, Buffer>();
function keyOf(ctx: Ctx): Buffer {
  let key = keys.get(ctx.config.jwtSecret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', ctx.config.jwtSecret, '', 'crm webhook secret', 32));
    keys.set(ctx.config.jwtSecret, key);
  }
  return key;
}

/** A new secret: 32 random bytes. */
export const newWebhookSecret = () => `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;

/** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function encryptWebhookSecret(ctx: Ctx, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(ctx), iv);
  const text = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [
    'v1',
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    text.toString('base64url'),
  ].join('.');
}

/** The secret, or undefined when it can't be read (JWT_SECRET changed, or tampered with). */
export function decryptWebhookSecret(ctx: Ctx, stored: string): string | undefined {
  const [version, iv, tag, text] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || text === undefined) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(ctx), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(text, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return undefined;
  }
}

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
