import { messageResponseSchema } from '../auth.js';
import { FIELD_MESSAGES } from '../messages.js';
import {
  ACCOUNT_MESSAGES,
  accountTokenBodySchema,
  accountTokenStatusSchema,
  confirmEmailBodySchema,
  forgotPasswordBodySchema,
  setPasswordBodySchema,
} from '../account.js';
import { defineEndpoint } from './define.js';

/*
 * Forgotten passwords, invitations and email confirmations (issue 23): public, by token.
 *
 * The `account` endpoints: one export per endpoint, named as in `api.account`; the web
 * app imports them as `accountApi.<name>`, each page carrying only those it calls. The
 * order here is the API's route order and the OpenAPI document's (endpoints.ts lists it).
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
  errors: { 429: ACCOUNT_MESSAGES.tooManyEmails(60) },
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
