import cors from 'cors';
import express, { Router, type Request, type RequestHandler } from 'express';
import { API_MESSAGES, api } from '@crm/shared';
import type { AppContext } from '../context.js';
import { implement } from '../http/endpoint.js';
import { AppError } from '../http/app-error.js';
import { exceedsDepth, JSON_MAX_DEPTH } from '../http/json-body.js';
import { recentLeads, submitLead } from './leads.service.js';

/** The public form's path, the one route other sites' pages may post to. */
export const PUBLIC_FORM_PATH = api.leads.submit.path;
/** Its captcha: a page that builds its own form fetches the challenge too. */
const CHALLENGE_PATH = api.captcha.challenge.path;
const isPublicFormPath = (req: Request) =>
  req.path === PUBLIC_FORM_PATH || req.path === CHALLENGE_PATH;

/** The origin the call was made to: the product's own, always allowed to post its form. */
const ownOrigin = (req: Request) => `${req.protocol}://${req.get('host') ?? ''}`;

/**
 * CORS of the public form: granted only to PUBLIC_FORM_ORIGINS and the product's own origin
 * (the /form page, which embed.js frames); the challenge also to the staff origins of
 * CORS_ORIGIN, whose login uses it. No credentials. Mounted before the app-wide CORS, which skips
 * these paths (`exceptPublicForm` in app.ts). Reads the context's settings on every call.
 */
export function publicFormCors(ctx: AppContext): RequestHandler {
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
  return (req, res, next) => (isPublicFormPath(req) ? handle(req, res, next) : next());
}

/** The app-wide CORS for every path but the public form's (which publicFormCors answers). */
export const exceptPublicForm =
  (handler: RequestHandler): RequestHandler =>
  (req, res, next) =>
    isPublicFormPath(req) ? next() : handler(req, res, next);

class BodyTooDeepError extends Error {}

/**
 * The form's body, read before the shared parser with a quarter of its size limit (64 KB, see
 * leads-config.ts): a bigger one is a 413 before it is read any further. The shared parser then
 * finds it read and keeps its result; its operator-key check still runs.
 */
function boundedFormBody(ctx: AppContext): RequestHandler {
  const maxBytes = ctx.config.leads.maxBodyBytes;
  const parse = express.json({
    limit: maxBytes,
    inflate: false,
    verify: (_req, _res, raw) => {
      if (exceedsDepth(raw, JSON_MAX_DEPTH)) throw new BodyTooDeepError();
    },
  });
  return (req, res, next) => {
    parse(req, res, (error?: unknown) => {
      if (error instanceof BodyTooDeepError) {
        next(new AppError(400, API_MESSAGES.bodyTooDeep(JSON_MAX_DEPTH)));
      } else if ((error as { type?: unknown } | undefined)?.type === 'entity.too.large') {
        next(new AppError(413, API_MESSAGES.bodyTooLarge(maxBytes / 1024)));
      } else {
        next(error);
      }
    });
  };
}

export function leadsRoutes(ctx: AppContext): Router {
  const router = Router();
  router.post(PUBLIC_FORM_PATH, boundedFormBody(ctx));
  router.use(
    implement(ctx, api.leads, {
      // `req.ip` is the client's address (TRUST_PROXY behind nginx, as for the sign-in brake).
      submit: ({ body }, req) => submitLead(ctx, body, req.ip ?? 'unknown'),
      recent: ({ query }) => recentLeads(ctx, query.after),
    }),
  );
  return router;
}
