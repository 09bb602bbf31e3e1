import { createHmac, randomBytes } from 'node:crypto';
import { derivedKey, open, seal } from '../config/secret-box.js';
import type { AppContext } from '../context.js';

/*
 * The second factor's stored secrets (issue 32). The TOTP secret is encrypted at rest with
 * AES-256-GCM under a key derived from JWT_SECRET (HKDF-SHA256): a copy of the database alone
 * (a backup, a read-only leak) doesn't give the codes. The recovery codes are stored as an
 * HMAC-SHA256 under another key derived the same way: they are random (60 bits), so a slow hash
 * (bcrypt) buys nothing against guessing, and a keyed fast one lets the sign-in find and pull
 * the one used in a single update (bcrypt would mean ten compares of ~100 ms per try). Changing
 * JWT_SECRET makes both unreadable: every user then needs an admin's reset (docs/security.md).
 */

type Ctx = Pick<AppContext, 'config'>;

const keyFor = (ctx: Ctx, purpose: 'secret' | 'recovery') =>
  derivedKey(ctx.config.jwtSecret, `crm two-factor ${purpose}`);

/** `v1.<iv>.<tag>.<ciphertext>` (config/secret-box.ts). */
export const encryptSecret = (ctx: Ctx, secret: string) => seal(keyFor(ctx, 'secret'), secret);

/** The secret, or undefined when it can't be read (JWT_SECRET changed, or tampered with). */
export const decryptSecret = (ctx: Ctx, stored: string) => open(keyFor(ctx, 'secret'), stored);

// Crockford's base32 without the letters read as digits: nothing to confuse when typed.
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** A recovery code as shown: 12 characters (60 random bits) in groups of four, `xxxx-xxxx-xxxx`. */
export function newRecoveryCode(): string {
  const bytes = randomBytes(12);
  const chars = [...bytes].map((byte) => ALPHABET[byte & 31]).join('');
  return chars.match(/.{4}/g)!.join('-');
}

/** A code as typed: case, spaces and dashes don't matter; the letters read as digits do. */
function normaliseRecoveryCode(code: string): string {
  return code
    .toLowerCase()
    .replace(/[\s-]/g, '')
    .replace(/[oil]/g, (c) => (c === 'o' ? '0' : '1'));
}

/** The stored form of a recovery code (as typed or as shown). */
export function hashRecoveryCode(ctx: Ctx, code: string): string {
  return createHmac('sha256', keyFor(ctx, 'recovery'))
    .update(normaliseRecoveryCode(code))
    .digest('base64url');
}
