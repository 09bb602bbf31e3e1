import bcrypt from 'bcrypt';
import {
  ACCOUNT_MESSAGES,
  API_MESSAGES,
  LOGIN_MESSAGES,
  normaliseEmail,
  type LoginBody,
  type LoginResponse,
} from '@crm/shared';
import { recordAudit } from '../audit/index.js';
import type { AppContext } from '../context.js';
import { fieldError, unauthorized } from '../http/app-error.js';
import { addressKey } from '../http/client-address.js';
import { verifyCaptcha } from '../captcha/index.js';
import { reserveLoginAttempt } from './login-throttle.js';
import { endSession, startSession } from './sessions.js';
import { signToken } from './tokens.js';
import type { AuthUser } from './authenticate.js';

/** Where a sign-in comes from: the session list shows both (sessions.ts). */
export type Client = { ip: string; userAgent?: string };

// Compared against when the email is unknown, so both failures take the same time.
const dummyHashes = new Map<number, Promise<string>>();
function dummyHash(rounds: number): Promise<string> {
  let hash = dummyHashes.get(rounds);
  if (!hash) {
    hash = bcrypt.hash('not-a-real-password', rounds);
    dummyHashes.set(rounds, hash);
  }
  return hash;
}

/**
 * POST /api/user/login: captcha (verified here, not only in the browser), then the brute-force
 * brake, then the credentials. Both a wrong email and a wrong password answer the same 401.
 */
export async function login(
  ctx: AppContext,
  body: LoginBody,
  client: Client,
): Promise<LoginResponse> {
  const email = normaliseEmail(body.email);
  // Captcha first: every attempt the brake counts has cost the caller a fresh proof of work.
  await verifyCaptcha(ctx, body.altcha);
  // Counted before the password is checked, so parallel attempts can't outrun the count.
  // By IPv6 /64, as the form's limits: one host can't rotate its way past the address brake.
  const attempt = await reserveLoginAttempt(ctx, email, addressKey(client.ip));

  const user = await ctx.models.User.findOne({ email }).select('+passwordHash').lean();
  const matches = await bcrypt.compare(
    body.password,
    user?.passwordHash ?? (await dummyHash(ctx.config.bcryptRounds)),
  );
  // A failure stays counted: the reservation made above was it.
  if (!user || !matches) {
    recordAudit(ctx, {
      action: 'auth.signInFailed',
      actor: { email },
      details: { reason: 'password' },
      from: client,
    });
    throw unauthorized(LOGIN_MESSAGES.invalidCredentials);
  }
  await attempt.succeeded();
  const userId = user._id.toHexString();
  const { token, jti, expiresAt } = signToken(ctx, userId);
  await startSession(ctx, { jti, userId, expiresAt, ...client });
  recordAudit(ctx, { action: 'auth.signIn', actor: { userId }, from: client });
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

/** POST /api/user/logout: this token stops working everywhere, now. */
export async function logout(ctx: AppContext, auth: AuthUser): Promise<void> {
  await endSession(ctx, auth.jti);
}

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
  const user = await ctx.models.User.findById(userId).select('+passwordHash').lean();
  if (!user) throw unauthorized(API_MESSAGES.sessionExpired);
  const attempt = await reserveLoginAttempt(ctx, user.email, addressKey(ip));
  if (!(await bcrypt.compare(password, user.passwordHash))) {
    throw fieldError('currentPassword', ACCOUNT_MESSAGES.currentPasswordWrong);
  }
  await attempt.succeeded();
  return { userId, email: user.email, name: user.name };
}
