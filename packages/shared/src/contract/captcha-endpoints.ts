import { altchaChallengeSchema } from '../captcha.js';
import { defineEndpoint } from './define.js';

/*
 * The `captcha` endpoints: one export per endpoint, named as in `api.captcha`; the web
 * app imports them as `captchaApi.<name>`, each page carrying only those it calls. The
 * order here is the API's route order and the OpenAPI document's (endpoints.ts lists it).
 */
export const challenge = defineEndpoint({
  id: 'captcha.challenge',
  method: 'get',
  path: '/api/captcha/challenge',
  tag: 'captcha',
  access: 'public',
  status: 200,
  response: altchaChallengeSchema,
});
