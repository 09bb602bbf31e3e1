import type { RequestHandler, Router } from 'express';
import { ACCOUNT_MESSAGES, api, validateRequest } from '@crm/shared';
import { closeOtherSessions, closeSession, currentUser, listSessions } from '../auth/index.js';
import type { AppContext } from '../context.js';
import { AppError } from '../http/app-error.js';
import { implement, type RawHandler } from '../http/endpoint.js';
import { changePassword, getProfile, updateProfile } from './profile.service.js';

/*
 * Perfil's routes (issue 23): the caller's profile, password and sessions. The photo's routes are
 * in their own file (photo*.ts) and the email change's with the account links (account/).
 */
const {
  get,
  update,
  changePassword: password,
  sessions,
  closeSession: close,
  closeOtherSessions: closeOthers,
} = api.profile;

export function profileRoutes(ctx: AppContext): Router {
  return implement(
    ctx,
    {
      get,
      update,
      changePassword: password,
      sessions,
      closeSession: close,
      closeOtherSessions: closeOthers,
    },
    {
      get: (_input, req) => getProfile(ctx, currentUser(req).userId),
      update: updateRoute(ctx),
      changePassword: ({ body }, req) =>
        changePassword(ctx, currentUser(req), body, req.ip ?? 'unknown'),
      sessions: (_input, req) => listSessions(ctx, currentUser(req)),
      closeSession: ({ params }, req) => closeSession(ctx, currentUser(req), params.id),
      closeOtherSessions: (_input, req) => closeOtherSessions(ctx, currentUser(req)),
    },
  );
}

/**
 * PATCH /api/me/profile. A `role` in the body is 403 before the schema runs (which would call it
 * an unknown key, 400): trying to change your own role is refused, not malformed. So this route
 * answers by itself (after the same gate, token check and JSON body as every route), validating
 * with the same declaration.
 */
function updateRoute(ctx: AppContext): RawHandler {
  const handler: RequestHandler = async (req, res, next) => {
    try {
      const body = req.body as unknown;
      if (typeof body === 'object' && body !== null && 'role' in body) {
        throw new AppError(403, ACCOUNT_MESSAGES.ownRoleLocked);
      }
      const validation = validateRequest(update, { params: req.params, query: req.query, body });
      if (!validation.ok) {
        throw new AppError(400, validation.error.message, validation.error.errors);
      }
      const profile = await updateProfile(ctx, currentUser(req).userId, validation.input.body);
      res.status(update.status).json(profile);
    } catch (error) {
      next(error);
    }
  };
  return { raw: [handler] };
}
