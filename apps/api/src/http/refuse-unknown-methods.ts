import type { RequestHandler } from 'express';
import { API_MESSAGES, endpoints } from '@crm/shared';
import { AppError } from './app-error.js';

/** Every method some route of the API or the web app answers (OPTIONS for CORS preflights). */
const SUPPORTED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * Each declared path of the contract as Express matches it (case-insensitive, an optional
 * trailing slash, a `:param` one segment), with its method.
 */
const DECLARED = endpoints.map((endpoint) => {
  const pattern = endpoint.path
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return { pattern: new RegExp(`^${pattern}/?$`, 'i'), method: endpoint.method.toUpperCase() };
});

/**
 * The methods a path of the contract answers, in SUPPORTED_METHODS' order: those declared for
 * every template it matches (`/api/form-contact/board` is also `/api/form-contact/:id`), HEAD
 * with GET (Express answers it), and OPTIONS (CORS). Undefined for a path the contract lacks.
 */
export function allowedMethods(path: string): string[] | undefined {
  const declared = new Set(
    DECLARED.filter(({ pattern }) => pattern.test(path)).map(({ method }) => method),
  );
  if (declared.size === 0) return undefined;
  if (declared.has('GET')) declared.add('HEAD');
  declared.add('OPTIONS');
  return SUPPORTED_METHODS.filter((method) => declared.has(method));
}

const methodNotAllowed = (allow: string[]) =>
  new AppError(405, API_MESSAGES.methodNotAllowed, undefined, { Allow: allow.join(', ') });

/**
 * TRACE, CONNECT and the like: 405 with `Allow` (the path's methods when the contract declares
 * it, else every method something here answers), rather than a 404 that hides why.
 */
export const refuseUnknownMethods: RequestHandler = (req, _res, next) => {
  if (SUPPORTED_METHODS.includes(req.method)) return next();
  next(methodNotAllowed(allowedMethods(req.path) ?? SUPPORTED_METHODS));
};

/**
 * After every route: a call no route took, to a path the contract declares, used a method the
 * path does not have (`DELETE /api/health`): 405 with the path's `Allow` (RFC 9110), not 404.
 */
export const refuseUndeclaredMethods: RequestHandler = (req, _res, next) => {
  const allow = allowedMethods(req.path);
  next(allow && !allow.includes(req.method) ? methodNotAllowed(allow) : undefined);
};
