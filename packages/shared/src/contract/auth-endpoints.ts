import { loginAnswerSchema, loginBodySchema, messageResponseSchema } from '../auth.js';
import { API_MESSAGES, LOGIN_MESSAGES } from '../messages.js';
import { defineEndpoint } from './define.js';

/*
 * The `auth` endpoints (issue 34): one export per endpoint, named as in `api.auth`. The web app
 * names them through the namespace `authApi` (`authApi.<name>`), so a page carries only those it
 * calls; endpoints.ts lists them in the API's route order.
 */
export const login = defineEndpoint({
  id: 'auth.login',
  method: 'post',
  path: '/api/user/login',
  tag: 'auth',
  access: 'public',
  body: loginBodySchema,
  status: 200,
  response: loginAnswerSchema,
  errors: {
    400: `Invalid input, or a missing or invalid captcha ("${LOGIN_MESSAGES.captchaRequired}")`,
    401: LOGIN_MESSAGES.invalidCredentials,
    429: API_MESSAGES.tooManyLoginAttempts,
  },
});

export const logout = defineEndpoint({
  id: 'auth.logout',
  method: 'post',
  path: '/api/user/logout',
  tag: 'auth',
  access: 'signed-in',
  sessionOnly: true,
  status: 200,
  response: messageResponseSchema,
});
