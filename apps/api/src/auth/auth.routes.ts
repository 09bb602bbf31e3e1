import type { Router } from 'express';
import { api, API_MESSAGES } from '@crm/shared';
import type { AppContext } from '../context.js';
import { implement } from '../http/endpoint.js';
import { login, logout } from './auth.service.js';
import { currentUser } from './authenticate.js';

export function authRoutes(ctx: AppContext): Router {
  return implement(ctx, api.auth, {
    login: ({ body }, req) =>
      login(ctx, body, { ip: req.ip ?? 'unknown', userAgent: req.get('user-agent') }),
    logout: async (_input, req) => {
      await logout(ctx, currentUser(req));
      return { message: API_MESSAGES.loggedOut };
    },
  });
}
