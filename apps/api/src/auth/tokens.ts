import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { AppContext } from '../context.js';

export type TokenClaims = { sub: string; jti: string; exp: number };

/**
 * A new token for `userId`, with the id (jti) and expiry its session is stored under
 * (sessions.ts): the session, not the token, says whether it still works.
 */
export function signToken(
  ctx: Pick<AppContext, 'config'>,
  userId: string,
): { token: string; jti: string; expiresAt: Date } {
  const jti = randomUUID();
  const token = jwt.sign({}, ctx.config.jwtSecret, {
    algorithm: 'HS256',
    subject: userId,
    jwtid: jti,
    expiresIn: ctx.config.jwtTtl as jwt.SignOptions['expiresIn'],
  });
  // The expiry jsonwebtoken computed from the TTL, read back rather than computed twice.
  const { exp } = jwt.decode(token) as { exp: number };
  return { token, jti, expiresAt: new Date(exp * 1000) };
}

/** The token's claims, or undefined when it is malformed, forged or expired. */
export function verifyToken(
  ctx: Pick<AppContext, 'config'>,
  token: string,
): TokenClaims | undefined {
  try {
    const claims = jwt.verify(token, ctx.config.jwtSecret, { algorithms: ['HS256'] });
    if (typeof claims === 'string') return undefined;
    const { sub, jti, exp, aud } = claims as Partial<Record<keyof TokenClaims | 'aud', unknown>>;
    // A download ticket (tickets.ts) has an audience and is no session token.
    if (aud !== undefined) return undefined;
    if (typeof sub !== 'string' || typeof jti !== 'string' || typeof exp !== 'number') {
      return undefined;
    }
    return { sub, jti, exp };
  } catch {
    return undefined;
  }
}
