import bcrypt from 'bcrypt';
import {
  ACCOUNT_LIMITS,
  ACCOUNT_MAIL,
  ACCOUNT_MESSAGES,
  TOKEN_PURPOSES,
  normaliseEmail,
  type AccountTokenStatus,
  type ChangeEmailBody,
  type ForgotPasswordBody,
  type SetPasswordBody,
} from '@crm/shared';
import { endSessions, verifyCurrentPassword } from '../auth/index.js';
import { verifyCaptcha } from '../captcha/index.js';
import type { AppContext } from '../context.js';
import { isDuplicateKeyError } from '../db/errors.js';
import { AppError, fieldError } from '../http/app-error.js';
import { emailChanged } from './email-changed.js';
import { queueAccountMail } from './account-mail.js';
import { emailChangesBy, reserveEmails, resetsFor, resetsFrom } from './account-rate-limit.js';
import {
  consumeToken,
  emailTakenOn,
  endPasswordTokens,
  issueToken,
  readToken,
  tokenInvalid,
} from './account-tokens.js';
import { afterAnswer } from '../http/after-answer.js';

/*
 * Forgotten passwords, the links' pages and the email change (issue 23). Every link failure is
 * the same 400 on `token` (account-tokens.ts); nothing here tells whether an address has an
 * account.
 */

type Message = { message: string };

const mailUnavailable = () => new AppError(503, ACCOUNT_MESSAGES.mailUnavailable);

/**
 * POST /api/account/forgot-password. Before the answer only what is the same for every address:
 * the captcha and the limits (the typed address, known or not, and the client). The lookup, the
 * token and the mail come after it, so the answer and its timing are identical either way.
 */
export async function forgotPassword(
  ctx: AppContext,
  body: ForgotPasswordBody,
  ip: string,
): Promise<Message> {
  await verifyCaptcha(ctx, body.altcha);
  const email = normaliseEmail(body.email);
  await reserveEmails(ctx, [
    resetsFor(email, ACCOUNT_LIMITS.resetPerEmailPerHour),
    resetsFrom(ip, ACCOUNT_LIMITS.resetPerClientPerHour),
  ]);
  // Issue 33: without a mail server no email can be promised. Still the same answer for every
  // address (the server's setting, not the account's), after the same captcha and limits.
  if (!ctx.config.mail.smtpUrl) return { message: ACCOUNT_MESSAGES.forgotNoMail };
  afterAnswer(ctx, 'reset link not sent', () => sendResetLink(ctx, email));
  return { message: ACCOUNT_MESSAGES.forgotSent };
}

async function sendResetLink(ctx: AppContext, email: string): Promise<void> {
  // Without a mail server a link could reach nobody: no token either.
  if (!ctx.config.mail.smtpUrl) return;
  const user = await ctx.users.byEmail(email);
  if (!user) return;
  const { hash, link } = await issueToken(ctx, user.id, 'reset');
  await queueAccountMail(ctx, {
    key: `reset:${hash}`,
    to: user.email,
    subject: ACCOUNT_MAIL.resetSubject,
    text: ACCOUNT_MAIL.resetText(user.name, link),
  });
}

/** POST /api/account/token: whose link it is and what for, without using it up. */
export async function tokenStatus(ctx: AppContext, token: string): Promise<AccountTokenStatus> {
  const found = await readToken(ctx, token, TOKEN_PURPOSES);
  const user = await ctx.users.byId(found.userId);
  if (!user) throw tokenInvalid();
  return {
    purpose: found.purpose,
    email: found.purpose === 'email' ? (found.newEmail ?? '') : user.email,
    name: user.name,
  };
}

/**
 * POST /api/account/set-password: a reset or invitation link's new password. The token is used
 * up first (so a replayed link costs no bcrypt), then the password is stored, the invitation is
 * no longer pending, every other reset or invitation link of the user ends, and so does every
 * session (a reset is what someone does who fears another has their password).
 */
export async function setPassword(ctx: AppContext, body: SetPasswordBody): Promise<Message> {
  const token = await consumeToken(ctx, body.token, ['reset', 'invite']);
  const passwordHash = await bcrypt.hash(body.password, ctx.config.bcryptRounds);
  const matched = await ctx.users.setPasswordHash(token.userId, passwordHash, {
    acceptInvitation: true,
  });
  if (!matched) throw tokenInvalid();
  ctx.audit.record({
    action: token.purpose === 'invite' ? 'account.invitationAccepted' : 'account.passwordReset',
    actor: { userId: token.userId.toString() },
  });
  await endPasswordTokens(ctx, token.userId);
  await endSessions(ctx, token.userId);
  return {
    message:
      token.purpose === 'invite'
        ? ACCOUNT_MESSAGES.invitationAccepted
        : ACCOUNT_MESSAGES.passwordReset,
  };
}

/**
 * POST /api/account/confirm-email: the email-change link. The address was free when asked for;
 * if another user took it meanwhile, the unique index refuses it (409) and the link is spent.
 * Then what follows every email change (email-changed.ts): the other links end, the old address
 * is told.
 */
export async function confirmEmail(ctx: AppContext, token: string): Promise<Message> {
  const found = await consumeToken(ctx, token, ['email']);
  const email = normaliseEmail(found.newEmail ?? '');
  if (!email) throw tokenInvalid();
  const user = await ctx.users.byId(found.userId);
  if (!user) throw tokenInvalid();
  const matched = await ctx.users.setEmail(found.userId, email).catch((error: unknown) => {
    throw isDuplicateKeyError(error) ? emailTakenOn('email') : error;
  });
  if (!matched) throw tokenInvalid();
  ctx.audit.record({
    action: 'account.emailChanged',
    actor: { userId: found.userId.toString() },
    details: { from: user.email, to: email },
  });
  await emailChanged(ctx, user, email);
  return { message: ACCOUNT_MESSAGES.emailChanged };
}

/**
 * POST /api/me/email: a confirmation link to the new address; the email changes when it is
 * opened. 503 without a mail server (the link could reach nobody), then the current password,
 * 409 when another user has the address, then the per-user limit.
 */
export async function requestEmailChange(
  ctx: AppContext,
  userId: string,
  body: ChangeEmailBody,
  ip: string,
): Promise<Message> {
  if (!ctx.config.mail.smtpUrl) throw mailUnavailable();
  // Through the sign-in brake: a wrong password counts as a failed sign-in (auth/).
  const user = await verifyCurrentPassword(ctx, userId, body.currentPassword, ip);
  const newEmail = normaliseEmail(body.newEmail);
  if (newEmail === user.email) throw fieldError('newEmail', ACCOUNT_MESSAGES.sameEmail);
  if (await ctx.users.emailTaken(newEmail)) throw emailTakenOn('newEmail');
  await reserveEmails(ctx, [emailChangesBy(userId, ACCOUNT_LIMITS.emailChangePerUserPerHour)]);
  const { hash, link } = await issueToken(ctx, userId, 'email', newEmail);
  await queueAccountMail(ctx, {
    key: `email:${hash}`,
    to: newEmail,
    subject: ACCOUNT_MAIL.emailChangeSubject,
    text: ACCOUNT_MAIL.emailChangeText(user.name, link),
  });
  return { message: ACCOUNT_MESSAGES.emailChangeSent(newEmail) };
}
