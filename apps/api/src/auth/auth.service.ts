import bcrypt from 'bcrypt';
import { LOGIN_MESSAGES, normaliseEmail, type LoginAnswer, type LoginBody } from '@crm/shared';
import type { AppContext } from '../context.js';
import { unauthorized } from '../http/app-error.js';
import { addressKey } from '../http/client-address.js';
import { verifyCaptcha } from '../captcha/index.js';
import { reserveLoginAttempt } from './login-throttle.js';
import { endSession } from './sessions.js';
import { openSession, type Client } from './sign-in.js';
import { afterPassword } from './two-factor.service.js';
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
 * brake, then the credentials. Both a wrong email and a wrong password answer the same 401. A user
 * with a second factor (or one Ajustes requires, past its grace) gets a challenge for the code
 * instead of a session (two-factor.service.ts).
 */
export async function login(
  ctx: AppContext,
  body: LoginBody,
  client: Client,
): Promise<LoginAnswer> {
  const email = normaliseEmail(body.email);
  // Captcha first: every attempt the brake counts has cost the caller a fresh proof of work.
  await verifyCaptcha(ctx, body.altcha);
  // Counted before the password is checked, so parallel attempts can't outrun the count.
  // By IPv6 /64, as the form's limits: one host can't rotate its way past the address brake.
  const attempt = await reserveLoginAttempt(ctx, email, addressKey(client.ip));

  const user = await ctx.users.withPasswordByEmail(email);
  const matches = await bcrypt.compare(
    body.password,
    user?.passwordHash ?? (await dummyHash(ctx.config.bcryptRounds)),
  );
  // A failure stays counted: the reservation made above was it.
  if (!user || !matches) {
    ctx.audit.record({
      action: 'auth.signInFailed',
      actor: { email },
      details: { reason: 'password' },
      from: client,
    });
    throw unauthorized(LOGIN_MESSAGES.invalidCredentials);
  }
  const next = await afterPassword(ctx, user);
  if (next.kind === 'challenge') {
    // The password was right (no failure), but the address is known only after the code.
    await attempt.passed();
    return next.answer;
  }
  await attempt.succeeded();
  const answer = await openSession(ctx, user, client);
  return next.setupBy ? { ...answer, twoFactorSetupBy: next.setupBy.toISOString() } : answer;
}

/** POST /api/user/logout: this token stops working everywhere, now. */
export async function logout(ctx: AppContext, auth: AuthUser): Promise<void> {
  await endSession(ctx, auth.jti);
}
