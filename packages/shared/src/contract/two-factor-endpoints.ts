import { ACCOUNT_MESSAGES } from '../account.js';
import { API_MESSAGES } from '../messages.js';
import { TWO_FACTOR_MESSAGES } from '../two-factor-login.js';
import {
  disableTwoFactorBodySchema,
  enableTwoFactorBodySchema,
  twoFactorEnabledSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '../two-factor.js';
import { defineEndpoint, type GroupDocs } from './define.js';

/*
 * Two-factor sign-in (issue 32), Perfil's section (auth/ implements it), apart from `api`
 * (all-endpoints.ts says why). Each screen's group is a module of its own, as each screen carries
 * all of a module it imports: the login's step (two-factor-login-endpoints.ts), Ajustes'
 * requirement (two-factor-policy-endpoints.ts), the Users screen's reset
 * (two-factor-admin-endpoints.ts).
 */
export const twoFactorApi = {
  status: defineEndpoint({
    id: 'twoFactor.status',
    method: 'get',
    path: '/api/me/two-factor',
    tag: 'account',
    access: 'signed-in',
    status: 200,
    response: twoFactorStatusSchema,
  }),
  setup: defineEndpoint({
    id: 'twoFactor.setup',
    method: 'post',
    path: '/api/me/two-factor/setup',
    tag: 'account',
    access: 'signed-in',
    sessionOnly: true,
    status: 200,
    response: twoFactorSetupSchema,
    errors: { 409: TWO_FACTOR_MESSAGES.alreadyEnabled },
  }),
  enable: defineEndpoint({
    id: 'twoFactor.enable',
    method: 'post',
    path: '/api/me/two-factor/enable',
    tag: 'account',
    access: 'signed-in',
    sessionOnly: true,
    body: enableTwoFactorBodySchema,
    status: 200,
    response: twoFactorEnabledSchema,
    errors: { 409: TWO_FACTOR_MESSAGES.alreadyEnabled },
  }),
  disable: defineEndpoint({
    id: 'twoFactor.disable',
    method: 'post',
    path: '/api/me/two-factor/disable',
    tag: 'account',
    access: 'signed-in',
    sessionOnly: true,
    body: disableTwoFactorBodySchema,
    status: 200,
    response: twoFactorStatusSchema,
    errors: { 409: TWO_FACTOR_MESSAGES.notEnabled, 429: API_MESSAGES.tooManyLoginAttempts },
  }),
} as const;

export type TwoFactorApi = typeof twoFactorApi;

export const twoFactorDocs: GroupDocs<TwoFactorApi> = {
  status: {
    summary: "The caller's second factor, and whether Ajustes requires one of them",
    responseDescription: 'Status',
  },
  setup: {
    summary: 'A new secret to enrol: its QR code (SVG drawn by the API) and its text',
    description:
      'Replaces any unconfirmed one; lives 10 minutes. Shown once: the secret is never answered ' +
      'again once enabled, and is stored encrypted.',
    responseDescription: 'The QR code and the secret',
  },
  enable: {
    summary: 'Turn two-factor sign-in on with a code for the last setup’s secret',
    description:
      'Answers ten recovery codes, shown once (stored hashed). Every other session of the ' +
      'caller ends.',
    responseDescription: 'The recovery codes',
  },
  disable: {
    summary: 'Turn two-factor sign-in off, with the current password',
    description: `A wrong password is 400 on \`currentPassword\` ("${ACCOUNT_MESSAGES.currentPasswordWrong}") and counts toward the sign-in brake.`,
    responseDescription: 'Status',
  },
};
