import { ACCOUNT_MESSAGES } from '../account.js';
import { messageResponseSchema } from '../auth.js';
import { API_MESSAGES } from '../messages.js';
import { TWO_FACTOR_MESSAGES } from '../two-factor-login.js';
import {
  disableTwoFactorBodySchema,
  enableTwoFactorBodySchema,
  twoFactorEnabledSchema,
  twoFactorPolicySchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
  userTwoFactorSchema,
} from '../two-factor.js';
import { userIdParamsSchema } from '../user.js';
import { defineEndpoint, type GroupDocs } from './define.js';

/*
 * Two-factor sign-in (issue 32), apart from `api` (all-endpoints.ts says why), in three groups as
 * three screens use them and three features implement them: Perfil's section (auth/), Ajustes'
 * requirement (settings/), the Users screen's reset (users/). The login's step is in
 * two-factor-login-endpoints.ts: the login page, which every page loads, carries only that.
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
    body: disableTwoFactorBodySchema,
    status: 200,
    response: twoFactorStatusSchema,
    errors: { 409: TWO_FACTOR_MESSAGES.notEnabled, 429: API_MESSAGES.tooManyLoginAttempts },
  }),
} as const;

export const twoFactorPolicyApi = {
  get: defineEndpoint({
    id: 'twoFactorPolicy.get',
    method: 'get',
    path: '/api/settings/two-factor',
    tag: 'settings',
    access: 'admin',
    status: 200,
    response: twoFactorPolicySchema,
  }),
  update: defineEndpoint({
    id: 'twoFactorPolicy.update',
    method: 'put',
    path: '/api/settings/two-factor',
    tag: 'settings',
    access: 'admin',
    body: twoFactorPolicySchema,
    status: 200,
    response: twoFactorPolicySchema,
  }),
} as const;

export const twoFactorAdminApi = {
  status: defineEndpoint({
    id: 'twoFactorAdmin.status',
    method: 'get',
    path: '/api/user/two-factor/:id',
    tag: 'users',
    access: 'admin',
    params: userIdParamsSchema,
    status: 200,
    response: userTwoFactorSchema,
    errors: { 404: API_MESSAGES.userNotFound },
  }),
  reset: defineEndpoint({
    id: 'twoFactorAdmin.reset',
    method: 'delete',
    path: '/api/user/two-factor/:id',
    tag: 'users',
    access: 'admin',
    params: userIdParamsSchema,
    status: 200,
    response: messageResponseSchema,
    errors: { 404: API_MESSAGES.userNotFound, 409: TWO_FACTOR_MESSAGES.notEnabled },
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

export const twoFactorPolicyDocs: GroupDocs<typeof twoFactorPolicyApi> = {
  get: {
    summary: 'Who must use two-factor sign-in, and the grace in days',
    responseDescription: 'The requirement',
  },
  update: {
    summary: 'Require two-factor sign-in of nobody, the system admins or everyone',
    description:
      'A user it applies to who has no second factor may sign in without one for `graceDays` ' +
      'from their next sign-in (Perfil tells them until when); after that, signing in enrols ' +
      'one. Changing who it applies to starts the grace again.',
    responseDescription: 'The requirement saved',
  },
};

export const twoFactorAdminDocs: GroupDocs<typeof twoFactorAdminApi> = {
  status: {
    summary: 'Whether a user has two-factor sign-in on',
    responseDescription: 'Status',
  },
  reset: {
    summary: "Remove a user's second factor (they lost their phone and recovery codes)",
    description:
      'Their sessions end and they are told by email; they may enrol again at their next sign-in.',
    responseDescription: TWO_FACTOR_MESSAGES.reset,
  },
};
