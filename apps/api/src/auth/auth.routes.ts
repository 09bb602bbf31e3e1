import { Router } from 'express';
import { API_MESSAGES, loginBodySchema, type MessageResponse } from '@crm/shared';
import type { AppContext } from '../context.js';
import { validate } from '../http/validate.js';
import { login, logout } from './auth.service.js';
import { authenticate, currentUser } from './authenticate.js';

export function authRoutes(ctx: AppContext): Router {
  const router = Router();
  router.post(
    '/user/login',
    validate({ body: loginBodySchema }, async ({ body }, req, res) => {
      res.json(await login(ctx, body, req.ip ?? 'unknown'));
    }),
  );
  router.post('/user/logout', authenticate(ctx), async (req, res) => {
    await logout(ctx, currentUser(req));
    const body: MessageResponse = { message: API_MESSAGES.loggedOut };
    res.json(body);
  });
  return router;
}
