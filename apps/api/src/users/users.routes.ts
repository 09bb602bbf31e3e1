import type { Router } from 'express';
import { api, twoFactorAdminApi } from '@crm/shared';
import type { AppContext } from '../context.js';
import { currentUser, isAdmin } from '../auth/index.js';
import { forbidden } from '../http/app-error.js';
import { implement } from '../http/endpoint.js';
import { adminResetTwoFactor, userTwoFactor } from './two-factor-reset.js';
import { createUser, deleteUser, getUser, listUsers, updateUser } from './users.service.js';

export function usersRoutes(ctx: AppContext): Router {
  const router = implement(ctx, api.users, {
    list: () => listUsers(ctx),
    // Yourself, or anyone when you are a system admin.
    get: ({ params }, req) => {
      const caller = currentUser(req);
      if (caller.userId !== params.userId && !isAdmin(caller)) throw forbidden();
      return getUser(ctx, params.userId);
    },
    create: ({ body }) => createUser(ctx, body),
    update: ({ params, body }, req) => updateUser(ctx, params.id, body, currentUser(req).userId),
    remove: ({ params }, req) => deleteUser(ctx, params.id, currentUser(req).userId),
  });
  // Issue 32: a user's second factor, seen and reset by a system admin.
  router.use(
    implement(ctx, twoFactorAdminApi, {
      status: ({ params }) => userTwoFactor(ctx, params.id),
      reset: ({ params }) => adminResetTwoFactor(ctx, params.id),
    }),
  );
  return router;
}
