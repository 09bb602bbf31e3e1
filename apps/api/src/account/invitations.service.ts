import { randomBytes } from 'node:crypto';
import bcrypt from 'bcrypt';
import {
  ACCOUNT_LIMITS,
  ACCOUNT_MAIL,
  ACCOUNT_MESSAGES,
  API_MESSAGES,
  normaliseEmail,
  type Invitation,
  type InviteUserBody,
} from '@crm/shared';
import type { AppContext } from '../context.js';
import { isDuplicateKeyError } from '../db/errors.js';
import { conflict, notFound } from '../http/app-error.js';
import { queueAccountMail } from './account-mail.js';
import { invitationsTo, reserveEmails } from './account-rate-limit.js';
import { emailTakenOn, issueToken } from './account-tokens.js';

/*
 * Invitations (issue 23): a system admin creates a user who sets their own password from a
 * 7-day link. The user is stored with a password nobody knows (the bcrypt hash of 32 random
 * bytes, never shown) and `invitationPending`: the sign-in's usual check already refuses them
 * with the usual 401, and the users list shows them as invited until they set a password.
 */

/** Sends the link, or, without a mail server, answers it once for the admin to pass on. */
export async function deliverInvitation(
  ctx: AppContext,
  user: { id: string; name: string; email: string },
): Promise<Invitation> {
  const userId = user.id;
  const { hash, link } = await issueToken(ctx, userId, 'invite');
  if (!ctx.config.mail.smtpUrl) {
    return { message: ACCOUNT_MESSAGES.invitationLinkOnce, userId, link };
  }
  await queueAccountMail(ctx, {
    key: `invite:${hash}`,
    to: user.email,
    subject: ACCOUNT_MAIL.inviteSubject,
    text: ACCOUNT_MAIL.inviteText(user.name, link),
  });
  return { message: ACCOUNT_MESSAGES.invitationSent(user.email), userId };
}

/** POST /api/user/invite. 409 `email` when taken; the invited address's limit counts first. */
export async function inviteUser(ctx: AppContext, body: InviteUserBody): Promise<Invitation> {
  const email = normaliseEmail(body.email);
  await reserveEmails(ctx, [invitationsTo(email, ACCOUNT_LIMITS.invitePerEmailPerHour)]);
  const unusable = await bcrypt.hash(
    randomBytes(32).toString('base64url'),
    ctx.config.bcryptRounds,
  );
  const user = await ctx.users
    .createInvited({
      name: body.name,
      lastName: body.lastName,
      email,
      role: body.role,
      passwordHash: unusable,
    })
    .catch((error: unknown) => {
      throw isDuplicateKeyError(error) ? emailTakenOn('email') : error;
    });
  ctx.audit.record({
    action: 'user.invited',
    target: { kind: 'user', id: user.id, label: `${user.name} <${email}>` },
    details: { role: body.role },
  });
  return deliverInvitation(ctx, user);
}

/**
 * POST /api/user/invite/:id: a new link (the older one stops working). 409 once the person has
 * set a password: there is nothing to accept any more.
 */
export async function resendInvitation(ctx: AppContext, id: string): Promise<Invitation> {
  const user = await ctx.users.invitedById(id);
  if (!user) throw notFound(API_MESSAGES.userNotFound);
  if (!user.invitationPending) throw conflict(ACCOUNT_MESSAGES.invitationAlreadyAccepted);
  await reserveEmails(ctx, [invitationsTo(user.email, ACCOUNT_LIMITS.invitePerEmailPerHour)]);
  ctx.audit.record({ action: 'user.invitationResent', target: { kind: 'user', id } });
  return deliverInvitation(ctx, user);
}
