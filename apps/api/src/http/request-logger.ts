import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { endpoints } from '@crm/shared';
import { declaredPathPattern } from './refuse-unknown-methods.js';

const REQUEST_ID_HEADER = 'X-Request-Id';

/** A caller's (or proxy's) id is kept when it looks like an id, so one request can be followed across services. */
const ACCEPTABLE_INCOMING_ID = /^[\w.:-]{1,128}$/;

function requestId(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers['x-request-id'];
  const id =
    typeof incoming === 'string' && ACCEPTABLE_INCOMING_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

/** Query strings are dropped: nothing of ours needs them logged, and they are where secrets leak. */
const pathOnly = (url: string | undefined) => (url ?? '').split('?', 1)[0] ?? '';

/**
 * The declared routes whose path carries a credential (issue 32: every calendar feed read logged
 * its secret): a `:param` named like a secret or token. Their calls are logged by the route,
 * `/api/calendar/:secret.ics`, never by the path asked for.
 */
const SECRET_ROUTES = endpoints
  .filter(({ path }) => path.split('/').some((segment) => /^:\w*(secret|token)/i.test(segment)))
  .map(({ path }) => ({ pattern: declaredPathPattern(path), route: path }));

/**
 * Any other run of 32 or more base64url characters (a 128-bit random value or more: a secret
 * misspelt into an undeclared path, a token pasted where it does not belong) is written as
 * `:redacted`. Ids of ours are shorter: ObjectIds have 24 characters, photo and session ids 22.
 */
const LONG_RANDOM = /[\w-]{32,}/g;

/** The path as the log writes it: without its query and without a secret it may carry. */
function loggedPath(url: string | undefined): string {
  const path = pathOnly(url);
  const secret = SECRET_ROUTES.find(({ pattern }) => pattern.test(path));
  return secret ? secret.route : path.replace(LONG_RANDOM, ':redacted');
}

/** Express rewrites `url` inside mounted routers; `originalUrl` is what the client asked for. */
const requestedPath = (req: IncomingMessage & { originalUrl?: string }) =>
  loggedPath(req.originalUrl ?? req.url);

/** Health probes run every few seconds; logging each would drown the lines that matter. */
const QUIET_PATHS = new Set(['/api/health', '/api/ready']);

/**
 * One JSON line per API call, each carrying `requestId` (also on every line logged through
 * `req.log`). Only method, path, status and timing are serialised: headers (Authorization,
 * cookies) and bodies (passwords) never reach the log.
 */
export function requestLogger(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: requestId,
    quietReqLogger: true,
    customAttributeKeys: { reqId: 'requestId' },
    autoLogging: {
      ignore: (req) => {
        const path = pathOnly(req.url);
        return !path.startsWith('/api/') || QUIET_PATHS.has(path);
      },
    },
    serializers: {
      req: (req: { method?: string; url?: string }) => ({
        method: req.method,
        path: loggedPath(req.url),
      }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, error) =>
      error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    customSuccessMessage: (req, res) => `${req.method} ${requestedPath(req)} ${res.statusCode}`,
    customErrorMessage: (req, res) => `${req.method} ${requestedPath(req)} ${res.statusCode}`,
  });
}
