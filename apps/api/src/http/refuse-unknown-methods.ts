import type { RequestHandler } from 'express';
import { API_MESSAGES, endpoints } from '@crm/shared';
import { AppError } from './app-error.js';

/** Every method some route of the API or the web app answers (OPTIONS for CORS preflights). */
const SUPPORTED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * A declared path as Express matches it: case-insensitive, an optional trailing slash, a
 * `:param` one segment.
 */
export function declaredPathPattern(path: string): RegExp {
  const pattern = path
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${pattern}/?$`, 'i');
}

/** Each declared path of the contract as Express matches it, with its method. */
const DECLARED = endpoints.map((endpoint) => ({
  pattern: declaredPathPattern(endpoint.path),
  method: endpoint.method.toUpperCase(),
  concrete: !endpoint.path.includes(':'),
}));

/**
 * The methods a path of the contract answers, in SUPPORTED_METHODS' order: those declared for
 * it, HEAD with GET (Express answers it), and OPTIONS (CORS). A concrete path wins over the
 * templates it also matches, as in OpenAPI (`/api/form-contact/board` is not
 * `/api/form-contact/:id`). Undefined for a path the contract lacks.
 */
export function allowedMethods(path: string): string[] | undefined {
  const matching = DECLARED.filter(({ pattern }) => pattern.test(path));
  const concrete = matching.filter((entry) => entry.concrete);
  const declared = new Set((concrete.length > 0 ? concrete : matching).map(({ method }) => method));
  if (declared.size === 0) return undefined;
  if (declared.has('GET')) declared.add('HEAD');
  declared.add('OPTIONS');
  return SUPPORTED_METHODS.filter((method) => declared.has(method));
}

const methodNotAllowed = (allow: string[]) =>
  new AppError(405, API_MESSAGES.methodNotAllowed, undefined, { Allow: allow.join(', ') });

/**
 * Before CORS and every route, so no route answers for a method its path does not declare (a GET of the
 * concrete `/api/form-contact/crm-create` is not a read of request "crm-create"):
 * - TRACE, CONNECT and the like: 405 with `Allow` (the path's methods when the contract declares
 *   it, else every method something here answers), rather than a 404 that hides why;
 * - a declared path called with a method it does not have (`DELETE /api/health`): 405 with the
 *   path's `Allow` (RFC 9110);
 * - an OPTIONS of a declared path: its `Allow`; a plain one (not a CORS preflight, which the
 *   CORS middleware after this answers) gets 204 here.
 */
export const refuseUndeclaredMethods: RequestHandler = (req, res, next) => {
  // A path that does not percent-decode is a 400 (error-handler.ts), whatever its method.
  try {
    decodeURIComponent(req.path);
  } catch (error) {
    next(error);
    return;
  }
  const allow = allowedMethods(req.path);
  if (!SUPPORTED_METHODS.includes(req.method)) {
    next(methodNotAllowed(allow ?? SUPPORTED_METHODS));
    return;
  }
  if (!allow) return next();
  if (!allow.includes(req.method)) return next(methodNotAllowed(allow));
  if (req.method === 'OPTIONS') {
    res.set('Allow', allow.join(', '));
    // A CORS preflight goes on to the CORS middleware, which answers it (with this Allow).
    if (req.get('Access-Control-Request-Method') === undefined) {
      res.status(204).end();
      return;
    }
  }
  next();
};
