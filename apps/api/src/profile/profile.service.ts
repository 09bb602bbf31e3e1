import { randomUUID } from 'node:crypto';
import bcrypt from 'bcrypt';
import {
  ACCOUNT_MAIL,
  ACCOUNT_MESSAGES,
  API_MESSAGES,
  type ChangePasswordBody,
  type MessageResponse,
  type Profile,
  type UpdateProfileBody,
} from '@crm/shared';
import { endPasswordTokens, pendingEmailChangeOf } from '../account/index.js';
import { endSessions, verifyCurrentPassword, type AuthUser } from '../auth/index.js';
import type { AppContext } from '../context.js';
import { fieldError, notFound } from '../http/app-error.js';
import { queueMail } from '../mail/index.js';

/*
 * Perfil (issue 23): the caller's own name, password and pending email. Every function acts on
 * the caller the routes pass (their token's user), never on an id from the request.
 */

/** GET /api/me/profile; also the answer of every change to it (photo routes included). */
export async function getProfile(ctx: AppContext, userId: string): Promise<Profile> {
  const [user, pendingEmail] = await Promise.all([
    ctx.users.profileOf(userId),
    // The address of a live email-change link (account/), until it is opened or lapses.
    pendingEmailChangeOf(ctx, userId),
  ]);
  if (!user) throw notFound(API_MESSAGES.userNotFound);
  return {
    _id: user.id,
    name: user.name,
    lastName: user.lastName,
    email: user.email,
    role: user.role,
    photo: user.photo,
    pendingEmail,
  };
}

/** PATCH /api/me/profile: name and last name (a `role` never gets here: profile.routes.ts). */
export async function updateProfile(
  ctx: AppContext,
  userId: string,
  body: UpdateProfileBody,
): Promise<Profile> {
  // An update, then a read: FerretDB 1.x refuses findAndModify with a projection.
  const matched = await ctx.users.setName(userId, { name: body.name, lastName: body.lastName });
  if (!matched) throw notFound(API_MESSAGES.userNotFound);
  return getProfile(ctx, userId);
}

/**
 * POST /api/me/password: the current password through the sign-in brake (auth/), §5's rules for
 * the new one (the schema), then every other session ends, the reset and invitation links stop
 * working, and the owner is told by email (when the server sends email).
 */
export async function changePassword(
  ctx: AppContext,
  caller: Pick<AuthUser, 'userId' | 'jti'>,
  body: ChangePasswordBody,
  ip: string,
): Promise<MessageResponse> {
  const user = await verifyCurrentPassword(ctx, caller.userId, body.currentPassword, ip);
  if (body.password === body.currentPassword) {
    throw fieldError('password', ACCOUNT_MESSAGES.samePassword);
  }
  const passwordHash = await bcrypt.hash(body.password, ctx.config.bcryptRounds);
  const matched = await ctx.users.setPasswordHash(caller.userId, passwordHash);
  if (!matched) throw notFound(API_MESSAGES.userNotFound);
  ctx.audit.record({ action: 'account.passwordChanged', actor: { userId: caller.userId } });
  await Promise.all([
    endSessions(ctx, caller.userId, { except: caller.jti }),
    endPasswordTokens(ctx, caller.userId),
  ]);
  // The password has changed whatever becomes of the notice: a failure to queue it is logged.
  await queueMail(ctx, {
    key: `account:password-changed:${randomUUID()}`,
    kind: 'account',
    to: user.email,
    content: {
      subject: ACCOUNT_MAIL.passwordChangedSubject,
      text: ACCOUNT_MAIL.passwordChangedText(user.name),
      html: '',
    },
  }).catch((error: unknown) =>
    ctx.logger.error({ err: error }, 'queueing the password-changed mail failed'),
  );
  return { message: ACCOUNT_MESSAGES.passwordChanged };
}
