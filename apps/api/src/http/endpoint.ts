import { Router, type Request, type RequestHandler, type Response } from 'express';
import {
  API_MESSAGES,
  validateRequest,
  type EndpointDeclaration,
  type EndpointInput,
  type EndpointResponse,
} from '@crm/shared';
import type { Connection } from 'mongoose';
import { AppError } from './app-error.js';
import { jsonBody, rawBodyOf } from './json-body.js';
import { requireDatabase } from './require-database.js';

/** What a handler gets: the validated input; for a `rawBody` endpoint, the bytes as `body`. */
export type HandlerInput<E extends EndpointDeclaration> = E['rawBody'] extends object
  ? Omit<EndpointInput<E>, 'body'> & { body: Buffer }
  : EndpointInput<E>;

/** Turns a call's validated input into the endpoint's answer (sent with its declared status). */
export type Handler<E extends EndpointDeclaration> = (
  input: HandlerInput<E>,
  req: Request,
  res: Response,
) => Promise<EndpointResponse<E>> | EndpointResponse<E>;

/**
 * For the few endpoints that answer by themselves (Swagger UI's page): they still get the
 * declared gate and access checks, then these handlers instead of validation and a JSON answer.
 */
export type RawHandler = { raw: RequestHandler[] };

type Handlers<G extends Record<string, EndpointDeclaration>> = {
  [K in keyof G]: Handler<G[K]> | RawHandler;
};

/**
 * The checks a route's declared `access` calls for. The app supplies them (auth/, through the
 * context), so this layer knows no feature.
 */
export type AccessGuards = {
  /** `access: 'signed-in'` and `'admin'`: a valid session; sets `req.auth`. */
  signedIn: RequestHandler;
  /** Instead of `signedIn`, for an endpoint that declares a `ticket`: by it, or as `signedIn`. */
  signedInOrTicket: (rule: TicketRule) => RequestHandler;
  /** After `signedIn`: an API token's call only within its scope (issue 36). */
  withinToken: (endpoint: EndpointDeclaration) => RequestHandler;
  /** `access: 'admin'`, after `signedIn`. */
  admin: RequestHandler;
};

/** A declaration's download-ticket rule (the contract's `ticket`). */
export type TicketRule = NonNullable<EndpointDeclaration['ticket']>;

/** What routes are built from (the app's context has both). */
export type RouteContext = { connection: Connection; access: AccessGuards };

/**
 * Every answer of a declared route, errors included, is `Cache-Control: no-store`: signed-in
 * answers carry personal data (a 409 carries the stored values), the sign-in's carries a token,
 * a captcha challenge works once, and no public answer (health, ready) is worth a cached copy.
 */
const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

/** The chain every route starts with, from its declaration: database gate, token, role, body. */
function guardsFor(ctx: RouteContext, endpoint: EndpointDeclaration): RequestHandler[] {
  const chain: RequestHandler[] = [noStore];
  if (endpoint.database ?? true) chain.push(requireDatabase(ctx.connection));
  if (endpoint.access !== 'public') {
    // A ticket is honoured only where it is declared: anywhere else it is no credential.
    chain.push(
      endpoint.ticket ? ctx.access.signedInOrTicket(endpoint.ticket) : ctx.access.signedIn,
      ctx.access.withinToken(endpoint),
    );
  }
  if (endpoint.access === 'admin') chain.push(ctx.access.admin);
  // Bodies are read only by routes that declare one, after the caller is known.
  if (endpoint.body) chain.push(...jsonBody);
  if (endpoint.rawBody) {
    // The refusals say what the declaration documents for 413 and 415 (the photo's own words).
    const { mediaTypes, maxBytes } = endpoint.rawBody;
    chain.push(
      rawBodyOf({
        mediaTypes,
        maxBytes,
        tooLarge: endpoint.errors?.[413] ?? API_MESSAGES.bodyTooLarge(maxBytes / 1024),
        wrongType: endpoint.errors?.[415] ?? API_MESSAGES.bodyNotAccepted,
      }),
    );
  }
  return chain;
}

function answer<E extends EndpointDeclaration>(endpoint: E, handler: Handler<E>): RequestHandler {
  return async (req, res, next) => {
    try {
      const validation = validateRequest(endpoint, {
        params: req.params,
        query: req.query,
        body: req.body as unknown,
      });
      if (!validation.ok) {
        throw new AppError(400, validation.error.message, validation.error.errors);
      }
      // A raw body was read as bytes (json-body.ts rawBodyOf); no schema has anything to say of it.
      const input = (
        endpoint.rawBody ? { ...validation.input, body: req.body as Buffer } : validation.input
      ) as HandlerInput<E>;
      const result = await handler(input, req, res);
      res.status(endpoint.status).json(result);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * The routes of one group of the contract (`api.users`, …), each registered from its
 * declaration. TypeScript asks for a handler per endpoint of the group, typed by it.
 */
export function implement<G extends Record<string, EndpointDeclaration>>(
  ctx: RouteContext,
  group: G,
  handlers: Handlers<G>,
): Router {
  const router = Router();
  for (const [name, endpoint] of Object.entries(group) as [keyof G, G[keyof G]][]) {
    const handler = handlers[name];
    const final = 'raw' in handler ? handler.raw : [answer(endpoint, handler)];
    router[endpoint.method](endpoint.path, ...guardsFor(ctx, endpoint), ...final);
  }
  return router;
}
