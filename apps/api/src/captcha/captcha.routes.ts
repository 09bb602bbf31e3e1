import type { Router } from 'express';
import { api, type AltchaChallenge } from '@crm/shared';
import type { AppContext } from '../context.js';
import { implement } from '../http/endpoint.js';
import { issueChallenge } from './captcha.service.js';

export function captchaRoutes(ctx: AppContext): Router {
  return implement(ctx, api.captcha, {
    challenge: async (_input, _req, res) => {
      res.set('Cache-Control', 'no-store');
      // altcha-lib's type has no index signature; it is the loose shape the contract declares.
      return (await issueChallenge(ctx)) as AltchaChallenge;
    },
  });
}
