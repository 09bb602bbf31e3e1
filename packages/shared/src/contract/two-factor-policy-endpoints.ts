import { twoFactorPolicySchema } from '../two-factor-policy.js';
import { defineEndpoint, type GroupDocs } from './define.js';

/** Ajustes' "Exigir verificación en dos pasos" (issue 32; settings/ implements it). */
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
    sessionOnly: true,
    body: twoFactorPolicySchema,
    status: 200,
    response: twoFactorPolicySchema,
  }),
} as const;

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
