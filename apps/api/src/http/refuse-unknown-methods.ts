import type { RequestHandler } from 'express';
import { API_MESSAGES } from '@crm/shared';
import { AppError } from './app-error.js';

/** Every method some route of the API or the web app answers (OPTIONS for CORS preflights). */
const SUPPORTED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** TRACE, CONNECT and the like: 405 with `Allow`, rather than a 404 that hides why. */
export const refuseUnknownMethods: RequestHandler = (req, _res, next) => {
  if (SUPPORTED_METHODS.includes(req.method)) return next();
  next(
    new AppError(405, API_MESSAGES.methodNotAllowed, undefined, {
      Allow: SUPPORTED_METHODS.join(', '),
    }),
  );
};
