import bcrypt from 'bcrypt';
import { LOGIN_MESSAGES, normaliseEmail, type LoginBody, type LoginResponse } from '@crm/shared';
import type { AppContext } from '../context.js';
import { unauthorized } from '../http/app-error.js';
import { addressKey } from '../http/client-address.js';
import { verifyCaptcha } from '../captcha/index.js';
import { reserveLoginAttempt } from './login-throttle.js';
import { signToken } from './tokens.js';
import type { AuthUser } from './authenticate.js';

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
export async function login(ctx: AppContext, body: LoginBody, ip: string): Promise<LoginResponse> {
  const email = normaliseEmail(body.email);
  // Captcha first: every attempt the brake counts has cost the caller a fresh proof of work.
  await verifyCaptcha(ctx, body.altcha);
  // Counted before the password is checked, so parallel attempts can't outrun the count.
  // By IPv6 /64, as the form's limits: one host can't rotate its way past the address brake.
  const attempt = await reserveLoginAttempt(ctx, email, addressKey(ip));

  const user = await ctx.models.User.findOne({ email }).select('+passwordHash').lean();
  const matches = await bcrypt.compare(
    body.password,
    user?.passwordHash ?? (await dummyHash(ctx.config.bcryptRounds)),
  );
  // A failure stays counted: the reservation made above was it.
  if (!user || !matches) throw unauthorized(LOGIN_MESSAGES.invalidCredentials);
  await attempt.succeeded();
  return {
    token: signToken(ctx, user._id.toHexString(), user.sessionVersion ?? 0),
    user: {
      _id: user._id.toHexString(),
      name: user.name,
      lastName: user.lastName,
      email: user.email,
      role: user.role,
    },
  };
}

/** POST /api/user/logout: this token stops working everywhere, now. */
export async function logout(ctx: AppContext, auth: AuthUser): Promise<void> {
  await ctx.models.RevokedToken.updateOne(
    { _id: auth.jti },
    { $set: { expiresAt: auth.expiresAt } },
    { upsert: true },
  );
}
