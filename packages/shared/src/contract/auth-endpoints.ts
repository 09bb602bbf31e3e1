import { loginAnswerSchema, loginBodySchema, messageResponseSchema } from '../auth.js';
import { API_MESSAGES, LOGIN_MESSAGES } from '../messages.js';
import { defineEndpoint } from './define.js';

/*
 * The `auth` endpoints: one export per endpoint, named as in `api.auth`; the web
 * app imports them as `authApi.<name>`, each page carrying only those it calls. The
 * order here is the API's route order and the OpenAPI document's (endpoints.ts lists it).
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
  status: 200,
  response: messageResponseSchema,
});
