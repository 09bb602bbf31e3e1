import { Router, type RequestHandler } from 'express';
import swaggerUi from 'swagger-ui-express';
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

/**
 * GET /openapi.json and Swagger UI at /docs (mounted under /api, before the database gate:
 * neither needs the database).
 */
export function openapiRoutes(): Router {
  const router = Router();
  // The UI fetches the served document rather than embedding a copy in its init script;
  // relative to /api/docs/, so it holds behind a proxy that adds a path prefix.
  const uiOptions = { customSiteTitle: 'CRM API', swaggerUrl: '../openapi.json' };

  router.get('/openapi.json', (_req, res) => {
    res.json(openApiDocument());
  });
  router.get('/docs', withTrailingSlash, swaggerUi.setup(undefined, uiOptions));
  // `serveFiles`, not `serve`: the latter answers swagger-ui-init.js from module-wide state
  // that the last `setup` call overwrites, which breaks with several apps in one process.
  router.use('/docs', swaggerUi.serveFiles(undefined, uiOptions));
  return router;
}
