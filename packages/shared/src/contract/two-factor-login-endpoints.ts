import { z } from 'zod';
import { loginResponseSchema } from '../auth.js';
import { API_MESSAGES } from '../messages.js';
import { TWO_FACTOR_MESSAGES, twoFactorLoginBodySchema } from '../two-factor-login.js';
import { defineEndpoint, type GroupDocs } from './define.js';

/*
 * The login's second step (issue 32), apart from `api` and from Perfil's two-factor endpoints
 * (two-factor-endpoints.ts): the login page imports it alone.
 */
export const twoFactorLoginApi = {
  login: defineEndpoint({
    id: 'twoFactor.login',
    method: 'post',
    path: '/api/user/login/two-factor',
    tag: 'auth',
    access: 'public',
    body: twoFactorLoginBodySchema,
    status: 200,
    // The recovery codes of an enrolment at sign-in (Ajustes' requirement past its grace).
    response: loginResponseSchema.extend({ recoveryCodes: z.array(z.string()).optional() }),
    errors: {
      400: `A wrong, replayed or malformed code (field \`code\`: "${TWO_FACTOR_MESSAGES.wrongCode}")`,
      401: TWO_FACTOR_MESSAGES.challengeExpired,
      429: API_MESSAGES.tooManyLoginAttempts,
    },
  }),
} as const;

export const twoFactorLoginDocs: GroupDocs<typeof twoFactorLoginApi> = {
  login: {
    summary: 'Sign in, second step: the code from the authenticator app, or a recovery code',
    description:
      'For a user with two-factor sign-in, POST /api/user/login answers `twoFactor` with a ' +
      'signed challenge (5 minutes) instead of a token; this takes it with a TOTP code (6 ' +
      'digits; one already used is refused) or a recovery code (each works once) and answers as ' +
      'the login does. A wrong code counts toward the sign-in brake as a wrong password does. ' +
      'When the challenge is an enrolment (`step: "setup"`: the requirement of Ajustes, past ' +
      'its grace), the code confirms the secret the login showed, and the answer adds the ten ' +
      'recovery codes, shown once.',
    responseDescription: 'A bearer token and who it is for (and the recovery codes, at enrolment)',
  },
};
