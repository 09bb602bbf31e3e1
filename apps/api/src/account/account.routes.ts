import { Router } from 'express';
import { api } from '@crm/shared';
import { currentUser } from '../auth/index.js';
import type { AppContext } from '../context.js';
import { implement } from '../http/endpoint.js';
import {
  confirmEmail,
  forgotPassword,
  requestEmailChange,
  setPassword,
  tokenStatus,
} from './account.service.js';
import { inviteUser, resendInvitation } from './invitations.service.js';

/**
 * The account feature's routes (issue 23): the public link flows (/api/account/…), the email
 * change of Perfil (its one endpoint of `api.profile` that sends a link; the profile's other
 * endpoints are not this feature's) and the invitations (system admins).
 */
export function accountRoutes(ctx: AppContext): Router {
  const clientOf = (req: { ip?: string }) => req.ip ?? 'unknown';
  return Router().use(
    implement(ctx, api.account, {
      forgotPassword: ({ body }, req) => forgotPassword(ctx, body, clientOf(req)),
      tokenStatus: ({ body }) => tokenStatus(ctx, body.token),
      setPassword: ({ body }) => setPassword(ctx, body),
      confirmEmail: ({ body }) => confirmEmail(ctx, body.token),
    }),
    implement(
      ctx,
      { changeEmail: api.profile.changeEmail },
      {
        changeEmail: ({ body }, req) =>
          requestEmailChange(ctx, currentUser(req).userId, body, clientOf(req)),
      },
    ),
    implement(ctx, api.invitations, {
      invite: ({ body }) => inviteUser(ctx, body),
      resend: ({ params }) => resendInvitation(ctx, params.id),
    }),
  );
}
