import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/*
 * Secrets the product must read again (a two-factor TOTP secret, a webhook's signing secret),
 * kept encrypted at rest: AES-256-GCM under a key derived from JWT_SECRET with HKDF-SHA256, one
 * key per purpose (the HKDF info), so a copy of the database alone reads none of them. Changing
 * JWT_SECRET makes them unreadable (`open` answers undefined).
 */

const keys = new Map<string, Buffer>();

/** The 32-byte key for `purpose` (its HKDF info), derived once per JWT_SECRET. */
export function derivedKey(jwtSecret: string, purpose: string): Buffer {
  const id = `${purpose}:${jwtSecret}`;
  let key = keys.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', jwtSecret, '', purpose, 32));
    keys.set(id, key);
  }
  return key;
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function seal(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const text = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), text]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The secret, or undefined when it can't be read (another key, or tampered with). */
export function open(key: Buffer, stored: string): string | undefined {
  const [version, iv, tag, text] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || text === undefined) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(text, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return undefined;
  }
}
