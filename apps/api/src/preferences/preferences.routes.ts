import type { Request, Router } from 'express';
import { api } from '@crm/shared';
import { currentUser } from '../auth/index.js';
import type { AppContext } from '../context.js';
import { implement } from '../http/endpoint.js';
import {
  createCalendarFeed,
  getPreferences,
  revokeCalendarFeed,
  updatePreferences,
} from './preferences.service.js';

/** The origin the caller reached the API at (behind a proxy, as TRUST_PROXY lets Express read). */
export const originOf = (req: Request) => `${req.protocol}://${req.get('host') ?? 'localhost'}`;

/** The caller's own preferences: every route acts on the signed-in user, never on another. */
export function preferencesRoutes(ctx: AppContext): Router {
  return implement(ctx, api.preferences, {
    get: (_input, req) => getPreferences(ctx, currentUser(req).userId),
    update: ({ body }, req) => updatePreferences(ctx, currentUser(req).userId, body),
    createCalendarFeed: (_input, req) =>
      createCalendarFeed(ctx, currentUser(req).userId, originOf(req)),
    revokeCalendarFeed: (_input, req) => revokeCalendarFeed(ctx, currentUser(req).userId),
  });
}
