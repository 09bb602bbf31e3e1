import type { z } from 'zod';
import type { Api } from './endpoints.js';

/**
 * One declaration per endpoint (issue 10). The API registers its route from it (authentication,
 * role, validation, status), the OpenAPI document is generated from it, the web app's fetchers
 * and query keys and the web tests' fake API are typed and routed by it, and the auth tests walk
 * it. A small table of our own rather than ts-rest or oRPC: see docs/decisions.md.
 */

/** Who may call: anyone, any signed-in role, or a system admin only (§6). */
export type Access = 'public' | 'signed-in' | 'admin';

/**
 * What a download ticket is for (issue 24): the `aud` it is signed with, so a ticket made for one
 * endpoint is no credential anywhere else.
 */
export type TicketAudience = 'export' | 'audit-export' | 'file';

/** The query parameter a download ticket travels in. */
export const TICKET_PARAM = 'ticket';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Error statuses an endpoint may answer, each with the ErrorBody of packages/shared/error.ts. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

export type Tag =
  'operations' | 'captcha' | 'auth' | 'account' | 'users' | 'requests' | 'settings' | 'audit';

export type EndpointDeclaration = {
  /** Stable name, `<group>.<name>`; also the root of the endpoint's query keys. */
  id: string;
  method: HttpMethod;
  /** Express form, `/api/user/data/:userId`; OpenAPI gets `{userId}`. */
  path: `/api/${string}`;
  tag: Tag;
  access: Access;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** The body schema; `bodyFor` picks it per payload where the rules depend on the payload. */
  body?: z.ZodType;
  bodyFor?: (raw: unknown) => z.ZodType;
  /**
   * A body of bytes rather than JSON (the profile photo): the media types taken and the most
   * bytes read; anything else is 415 / 413 before the handler runs.
   */
  rawBody?: { mediaTypes: readonly string[]; maxBytes: number };
  /**
   * `signed-in` by a short-lived download ticket in the query (`?ticket=`) as well as by the
   * Authorization header, for a file the browser downloads by itself (it can send no header):
   * signed for `audience`, bound to the caller's session and to the rest of the query. `invalid`
   * is the 401 a bad, expired or altered one gets. Only the endpoints that declare it take one.
   */
  ticket?: { audience: TicketAudience; invalid: string };
  /** The success status and answer. */
  status: 200 | 201;
  response: z.ZodType;
  /**
   * `text/html` for pages, `text/calendar` for the calendar feed, `text/event-stream` for the
   * live changes (issue 36); JSON otherwise.
   */
  responseMediaType?:
    | 'application/json'
    | 'text/html'
    | 'text/calendar'
    | 'image/webp'
    | 'text/csv'
    | 'text/event-stream';
  /** Binary media types the same answer may come in instead, as the query asks (a format). */
  alsoAnswers?: readonly string[];
  /** Error statuses beyond those implied by `access`, `body` and `database`, with their meaning. */
  errors?: Partial<Record<ErrorStatus, string>>;
  /**
   * Changes the account itself (password, email, sessions, two-factor, tokens): a session's
   * token only, never an API token (issue 36), which gets 403.
   */
  sessionOnly?: true;
  /**
   * Takes leads (issue 36): the one kind of endpoint an API token of scope `leads` may call;
   * such a token gets 403 everywhere else.
   */
  leadsScope?: true;
  /** Behind the database gate (503 while the database is away). Defaults to true. */
  database?: boolean;
};

/**
 * An endpoint's words for the OpenAPI document, kept apart from its declaration (issue 32):
 * every page of the web app carries the declarations it calls, and none needs these words.
 * `docs-endpoints.ts` holds them for `api`; a group declared in a module of its own keeps its
 * words beside it (see all-endpoints.ts).
 */
export type EndpointDocs = {
  summary: string;
  description?: string;
  /** What the success is. */
  responseDescription: string;
  /** A 301 the endpoint answers, with what it means. */
  redirect?: string;
};

/** The words of every endpoint of one group, by the group's own names. */
export type GroupDocs<G> = { readonly [K in keyof G]: EndpointDocs };

/** Keeps the literal types of a declaration, so handlers and fetchers infer from it. */
export const defineEndpoint = <const E extends EndpointDeclaration>(endpoint: E): E => endpoint;

type SchemaOutput<S> = S extends z.ZodType ? z.output<S> : undefined;
type SchemaInput<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a handler receives: params, query and body as the schemas output them. */
export type EndpointInput<E extends EndpointDeclaration> = {
  params: SchemaOutput<E['params']>;
  query: SchemaOutput<E['query']>;
  body: SchemaOutput<E['body']>;
};

/** What a caller sends: params, query and body as the schemas take them. */
export type EndpointRequest<E extends EndpointDeclaration> = (E['params'] extends z.ZodType
  ? { params: z.input<E['params']> }
  : { params?: undefined }) &
  (E['query'] extends z.ZodType ? { query?: z.input<E['query']> } : { query?: undefined }) &
  (E['body'] extends z.ZodType ? { body: SchemaInput<E['body']> } : { body?: undefined });

/** The success answer: what a handler returns (input side) and what a caller gets (output). */
export type EndpointResponse<E extends EndpointDeclaration> = z.input<E['response']>;
export type EndpointResult<E extends EndpointDeclaration> = z.output<E['response']>;

/** `/api/user/data/:userId` with `{ userId }` filled in, each value percent-encoded. */
export function pathOf(endpoint: EndpointDeclaration, params?: Record<string, unknown>): string {
  return endpoint.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new Error(`${endpoint.id}: missing path parameter "${name}"`);
    }
    return encodeURIComponent(value);
  });
}

/** `/api/user/data/{userId}`: the OpenAPI form of an endpoint's path. */
export const openApiPathOf = (endpoint: EndpointDeclaration): string =>
  endpoint.path.replace(/:(\w+)/g, '{$1}');

/**
 * The query key of an endpoint's answer: its id's parts, then params and query, so
 * `['users']` covers every cached answer of the users group and `['users', 'get']` every user.
 */
export function queryKeyOf(
  endpoint: EndpointDeclaration,
  request?: { params?: unknown; query?: unknown },
): readonly unknown[] {
  const rest = [request?.params, request?.query].filter((part) => part !== undefined);
  return [...endpoint.id.split('.'), ...rest];
}

/** The query key prefix of every cached answer of one group (`['users']`). */
export const queryKeyOfGroup = (group: keyof Api) => [group] as const;
