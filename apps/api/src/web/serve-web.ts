import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';

/**
 * Serves the built web app next to the API on one port. Hashed assets are cached for a year;
 * index.html never is, so a new build shows at once. Any other GET that accepts HTML gets
 * index.html (the client router handles /main/..., /login and the rest); /api is never touched.
 */
export function serveWeb(webDir: string): Router {
  const root = path.resolve(webDir);
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) {
    throw new Error(
      `WEB_DIR has no index.html: ${root} (build it with pnpm --filter @crm/web build)`,
    );
  }
  const router = express.Router();
  // Source maps are the app's full source: the build no longer emits them (vite.config.ts), and
  // one left in WEB_DIR by another build (`vite build --sourcemap`) is still not published.
  router.use((req, res, next) => {
    if (req.path.endsWith('.map')) res.status(404).end();
    else next();
  });
  router.use(
    '/assets',
    express.static(path.join(root, 'assets'), {
      immutable: true,
      maxAge: '1y',
      index: false,
    }),
  );
  // A missing asset is a 404, not the app's HTML under a .js name.
  router.use('/assets', (_req, res) => {
    res.status(404).end();
  });
  // /form: the public contact form (issue 13), a page of its own (form.html), which other sites
  // frame through /embed.js (a file of the build, served below). Nothing else under /form exists:
  // /form/<anything> is a 404, never the staff app (which the fallback below would serve, and
  // which must not be framed: security-headers.ts). A build without form.html has no /form.
  const formFile = path.join(root, 'form.html');
  const hasForm = existsSync(formFile);
  router.get(['/form', '/form/'], (_req, res) => {
    if (hasForm) res.set('Cache-Control', 'no-cache').sendFile(formFile);
    else res.status(404).end();
  });
  router.all('/form/*rest', (_req, res) => {
    res.status(404).end();
  });
  router.use(express.static(root, { index: false, maxAge: '1h' }));
  router.use((req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path.startsWith('/api/')) {
      next();
      return;
    }
    if (!req.accepts('html')) {
      next();
      return;
    }
    res.set('Cache-Control', 'no-cache').sendFile(indexFile);
  });
  return router;
}
