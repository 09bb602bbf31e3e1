import { altchaChallengeSchema } from '../captcha.js';
import { defineEndpoint } from './define.js';

/*
 * The `captcha` endpoints (issue 34): one export per endpoint, named as in `api.captcha`. The web
 * app names them through the namespace `captchaApi` (`captchaApi.<name>`), so a page carries only
 * those it calls; endpoints.ts lists them in the API's route order.
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
