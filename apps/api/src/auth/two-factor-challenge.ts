import jwt from 'jsonwebtoken';
import type { AppContext } from '../context.js';

/*
 * The login's answer to a user with a second factor (issue 32): not a session, but a challenge
 * naming them, signed with the app's secret for 5 minutes, that POST /api/user/login/two-factor
 * takes with a code. Its audience keeps it from being taken for a session token (tokens.ts
 * refuses any token with one) or a download ticket (tickets.ts checks theirs), and them for it.
 */
const AUDIENCE = 'two-factor';
const CHALLENGE_TTL_SECONDS = 300;

/** "code": they have a second factor; "setup": they must enrol one now (Ajustes, past grace). */
export type ChallengeStep = 'code' | 'setup';

export function signChallenge(
  ctx: Pick<AppContext, 'config'>,
  userId: string,
  step: ChallengeStep,
): string {
  return jwt.sign({ step }, ctx.config.jwtSecret, {
    algorithm: 'HS256',
    subject: userId,
    audience: AUDIENCE,
    expiresIn: CHALLENGE_TTL_SECONDS,
  });
}

/** The user and step a challenge names, when it is ours and unexpired; undefined otherwise. */
export function verifyChallenge(
  ctx: Pick<AppContext, 'config'>,
  challenge: string,
): { userId: string; step: ChallengeStep } | undefined {
  try {
    const claims = jwt.verify(challenge, ctx.config.jwtSecret, {
      algorithms: ['HS256'],
      audience: AUDIENCE,
    });
    if (typeof claims === 'string') return undefined;
    const { sub, step } = claims as { sub?: unknown; step?: unknown };
    if (typeof sub !== 'string' || (step !== 'code' && step !== 'setup')) return undefined;
    return { userId: sub, step };
  } catch {
    return undefined;
  }
}
