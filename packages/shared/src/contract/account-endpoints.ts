import { messageResponseSchema } from '../auth.js';
import { FIELD_MESSAGES } from '../messages.js';
import {
  ACCOUNT_LINK_MESSAGES,
  accountTokenBodySchema,
  accountTokenStatusSchema,
  confirmEmailBodySchema,
  forgotPasswordBodySchema,
  setPasswordBodySchema,
} from '../account-links.js';
import { defineEndpoint } from './define.js';

/*
 * Forgotten passwords, invitations and email confirmations (issue 23): public, by token.
 *
 * The `account` endpoints (issue 34): one export per endpoint, named as in `api.account`. The web
 * app names them through the namespace `accountApi` (`accountApi.<name>`), so a page carries only
 * those it calls; endpoints.ts lists them in the API's route order.
 */
export const forgotPassword = defineEndpoint({
  id: 'account.forgotPassword',
  method: 'post',
  path: '/api/account/forgot-password',
  tag: 'account',
  access: 'public',
  body: forgotPasswordBodySchema,
  status: 200,
  response: messageResponseSchema,
  errors: { 429: ACCOUNT_LINK_MESSAGES.tooManyEmails(60) },
});

export const tokenStatus = defineEndpoint({
  id: 'account.tokenStatus',
  method: 'post',
  path: '/api/account/token',
  tag: 'account',
  access: 'public',
  body: accountTokenBodySchema,
  status: 200,
  response: accountTokenStatusSchema,
});

export const setPassword = defineEndpoint({
  id: 'account.setPassword',
  method: 'post',
  path: '/api/account/set-password',
  tag: 'account',
  access: 'public',
  body: setPasswordBodySchema,
  status: 200,
  response: messageResponseSchema,
});

export const confirmEmail = defineEndpoint({
  id: 'account.confirmEmail',
  method: 'post',
  path: '/api/account/confirm-email',
  tag: 'account',
  access: 'public',
  body: confirmEmailBodySchema,
  status: 200,
  response: messageResponseSchema,
  errors: { 409: FIELD_MESSAGES.emailTaken },
});
