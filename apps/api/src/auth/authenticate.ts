import type { Request, RequestHandler } from 'express';
import { isValidObjectId } from 'mongoose';
import {
  ADMIN_ROLE,
  API_MESSAGES,
  API_TOKEN_MESSAGES,
  TICKET_PARAM,
  type EndpointDeclaration,
  type Role,
} from '@crm/shared';
import type { AppContext } from '../context.js';
import { AppError, forbidden, unauthorized } from '../http/app-error.js';
import type { AccessGuards, TicketRule } from '../http/endpoint.js';
import { looksLikeApiToken, spendTokenCall, tokenOwner, type ApiTokenUse } from './api-tokens.js';
import { touchSession } from './sessions.js';
import { redeemTicket, type TicketQuery } from './tickets.js';
import { verifyToken } from './tokens.js';

export type AuthUser = {
  userId: string;
  role: Role;
  /** The token's id: its session's key (sessions.ts). */
  jti: string;
  /**
   * The zone the caller's days are read in (issue 20): their own preference, else APP_TIME_ZONE.
   * Read with the session check, so the agenda, the bell and the board need no second read.
   */
  timeZone: string;
  /** Issue 36: set when the call is signed in by an API token, not a session. */
  apiToken?: ApiTokenUse;
};

/** Who is calling, as the services that read "today" in the caller's days need it. */
export type Caller = Pick<AuthUser, 'userId' | 'timeZone'>;

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by `authenticate`: who is calling. */
    auth?: AuthUser;
  }
}

type AuthContext = Pick<AppContext, 'config' | 'models' | 'logger' | 'users' | 'clock'>;

/**
 * The caller a verified token (or ticket) names, when its session still exists (sessions.ts:
 * logout, "Cerrar sesión" and a password change delete it) and its user does; the role is read
 * fresh from the database, so a role change applies at once.
 */
async function sessionCaller(
  ctx: AuthContext,
  { userId, jti }: { userId: string; jti: string },
): Promise<AuthUser | undefined> {
  if (!isValidObjectId(userId)) return undefined;
  const [session, user] = await Promise.all([
    ctx.models.Session.findById(jti, { userId: 1, lastSeenAt: 1, expiresAt: 1 }).lean(),
    ctx.users.forSession(userId),
  ]);
  if (!session || !user || session.userId.toHexString() !== user.id) return undefined;
  // Lapsed but not swept yet (the TTL index runs once a minute): a token's own exp says so too,
  // a ticket's (up to a minute longer) does not. The machine's clock, as jsonwebtoken's for exp.
  if (session.expiresAt.getTime() <= Date.now()) return undefined;
  touchSession(ctx, jti, session.lastSeenAt);
  return { userId, role: user.role, jti, timeZone: user.timeZone || ctx.config.timeZone };
}

/**
 * `Authorization: Bearer crm_…` (issue 36): the token's owner, as a session's user is (their
 * role read fresh: a demotion narrows the token at once), within the token's per-minute rate.
 * Answers the error to pass on, or nothing once `req.auth` is set.
 */
async function byApiToken(ctx: AuthContext, bearer: string, req: Request) {
  const owner = await tokenOwner(ctx, bearer);
  if (!owner) return unauthorized(API_TOKEN_MESSAGES.invalid);
  try {
    spendTokenCall(owner.token.id, Date.now(), ctx.config.apiTokenCallsPerMinute);
  } catch (error) {
    return error;
  }
  req.auth = {
    userId: owner.user.id,
    role: owner.user.role,
    jti: `token:${owner.token.id}`,
    timeZone: owner.user.timeZone || ctx.config.timeZone,
    apiToken: owner.token,
  };
  return undefined;
}

/**
 * Within an API token's reach (issue 36): a `leads` token only where leads are taken
 * (`leadsScope`); never an endpoint that changes the account itself (`sessionOnly`); nothing but
 * reads for a `read` token. A session's call passes.
 */
const withinToken =
  (endpoint: EndpointDeclaration): RequestHandler =>
  (req, _res, next) => {
    const token = req.auth?.apiToken;
    if (!token) return next();
    if (token.scope === 'leads' && !endpoint.leadsScope) {
      return next(forbiddenBecause(API_TOKEN_MESSAGES.leadsOnly));
    }
    if (endpoint.sessionOnly) return next(forbiddenBecause(API_TOKEN_MESSAGES.sessionOnly));
    if (token.scope === 'read' && endpoint.method !== 'get') {
      return next(forbiddenBecause(API_TOKEN_MESSAGES.readOnly));
    }
    next();
  };

/** `Authorization: Bearer <jwt>`: checks the signature and expiry, then the session. */
function authenticate(ctx: AuthContext): RequestHandler {
  return async (req, _res, next) => {
    const match = /^Bearer ([^\s]+)$/.exec(req.get('authorization') ?? '');
    if (!match?.[1]) return next(unauthorized());
    if (looksLikeApiToken(match[1])) return next(await byApiToken(ctx, match[1], req));
    const claims = verifyToken(ctx, match[1]);
    const caller = claims && (await sessionCaller(ctx, { userId: claims.sub, jti: claims.jti }));
    if (!caller) return next(unauthorized(API_MESSAGES.sessionExpired));
    req.auth = caller;
    next();
  };
}

/**
 * For an endpoint that declares a `ticket` (http/endpoint.ts): a call carrying `?ticket=` is
 * signed in by it alone (tickets.ts: signature, audience, expiry, the rest of the query, its first
 * use), then by its session as a token is; any other call by its Authorization header, as
 * everywhere.
 */
function authenticateByTicket(
  ctx: AuthContext,
  { audience, invalid }: TicketRule,
  byToken: RequestHandler,
): RequestHandler {
  return async (req, res, next) => {
    const { [TICKET_PARAM]: ticket, ...rest } = req.query;
    if (ticket === undefined) return byToken(req, res, next);
    const query = Object.entries(rest);
    if (typeof ticket !== 'string' || query.some(([, value]) => typeof value !== 'string')) {
      return next(unauthorized(invalid));
    }
    const named = await redeemTicket(
      ctx,
      ticket,
      audience,
      Object.fromEntries(query) as TicketQuery,
    );
    const caller = named && (await sessionCaller(ctx, named));
    if (!caller) return next(unauthorized(invalid));
    req.auth = caller;
    next();
  };
}

/** The caller, for handlers behind `authenticate`. */
export function currentUser(req: { auth?: AuthUser }): AuthUser {
  if (!req.auth) throw unauthorized();
  return req.auth;
}

export const isAdmin = (auth: AuthUser) => auth.role === ADMIN_ROLE;

const forbiddenBecause = (message: string) => new AppError(403, message);

/** 403 unless the caller is a system admin. */
const requireAdmin: RequestHandler = (req, _res, next) => {
  next(isAdmin(currentUser(req)) ? undefined : forbidden());
};

/** The checks the routes' declared `access` needs (http/endpoint.ts), given to it by the context. */
export const accessGuards = (ctx: AuthContext): AccessGuards => {
  const signedIn = authenticate(ctx);
  return {
    signedIn,
    signedInOrTicket: (rule) => authenticateByTicket(ctx, rule, signedIn),
    withinToken,
    admin: requireAdmin,
  };
};
