import { randomUUID } from 'node:crypto';
import { API_MESSAGES, TWO_FACTOR_MAIL, TWO_FACTOR_MESSAGES } from '@crm/shared';
import { hasTwoFactor, resetTwoFactor } from '../auth/index.js';
import type { AppContext } from '../context.js';
import { conflict, notFound } from '../http/app-error.js';
import { queueMail } from '../mail/index.js';

/*
 * A system admin's side of two-factor sign-in (issue 32; the contract's access makes both
 * admin-only): whether a user has it on, and its reset for a user who lost their phone and their
 * recovery codes.
 */

async function userOf(ctx: AppContext, userId: string) {
  const user = await ctx.models.User.findById(userId, 'name email').lean();
  if (!user) throw notFound(API_MESSAGES.userNotFound);
  return user;
}

/** GET /api/user/two-factor/:id */
export async function userTwoFactor(
  ctx: AppContext,
  userId: string,
): Promise<{ enabled: boolean }> {
  await userOf(ctx, userId);
  return { enabled: await hasTwoFactor(ctx, userId) };
}

/**
 * DELETE /api/user/two-factor/:id: the second factor goes, every session of the user ends
 * (auth/), and they are told by email (an account mail through mail/'s outbox), as a password
 * change is. 409 when they had none.
 */
export async function adminResetTwoFactor(
  ctx: AppContext,
  userId: string,
): Promise<{ message: string }> {
  const user = await userOf(ctx, userId);
  if (!(await resetTwoFactor(ctx, userId))) throw conflict(TWO_FACTOR_MESSAGES.notEnabled);
  ctx.logger.info({ userId }, 'two-factor: reset by an admin');
  // Reset whatever becomes of the notice: a failure to queue it is logged.
  await queueMail(ctx, {
    key: `account:two-factor-reset:${randomUUID()}`,
    kind: 'account',
    to: user.email,
    content: {
      subject: TWO_FACTOR_MAIL.resetSubject,
      text: TWO_FACTOR_MAIL.resetText(user.name),
      html: '',
    },
  }).catch((error: unknown) =>
    ctx.logger.error({ err: error }, 'queueing the two-factor reset mail failed'),
  );
  return { message: TWO_FACTOR_MESSAGES.reset };
}
