import { messageResponseSchema } from '../auth.js';
import { API_MESSAGES } from '../messages.js';
import { userTwoFactorSchema } from '../two-factor-admin.js';
import { TWO_FACTOR_MESSAGES } from '../two-factor-login.js';
import { userIdParamsSchema } from '../user.js';
import { defineEndpoint, type GroupDocs } from './define.js';

/** A user's second factor as a system admin sees and resets it (issue 32; users/ implements it). */
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
    sessionOnly: true,
    params: userIdParamsSchema,
    status: 200,
    response: messageResponseSchema,
    errors: { 404: API_MESSAGES.userNotFound, 409: TWO_FACTOR_MESSAGES.notEnabled },
  }),
} as const;

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
