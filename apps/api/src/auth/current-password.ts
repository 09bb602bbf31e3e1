import bcrypt from 'bcrypt';
import { ACCOUNT_MESSAGES, API_MESSAGES } from '@crm/shared';
import type { AppContext } from '../context.js';
import { fieldError, unauthorized } from '../http/app-error.js';
import { addressKey } from '../http/client-address.js';
import { reserveLoginAttempt } from './login-throttle.js';

/** What a checked current password tells the caller's flow about them. */
export type VerifiedUser = { userId: string; email: string; name: string };

/**
 * A signed-in user's current password, asked again before a change of password or email. Checked
 * with the sign-in brake, as a sign-in of their email from `ip`: a wrong one counts as a failed
 * sign-in (400 on `currentPassword`) and past the brake the answer is 429, so a stolen session
 * can't guess the password faster than the login screen can.
 */
export async function verifyCurrentPassword(
  ctx: AppContext,
  userId: string,
  password: string,
  ip: string,
): Promise<VerifiedUser> {
  const user = await ctx.users.withPasswordById(userId);
  if (!user) throw unauthorized(API_MESSAGES.sessionExpired);
  const attempt = await reserveLoginAttempt(ctx, user.email, addressKey(ip));
  if (!(await bcrypt.compare(password, user.passwordHash))) {
    throw fieldError('currentPassword', ACCOUNT_MESSAGES.currentPasswordWrong);
  }
  await attempt.succeeded();
  return { userId, email: user.email, name: user.name };
}
