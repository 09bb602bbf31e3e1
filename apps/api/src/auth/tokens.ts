import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { AppContext } from '../context.js';

export type TokenClaims = { sub: string; jti: string; sv: number; exp: number };

export function signToken(ctx: AppContext, userId: string, sessionVersion: number): string {
  return jwt.sign({ sv: sessionVersion }, ctx.config.jwtSecret, {
    algorithm: 'HS256',
    subject: userId,
    jwtid: randomUUID(),
    expiresIn: ctx.config.jwtTtl as jwt.SignOptions['expiresIn'],
  });
}

/** The token's claims, or undefined when it is malformed, forged or expired. */
export function verifyToken(
  ctx: Pick<AppContext, 'config'>,
  token: string,
): TokenClaims | undefined {
  try {
    const claims = jwt.verify(token, ctx.config.jwtSecret, { algorithms: ['HS256'] });
    if (typeof claims === 'string') return undefined;
    const { sub, jti, sv, exp } = claims as Partial<Record<keyof TokenClaims, unknown>>;
    if (
      typeof sub !== 'string' ||
      typeof jti !== 'string' ||
      typeof sv !== 'number' ||
      typeof exp !== 'number'
    ) {
      return undefined;
    }
    return { sub, jti, sv, exp };
  } catch {
    return undefined;
  }
}
