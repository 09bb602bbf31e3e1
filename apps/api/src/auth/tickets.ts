import { createHash } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { TicketAudience } from '@crm/shared';
import type { AppContext } from '../context.js';

/*
 * Download tickets (issue 24): a browser that follows a link by itself (so its own download
 * starts at once and streams to disk) can send no Authorization header. A ticket stands in for
 * it on the one endpoint that declares its audience: a JWT signed with the app's secret, for a
 * minute, naming the user, their session (which must still exist when it is used: a logout ends
 * the tickets it made) and a hash of the exact query it was made for. It carries no `jti`, and
 * session tokens carry no `aud`, so neither is ever taken for the other (tokens.ts).
 */

/** The query a ticket is for, as its parameters' text values. */
export type TicketQuery = Readonly<Record<string, string>>;

type TicketClaims = { sub: string; sid: string; qh: string };

/** The parameters' SHA-256, in a fixed order, so the same query hashes the same however sent. */
export function queryHash(query: TicketQuery): string {
  const entries = Object.entries(query).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256').update(JSON.stringify(entries)).digest('base64url');
}

/** A ticket for `audience`, for the caller's session and exactly `query`, working `ttlSeconds`. */
export function signTicket(
  ctx: Pick<AppContext, 'config'>,
  caller: { userId: string; jti: string },
  audience: TicketAudience,
  query: TicketQuery,
  ttlSeconds: number,
): string {
  const claims: Omit<TicketClaims, 'sub'> = { sid: caller.jti, qh: queryHash(query) };
  return jwt.sign(claims, ctx.config.jwtSecret, {
    algorithm: 'HS256',
    subject: caller.userId,
    audience,
    expiresIn: ttlSeconds,
  });
}

/**
 * The user and session a ticket names, when it is signed by us for `audience`, unexpired and
 * made for exactly `query`; undefined otherwise. Whether the session still exists is the
 * caller's read (authenticate.ts), as for a token.
 */
export function verifyTicket(
  ctx: Pick<AppContext, 'config'>,
  ticket: string,
  audience: TicketAudience,
  query: TicketQuery,
): { userId: string; jti: string } | undefined {
  try {
    const claims = jwt.verify(ticket, ctx.config.jwtSecret, { algorithms: ['HS256'], audience });
    if (typeof claims === 'string') return undefined;
    const { sub, sid, qh, exp, jti } = claims as Partial<
      Record<keyof TicketClaims | 'exp' | 'jti', unknown>
    >;
    // Ours always expire and never carry a token's `jti` (a token never has an `aud`: tokens.ts).
    if (typeof exp !== 'number' || jti !== undefined) return undefined;
    if (typeof sub !== 'string' || typeof sid !== 'string' || qh !== queryHash(query)) {
      return undefined;
    }
    return { userId: sub, jti: sid };
  } catch {
    return undefined;
  }
}
