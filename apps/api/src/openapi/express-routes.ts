import type { Express } from 'express';

/** One endpoint as `METHOD /full/path`, with path parameters in OpenAPI form (`{id}`). */
export type Endpoint = string;

/** What `router.listRoutes()` (router >= 2.3, Express 5's router) gives per registered path. */
type RouteInfo = { path: unknown; methods: readonly string[] | undefined; router: unknown };
type ListableRouter = { listRoutes(): RouteInfo[] };

function isListable(value: unknown): value is ListableRouter {
  return (
    (typeof value === 'function' || (typeof value === 'object' && value !== null)) &&
    typeof (value as { listRoutes?: unknown }).listRoutes === 'function'
  );
}

function joinPaths(prefix: string, path: string): string {
  const joined = `${prefix}/${path}`.replace(/\/+/g, '/');
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined;
}

/** Express's `:name` parameters become OpenAPI's `{name}`. */
function toOpenApiPath(path: string): string {
  // Optional segments (`{...}`) and wildcards (`*name`) have no OpenAPI form; refuse them
  // rather than compare a path that cannot match.
  if (/[{}*()?+]/.test(path)) {
    throw new Error(`Route path "${path}" uses a pattern the OpenAPI comparison cannot express`);
  }
  return path.replace(/:(\w+)/g, '{$1}');
}

function walk(router: ListableRouter, prefix: string, out: Endpoint[]): void {
  for (const entry of router.listRoutes()) {
    if (typeof entry.path !== 'string') {
      throw new Error(`A route under "${prefix || '/'}" has a RegExp path; cannot compare it`);
    }
    const path = joinPaths(prefix, entry.path);
    if (entry.router !== undefined) {
      if (!isListable(entry.router)) {
        throw new Error(`The router mounted at "${path}" cannot list its routes`);
      }
      walk(entry.router, path, out);
      continue;
    }
    const methods = entry.methods ?? [];
    for (const method of methods) {
      if (method === '*') {
        throw new Error(`"${path}" is registered with .all(); document its methods explicitly`);
      }
      // Express answers HEAD with the GET handler by itself; that is not a route of ours.
      if (method === 'HEAD' && methods.includes('GET')) continue;
      out.push(`${method} ${toOpenApiPath(path)}`);
    }
  }
}

/**
 * Every route of the app, recursing into mounted routers. Router 2.x no longer keeps mount
 * paths on its layers except as `rawPath`, which `listRoutes()` exposes; plain middleware
 * (static files, a mounted sub-app) is not a route and is not listed.
 */
export function listEndpoints(app: Express): Endpoint[] {
  const root: unknown = app.router;
  if (!isListable(root)) {
    throw new Error('The Express router has no listRoutes(); router >= 2.3 is required');
  }
  const out: Endpoint[] = [];
  walk(root, '', out);
  return [...new Set(out)].sort();
}
