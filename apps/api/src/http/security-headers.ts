import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * Paths other sites may embed: the public `/form` page (in their iframes) and the `/embed.js`
 * script that puts it there. They get no `frame-ancestors` / `X-Frame-Options`, and a
 * cross-origin `Cross-Origin-Resource-Policy` so a `<script src>` from another site loads.
 * Exact paths only (the query string aside): nothing below them is frameable, since anything
 * that fell through to the staff app there would put a signed-in board in another site's frame
 * (issue 18: `/form/x` did); serve-web.ts answers `/form/<anything>` with a 404. Add paths here,
 * not in a route, so that what can be framed stays in one list (security-headers.test.ts checks
 * it), and to the `$crm_embeddable` map of apps/web/nginx.conf.
 */
export const EMBEDDABLE_PATHS: readonly string[] = ['/form', '/form/', '/embed.js'];

/**
 * The web app's policy. Scripts only from this origin (Vite's index.html has no inline script);
 * the ALTCHA widget runs its proof-of-work in Web Workers it starts from `blob:` URLs and injects
 * a `<style>` element, and react-toastify injects its CSS the same way, hence `worker-src blob:`
 * and inline styles (styles cannot run code; a nonce would mean templating index.html per call).
 * `connect-src 'self'`: when the API serves the app, the API is the same origin. No
 * 'unsafe-eval': zod 4 tries `new Function` once, and falls back to plain parsing when refused
 * (`z.config({ jitless: true })` before the first parse skips the try and its CSP report).
 */
const appDirectives = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // No `upgrade-insecure-requests` (a helmet default): over plain http on a LAN address it
  // would send the app's own requests to an https port that does not exist.
};

const shared = {
  // These three are sent only over TLS, below (TLS_ONLY_HEADERS).
  strictTransportSecurity: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: { policy: 'same-origin' as const },
};

const forApp = helmet({
  ...shared,
  contentSecurityPolicy: { useDefaults: false, directives: appDirectives },
  xFrameOptions: { action: 'deny' },
});

const { frameAncestors: _noFrameAncestors, ...embeddableDirectives } = appDirectives;
const forEmbeddable = helmet({
  ...shared,
  contentSecurityPolicy: { useDefaults: false, directives: embeddableDirectives },
  xFrameOptions: false,
  crossOriginResourcePolicy: { policy: 'cross-origin' },
});

/**
 * Headers that only mean something over TLS. HSTS over plain http would be ignored (and a dev
 * machine reached over http must not be told to use https); browsers ignore COOP and
 * Origin-Agent-Cluster outside secure contexts too, but log a console error for each page
 * (e.g. the app on a LAN address over http). HSTS: one year, no includeSubDomains (other
 * hosts of the company's domain may not have TLS).
 */
export const TLS_ONLY_HEADERS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=31536000',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Origin-Agent-Cluster': '?1',
};

/** Case-sensitive, unlike Express's routing: `/FORM` is served the form but may not be framed. */
export function isEmbeddable(path: string): boolean {
  return EMBEDDABLE_PATHS.includes(path);
}

/**
 * Browser security headers on every answer (the app, its assets, the API, Swagger UI).
 * TLS_ONLY_HEADERS only when the call came over TLS (`req.secure`, which honours TRUST_PROXY's
 * X-Forwarded-Proto behind nginx).
 */
export function securityHeaders(): RequestHandler {
  return (req, res, next) => {
    if (req.secure) {
      for (const [name, value] of Object.entries(TLS_ONLY_HEADERS)) res.setHeader(name, value);
    }
    const path = req.path;
    if (isEmbeddable(path)) forEmbeddable(req, res, next);
    else forApp(req, res, next);
  };
}
