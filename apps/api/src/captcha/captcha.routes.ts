import { Router } from 'express';
import type { AppContext } from '../context.js';
import { issueChallenge } from './captcha.service.js';

export function captchaRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get('/captcha/challenge', async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await issueChallenge(ctx));
  });
  return router;
}
