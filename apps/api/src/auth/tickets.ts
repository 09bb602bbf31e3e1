import { createHash, randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { TICKET_PARAM, type TicketAudience } from '@crm/shared';
import type { AppContext } from '../context.js';
import { isDuplicateKeyError } from '../db/errors.js';

/*
 * Download tickets (issue 24): a browser that follows a link by itself (so its own download
 * starts at once and streams to disk) can send no Authorization header. A ticket stands in for
 * it on the one endpoint that declares its audience: a JWT signed with the app's secret, for a
 * minute, naming the user, their session (which must still exist when it is used: a logout ends
 * the tickets it made) and a hash of the exact query it was made for. It carries no `jti`, and
 * session tokens carry no `aud`, so neither is ever taken for the other (tokens.ts).
 *
 * A ticket works once (issue 32): it has its own random id (`tid`), which its first use records
 * (used-ticket.model.ts); a copy of the address (a proxy's log, the browser's history, a shoulder)
 * is then worth nothing, even within its minute.
 */

/** The query a ticket is for, as its parameters' text values. */
export type TicketQuery = Readonly<Record<string, string>>;

type TicketClaims = { sub: string; sid: string; qh: string; tid: string };

/** The parameters' SHA-256, in a fixed order, so the same query hashes the same however sent. */
function queryHash(query: TicketQuery): string {
  const entries = Object.entries(query).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256').update(JSON.stringify(entries)).digest('base64url');
}

/** A ticket for `audience`, for the caller's session and exactly `query`, working `ttlSeconds`. */
function signTicket(
  ctx: Pick<AppContext, 'config'>,
  caller: { userId: string; jti: string },
  audience: TicketAudience,
  query: TicketQuery,
  ttlSeconds: number,
): string {
  const claims: Omit<TicketClaims, 'sub'> = {
    sid: caller.jti,
    qh: queryHash(query),
    tid: randomBytes(16).toString('base64url'),
  };
  return jwt.sign(claims, ctx.config.jwtSecret, {
    algorithm: 'HS256',
    subject: caller.userId,
    audience,
    expiresIn: ttlSeconds,
  });
}

/**
 * What a `…/link` endpoint answers (the requests' export, the audit log's CSV): the address of
 * `endpoint` with the parameters of `query` that are set and a ticket for exactly them, relative
 * to the API's origin, for the browser to follow by itself.
 */
export function ticketedPath(
  ctx: Pick<AppContext, 'config'>,
  caller: { userId: string; jti: string },
  endpoint: { path: string; ticket: { audience: TicketAudience } },
  query: Readonly<Record<string, string | undefined>>,
  ttlSeconds: number,
): string {
  const params = Object.fromEntries(
    Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const ticket = signTicket(ctx, caller, endpoint.ticket.audience, params, ttlSeconds);
  return `${endpoint.path}?${new URLSearchParams({ ...params, [TICKET_PARAM]: ticket }).toString()}`;
}

type NamedCaller = { userId: string; jti: string };

/**
 * The user and session a ticket names, its id and expiry, when it is signed by us for
 * `audience`, unexpired and made for exactly `query`; undefined otherwise.
 */
function verifyTicket(
  ctx: Pick<AppContext, 'config'>,
  ticket: string,
  audience: TicketAudience,
  query: TicketQuery,
): (NamedCaller & { tid: string; expiresAt: Date }) | undefined {
  try {
    const claims = jwt.verify(ticket, ctx.config.jwtSecret, { algorithms: ['HS256'], audience });
    if (typeof claims === 'string') return undefined;
    const { sub, sid, qh, tid, exp, jti } = claims as Partial<
      Record<keyof TicketClaims | 'exp' | 'jti', unknown>
    >;
    // Ours always expire and never carry a token's `jti` (a token never has an `aud`: tokens.ts).
    if (typeof exp !== 'number' || jti !== undefined) return undefined;
    if (typeof sub !== 'string' || typeof sid !== 'string' || typeof tid !== 'string') {
      return undefined;
    }
    if (qh !== queryHash(query)) return undefined;
    return { userId: sub, jti: sid, tid, expiresAt: new Date(exp * 1000) };
  } catch {
    return undefined;
  }
}

/**
 * The user and session a ticket names, the first time it is used; undefined when it does not
 * verify (verifyTicket) or was used before, which its caller answers alike, as an expired one.
 * Whether the session still exists is the caller's read (authenticate.ts), as for a token.
 *
 * Used once by an insert under a unique key, not a read then a write: two uses at once through
 * two processes can't both find it unused (the insert is atomic on MongoDB and FerretDB alike).
 */
export async function redeemTicket(
  ctx: Pick<AppContext, 'config' | 'models'>,
  ticket: string,
  audience: TicketAudience,
  query: TicketQuery,
): Promise<NamedCaller | undefined> {
  const verified = verifyTicket(ctx, ticket, audience, query);
  if (!verified) return undefined;
  try {
    await ctx.models.UsedTicket.create({ _id: verified.tid, expiresAt: verified.expiresAt });
  } catch (error) {
    if (isDuplicateKeyError(error)) return undefined;
    throw error;
  }
  return { userId: verified.userId, jti: verified.jti };
}
