import type { Router } from 'express';
import { type RequestHandler } from 'express';
import swaggerUi from 'swagger-ui-express';
import type { z } from 'zod';
import { api, type openApiDocumentSchema } from '@crm/shared';
import type { AppContext } from '../context.js';
import { implement } from '../http/endpoint.js';
import { openApiDocument } from './openapi-document.js';

/**
 * The page's asset URLs are relative (`./swagger-ui.css`), so they only resolve under
 * `/api/docs/`. A relative Location keeps the redirect on this host whatever the URL said.
 */
const withTrailingSlash: RequestHandler = (req, res, next) => {
  if (req.path.endsWith('/')) {
    next();
    return;
  }
  res.redirect(301, 'docs/');
};

/** GET /api/openapi.json and Swagger UI at /api/docs (neither needs the database). */
export function openapiRoutes(ctx: AppContext): Router {
  // The UI fetches the served document rather than embedding a copy in its init script;
  // relative to /api/docs/, so it holds behind a proxy that adds a path prefix.
  // No validator badge: it would send the document's URL to validator.swagger.io, an image the
  // CSP (security-headers.ts: img-src 'self' data:) blocks anyway.
  const uiOptions = {
    customSiteTitle: 'CRM API',
    swaggerUrl: '../openapi.json',
    swaggerOptions: { validatorUrl: null },
  };
  const router = implement(ctx, api.docs, {
    // The generator's type has no index signature; it is the loose shape the contract declares.
    openApiDocument: () => openApiDocument() as z.input<typeof openApiDocumentSchema>,
    page: { raw: [withTrailingSlash, swaggerUi.setup(undefined, uiOptions)] },
  });
  // The page's own files (not a route of the contract). `serveFiles`, not `serve`: the latter
  // answers swagger-ui-init.js from module-wide state that the last `setup` call overwrites,
  // which breaks with several apps in one process.
  router.use(api.docs.page.path, swaggerUi.serveFiles(undefined, uiOptions));
  return router;
}
