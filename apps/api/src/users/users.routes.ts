import type { Router } from 'express';
import { api } from '@crm/shared';
import type { AppContext } from '../context.js';
import { currentUser, isAdmin } from '../auth/index.js';
import { forbidden } from '../http/app-error.js';
import { implement } from '../http/endpoint.js';
import { createUser, deleteUser, getUser, listUsers, updateUser } from './users.service.js';

export function usersRoutes(ctx: AppContext): Router {
  return implement(ctx, api.users, {
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
}
