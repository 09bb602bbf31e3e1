import type { Router } from 'express';
import { api } from '@crm/shared';
import { currentUser, isAdmin } from '../auth/index.js';
import type { AppContext } from '../context.js';
import { implement } from '../http/endpoint.js';
import { getDashboard } from './dashboard.service.js';

/** Every signed-in role reads its own figures; a system admin, anyone's or the team's. */
export function dashboardRoutes(ctx: AppContext): Router {
  return implement(ctx, api.dashboard, {
    get: ({ query }, req) => {
      const caller = currentUser(req);
      return getDashboard(ctx, query, { ...caller, admin: isAdmin(caller) });
    },
  });
}
