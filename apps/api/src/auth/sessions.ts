import { endApiTokens } from './api-tokens.js';
import { randomBytes } from 'node:crypto';
import { ACCOUNT_MESSAGES, type Session } from '@crm/shared';
import type { AppContext } from '../context.js';
import { notFound } from '../http/app-error.js';
import { addressKey } from '../http/client-address.js';
import type { SessionDoc } from './session.model.js';
import { deviceOf } from './user-agent.js';

/*
 * Signed-in sessions (issue 23): one Session document per token (session.model.ts) is the only
 * record of which tokens work, so ending a session is deleting its document, and every API
 * process refuses the token at its next call.
 */

type Models = Pick<AppContext, 'models'>;
/** Ending sessions ends the calendar feed too, a user's field (users/). */
type SessionsAndUsers = Pick<AppContext, 'models' | 'users'>;

/** The newest sessions a list shows; older ones still work and still end with "close others". */
const SESSION_LIST_MAX = 50;
/** lastSeenAt is written at most this often per session. */
const LAST_SEEN_EVERY_MS = 60_000;

/** Sign-in's record of the new token, with the device and address it came from. */
export async function startSession(
  ctx: Pick<AppContext, 'models' | 'clock'>,
  session: { jti: string; userId: string; expiresAt: Date; ip: string; userAgent?: string },
): Promise<void> {
  const now = ctx.clock.now();
  await ctx.models.Session.create({
    _id: session.jti,
    publicId: randomBytes(16).toString('base64url'),
    userId: session.userId,
    ...deviceOf(session.userAgent),
    address: addressKey(session.ip),
    createdAt: now,
    lastSeenAt: now,
    expiresAt: session.expiresAt,
  });
}

/**
 * Ends every session of `userId` but `except` (a jti: the caller's own, when they stay signed
 * in): a password change, a reset, "Cerrar las demás sesiones". The calendar feed's secret ends
 * too (issue 32): whoever had the account may have copied the feed's address, and it would keep
 * showing them the agenda. The user makes a new address in Perfil.
 */
export async function endSessions(
  ctx: SessionsAndUsers,
  userId: string,
  { except }: { except?: string } = {},
): Promise<void> {
  await Promise.all([
    ctx.models.Session.deleteMany(except ? { userId, _id: { $ne: except } } : { userId }),
    ctx.users.endCalendarFeed(userId),
    // Issue 36: the user's API tokens end with their sessions (a password change, a reset).
    endApiTokens(ctx, userId),
  ]);
}

/** Logout: this token stops working everywhere, now. */
export async function endSession(ctx: Models, jti: string): Promise<void> {
  await ctx.models.Session.deleteOne({ _id: jti });
}

/**
 * Notes the session as seen now, when its stored lastSeenAt (`seen`) is a minute old or more.
 * Conditional on that stored value, so concurrent calls write once; not awaited by the caller
 * (a failure only leaves the time older), errors are logged.
 */
export function touchSession(
  ctx: Pick<AppContext, 'models' | 'logger' | 'clock'>,
  jti: string,
  seen: Date,
  now = ctx.clock.now(),
): void {
  if (now.getTime() - seen.getTime() < LAST_SEEN_EVERY_MS) return;
  ctx.models.Session.updateOne({ _id: jti, lastSeenAt: seen }, { $set: { lastSeenAt: now } })
    .exec()
    .catch((error: unknown) => ctx.logger.warn({ err: error }, 'recording lastSeenAt failed'));
}

const toSession = (doc: SessionDoc, currentJti: string): Session => ({
  id: doc.publicId,
  current: doc._id === currentJti,
  browser: doc.browser,
  os: doc.os,
  address: doc.address,
  signedInAt: doc.createdAt.toISOString(),
  lastSeenAt: doc.lastSeenAt.toISOString(),
});

/** GET /api/me/sessions: the caller's live sessions, newest sign-in first, at most 50. */
export async function listSessions(
  ctx: Models,
  caller: { userId: string; jti: string },
): Promise<Session[]> {
  // expiresAt too: FerretDB 1.x has no TTL index, and the sweep runs every few minutes. The
  // machine's clock, not ctx.clock: expiresAt is the token's exp, which jsonwebtoken reads so.
  const docs = await ctx.models.Session.find({
    userId: caller.userId,
    expiresAt: { $gt: new Date() },
  })
    .sort({ createdAt: -1 })
    .limit(SESSION_LIST_MAX)
    .lean<SessionDoc[]>();
  return docs.map((doc) => toSession(doc, caller.jti));
}

/**
 * DELETE /api/me/sessions/:id: one of the caller's sessions (their current one too: that is a
 * logout). Someone else's id is as unknown as a made-up one (404). Answers the sessions left.
 */
export async function closeSession(
  ctx: Models,
  caller: { userId: string; jti: string },
  publicId: string,
): Promise<Session[]> {
  const { deletedCount } = await ctx.models.Session.deleteOne({
    userId: caller.userId,
    publicId,
  });
  if (deletedCount === 0) throw notFound(ACCOUNT_MESSAGES.sessionNotFound);
  return listSessions(ctx, caller);
}

/** DELETE /api/me/sessions: every session of the caller but this one. */
export async function closeOtherSessions(
  ctx: SessionsAndUsers,
  caller: { userId: string; jti: string },
): Promise<Session[]> {
  await endSessions(ctx, caller.userId, { except: caller.jti });
  return listSessions(ctx, caller);
}
