import type { RequestHandler } from 'express';
import { isValidObjectId } from 'mongoose';
import { ADMIN_ROLE, API_MESSAGES, type Role } from '@crm/shared';
import type { AppContext } from '../context.js';
import { forbidden, unauthorized } from '../http/app-error.js';
import type { AccessGuards } from '../http/endpoint.js';
import { touchSession } from './sessions.js';
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
};

/** Who is calling, as the services that read "today" in the caller's days need it. */
export type Caller = Pick<AuthUser, 'userId' | 'timeZone'>;

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by `authenticate`: who is calling. */
    auth?: AuthUser;
  }
}

/**
 * `Authorization: Bearer <jwt>`: checks the signature and expiry, then that the token's session
 * still exists (sessions.ts: logout, "Cerrar sesión" and a password change delete it) and that
 * its user does. The role is read fresh from the database, so a role change applies at once.
 */
function authenticate(ctx: Pick<AppContext, 'config' | 'models' | 'logger'>): RequestHandler {
  const { User, Session } = ctx.models;
  return async (req, _res, next) => {
    const match = /^Bearer ([^\s]+)$/.exec(req.get('authorization') ?? '');
    if (!match?.[1]) return next(unauthorized());
    const claims = verifyToken(ctx, match[1]);
    if (!claims || !isValidObjectId(claims.sub))
      return next(unauthorized(API_MESSAGES.sessionExpired));
    const [session, user] = await Promise.all([
      Session.findById(claims.jti, { userId: 1, lastSeenAt: 1 }).lean(),
      User.findById(claims.sub, { role: 1, timeZone: 1 }).lean(),
    ]);
    if (!session || !user || !session.userId.equals(user._id)) {
      return next(unauthorized(API_MESSAGES.sessionExpired));
    }
    touchSession(ctx, claims.jti, session.lastSeenAt);
    req.auth = {
      userId: claims.sub,
      role: user.role,
      jti: claims.jti,
      timeZone: user.timeZone || ctx.config.timeZone,
    };
    next();
  };
}

/** The caller, for handlers behind `authenticate`. */
export function currentUser(req: { auth?: AuthUser }): AuthUser {
  if (!req.auth) throw unauthorized();
  return req.auth;
}

export const isAdmin = (auth: AuthUser) => auth.role === ADMIN_ROLE;

/** 403 unless the caller is a system admin. */
const requireAdmin: RequestHandler = (req, _res, next) => {
  next(isAdmin(currentUser(req)) ? undefined : forbidden());
};

/** The checks the routes' declared `access` needs (http/endpoint.ts), given to it by the context. */
export const accessGuards = (
  ctx: Pick<AppContext, 'config' | 'models' | 'logger'>,
): AccessGuards => ({
  signedIn: authenticate(ctx),
  admin: requireAdmin,
});
