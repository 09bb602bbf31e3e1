import type { LoginResponse } from '@crm/shared';
import type { AppContext, UserCard } from '../context.js';
import { startSession } from './sessions.js';
import { signToken } from './tokens.js';

/** Where a sign-in comes from: the session list shows both (sessions.ts). */
export type Client = { ip: string; userAgent?: string };

/** Who signs in, as the login reads them (users/, through `ctx.users`). */
export type SigningInUser = UserCard;

/**
 * The end of every successful sign-in (password, or password and code): a new token and its
 * session, answered as §7's login answers.
 */
export async function openSession(
  ctx: AppContext,
  user: SigningInUser,
  client: Client,
): Promise<LoginResponse> {
  const userId = user.id;
  const { token, jti, expiresAt } = signToken(ctx, userId);
  await startSession(ctx, { jti, userId, expiresAt, ...client });
  ctx.audit.record({ action: 'auth.signIn', actor: { userId }, from: client });
  return {
    token,
    user: {
      _id: userId,
      name: user.name,
      lastName: user.lastName,
      email: user.email,
      role: user.role,
    },
  };
}
