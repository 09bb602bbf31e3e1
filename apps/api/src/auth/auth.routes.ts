import type { Router } from 'express';
import { api, API_MESSAGES, twoFactorApi, twoFactorLoginApi } from '@crm/shared';
import type { AppContext } from '../context.js';
import { implement } from '../http/endpoint.js';
import { login, logout } from './auth.service.js';
import { currentUser } from './authenticate.js';
import {
  disableTwoFactor,
  enableTwoFactor,
  setupTwoFactor,
  signInWithCode,
  twoFactorStatus,
} from './two-factor.service.js';

export function authRoutes(ctx: AppContext): Router {
  const clientOf = (req: { ip?: string; get(name: string): string | undefined }) => ({
    ip: req.ip ?? 'unknown',
    userAgent: req.get('user-agent'),
  });
  const router = implement(ctx, api.auth, {
    login: ({ body }, req) => login(ctx, body, clientOf(req)),
    logout: async (_input, req) => {
      await logout(ctx, currentUser(req));
      return { message: API_MESSAGES.loggedOut };
    },
  });
  // Issue 32: the login's code step, and Perfil's "Verificación en dos pasos" (the caller's own).
  router.use(
    implement(ctx, twoFactorLoginApi, {
      login: ({ body }, req) => signInWithCode(ctx, body, clientOf(req)),
    }),
    implement(ctx, twoFactorApi, {
      status: (_input, req) => twoFactorStatus(ctx, currentUser(req)),
      setup: (_input, req) => setupTwoFactor(ctx, currentUser(req).userId),
      enable: ({ body }, req) => enableTwoFactor(ctx, currentUser(req), body.code),
      disable: ({ body }, req) =>
        disableTwoFactor(ctx, currentUser(req), body.currentPassword, req.ip ?? 'unknown'),
    }),
  );
  return router;
}
