import { TWO_FACTOR_MESSAGES, twoFactorLoginApi } from '@crm/shared';
import { ApiError, callEndpoint } from '../../lib/api-client';
import type { Session } from '../../lib/session-store';

/** Why a code was refused, in the words to show; `expired`: the sign-in must start again. */
export class TwoFactorError extends Error {
  constructor(
    message: string,
    readonly expired = false,
  ) {
    super(message);
    this.name = 'TwoFactorError';
  }
}

/**
 * POST /api/user/login/two-factor (issue 32): the login's challenge and a code from the app or a
 * recovery code. Answers the session to store (the caller stores it, after showing the recovery
 * codes of an enrolment) and those codes. Plain, as login.ts: the login screen loads no React.
 */
export async function signInWithCode(
  challenge: string,
  code: string,
): Promise<{ session: Session; recoveryCodes?: string[] }> {
  try {
    const answer = await callEndpoint(twoFactorLoginApi.login, { body: { challenge, code } });
    return {
      session: { token: answer.token, userId: answer.user._id },
      recoveryCodes: answer.recoveryCodes,
    };
  } catch (error) {
    if (error instanceof ApiError) {
      const onCode = error.fieldErrors.find((fieldError) => fieldError.path === 'code');
      if (onCode) throw new TwoFactorError(onCode.message);
      if (error.status === 401)
        throw new TwoFactorError(TWO_FACTOR_MESSAGES.challengeExpired, true);
      if (error.status === 429) throw new TwoFactorError(error.message);
    }
    throw new TwoFactorError(TWO_FACTOR_MESSAGES.failed);
  }
}
