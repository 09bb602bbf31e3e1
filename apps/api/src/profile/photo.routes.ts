import type { RequestHandler, Router } from 'express';
import { API_MESSAGES, api } from '@crm/shared';
import { currentUser } from '../auth/index.js';
import type { AppContext } from '../context.js';
import { notFound } from '../http/app-error.js';
import { implement } from '../http/endpoint.js';
import { photoBytes, removePhoto, setPhoto } from './photo.service.js';
import { getProfile } from './profile.service.js';

/** A photo's address changes with every upload, so a copy is good forever. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The photo's three endpoints of `api.profile` (the rest are profile.routes.ts'). Always the
 * caller's own photo: the routes take the caller's id, never one from the request. The upload
 * is read as bytes by the declared `rawBody` (http/json-body.ts rawBodyOf: 415, 413).
 */
export function photoRoutes(ctx: AppContext): Router {
  const { putPhoto, deletePhoto, photo } = api.profile;

  // Bytes, not JSON: a raw handler after the declared gate. Public, as an <img> sends no token;
  // the address is the secret (16 random bytes).
  const serve: RequestHandler = async (req, res, next) => {
    try {
      const file = req.params.file;
      const bytes = await photoBytes(ctx, typeof file === 'string' ? file : '');
      if (!bytes) throw notFound(API_MESSAGES.routeNotFound);
      res
        .status(200)
        .set({ 'Cache-Control': IMMUTABLE, 'X-Content-Type-Options': 'nosniff' })
        .type('image/webp')
        .send(bytes);
    } catch (error) {
      next(error);
    }
  };

  return implement(
    ctx,
    { putPhoto, deletePhoto, photo },
    {
      putPhoto: async ({ body }, req) => {
        const { userId } = currentUser(req);
        await setPhoto(ctx, userId, body);
        return getProfile(ctx, userId);
      },
      deletePhoto: async (_input, req) => {
        const { userId } = currentUser(req);
        await removePhoto(ctx, userId);
        return getProfile(ctx, userId);
      },
      photo: { raw: [serve] },
    },
  );
}
