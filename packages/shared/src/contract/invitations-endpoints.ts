import { API_MESSAGES, FIELD_MESSAGES } from '../messages.js';
import { userIdParamsSchema } from '../user.js';
import { ACCOUNT_MESSAGES, invitationSchema, inviteUserBodySchema } from '../account.js';
import { defineEndpoint } from './define.js';

/*
 * Invitations (issue 23): a system admin creates a user who sets their own password.
 *
 * The `invitations` endpoints (issue 34): one export per endpoint, named as in `api.invitations`.
 * The web app names them through the namespace `invitationsApi` (`invitationsApi.<name>`), so a
 * page carries only those it calls; endpoints.ts lists them in the API's route order.
 */
export const invite = defineEndpoint({
  id: 'invitations.invite',
  method: 'post',
  path: '/api/user/invite',
  tag: 'users',
  access: 'admin',
  body: inviteUserBodySchema,
  status: 201,
  response: invitationSchema,
  errors: { 409: FIELD_MESSAGES.emailTaken, 429: ACCOUNT_MESSAGES.tooManyEmails(60) },
});

export const resend = defineEndpoint({
  id: 'invitations.resend',
  method: 'post',
  path: '/api/user/invite/:id',
  tag: 'users',
  access: 'admin',
  params: userIdParamsSchema,
  status: 200,
  response: invitationSchema,
  errors: { 404: API_MESSAGES.userNotFound, 409: ACCOUNT_MESSAGES.invitationAlreadyAccepted },
});
