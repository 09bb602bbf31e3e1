import cors from 'cors';
import { Router, type Request, type RequestHandler } from 'express';
import { api } from '@crm/shared';
import { currentUser } from '../auth/index.js';
import type { AppContext } from '../context.js';
import { implement } from '../http/endpoint.js';
import { boundedJson } from '../http/json-body.js';
import { submitApiLead } from './api-lead.js';
import { recentLeads, submitLead } from './leads.service.js';

/** The public form's path, the one route other sites' pages may post to. */
const PUBLIC_FORM_PATH = api.leads.submit.path;
/** Its captcha: a page that builds its own form fetches the challenge too. */
const CHALLENGE_PATH = api.captcha.challenge.path;
const isPublicFormPath = (req: Request) =>
  req.path === PUBLIC_FORM_PATH || req.path === CHALLENGE_PATH;

/** The origin the call was made to: the product's own, always allowed to post its form. */
const ownOrigin = (req: Request) => `${req.protocol}://${req.get('host') ?? ''}`;

/**
 * CORS of the public form: granted only to PUBLIC_FORM_ORIGINS and the product's own origin
 * (the /form page, which embed.js frames); the challenge also to the staff origins of
 * CORS_ORIGIN, whose login uses it. No credentials. Every other path gets `staffCors`, the
 * app-wide CORS (app.ts). Reads the context's settings on every call.
 */
export function corsByPath(ctx: AppContext, staffCors: RequestHandler): RequestHandler {
  const handle = cors((req, callback) => {
    const request = req as Request;
    const origin = request.headers.origin;
    const { publicOrigins } = ctx.config.leads;
    const allowed =
      origin !== undefined &&
      (publicOrigins.includes(origin) ||
        origin === ownOrigin(request) ||
        (request.path === CHALLENGE_PATH && ctx.config.corsOrigins.includes(origin)));
    callback(null, {
      origin: allowed ? origin : false,
      methods: request.path === CHALLENGE_PATH ? ['GET'] : ['POST'],
      allowedHeaders: ['Content-Type', 'X-Request-Id'],
      exposedHeaders: ['X-Request-Id', 'Retry-After'],
      maxAge: 600,
    });
  });
  return (req, res, next) => (isPublicFormPath(req) ? handle : staffCors)(req, res, next);
}

export function leadsRoutes(ctx: AppContext): Router {
  const router = Router();
  // The form's body is read first with its own, smaller limit (64 KB, leads-config.ts): a bigger
  // one is a 413 before it is read further; the shared parser then finds it read, and its
  // operator-key check still runs. The API's leads (issue 36) are read as every signed-in
  // route's body is: after the token is known.
  router.post(PUBLIC_FORM_PATH, boundedJson(ctx.config.leads.maxBodyBytes));
  router.use(
    implement(ctx, api.leads, {
      // `req.ip` is the client's address (TRUST_PROXY behind nginx, as for the sign-in brake).
      submit: ({ body }, req) => submitLead(ctx, body, req.ip ?? 'unknown'),
      recent: ({ query }) => recentLeads(ctx, query.after),
      create: ({ body }, req) => submitApiLead(ctx, body, currentUser(req)),
    }),
  );
  return router;
}
