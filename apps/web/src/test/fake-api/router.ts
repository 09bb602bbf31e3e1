import { http } from 'msw';

/**
 * The fake's routing: its endpoints are routes matched by one MSW handler, not one MSW handler
 * each. MSW parses a request's cookies and address for every handler it tries, so with ~90
 * handlers a call late in the list cost ~90 parses: an eighth of a screen test's CPU went there.
 * Here a call's address is read once and each route is one precompiled expression.
 */
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export type FakeResolver = (args: {
  request: globalThis.Request;
  /** The call's address, read once by the router. */
  url: URL;
  params: Readonly<Record<string, string>>;
}) => Response | undefined | Promise<Response | undefined>;

export interface FakeRoute {
  /** As the contract declares it: `get`, and `/api/form-contact/:id`. */
  readonly method: Method;
  readonly path: string;
  readonly pattern: RegExp;
  readonly names: readonly string[];
  readonly resolve: FakeResolver;
}

/**
 * One endpoint of the fake, at a contract path such as `/api/form-contact/:id/notes`, matched as
 * MSW matches a relative path: on the page's origin, the whole path (a trailing `/` allowed),
 * each `:name` one segment, decoded. A resolver that answers nothing passes the call on.
 */
export function route(method: Method, path: string, resolve: FakeResolver): FakeRoute {
  const names: string[] = [];
  const source = path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { method, path, pattern: new RegExp(`^${source}/?$`), names, resolve };
}

/** The MSW handler that answers with the first of `routes` that matches and answers. */
export function routesHandler(routes: readonly FakeRoute[]) {
  return http.all('*', async ({ request }) => {
    const url = new URL(request.url);
    if (url.origin !== location.origin) return undefined;
    const method = request.method.toLowerCase();
    for (const candidate of routes) {
      if (candidate.method !== method) continue;
      const found = candidate.pattern.exec(url.pathname);
      if (!found) continue;
      const params = Object.fromEntries(
        candidate.names.map((name, index) => [name, decodeURIComponent(found[index + 1] ?? '')]),
      );
      const answer = await candidate.resolve({ request, url, params });
      if (answer) return answer;
    }
    return undefined;
  });
}
