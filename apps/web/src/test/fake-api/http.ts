import { delay, HttpResponse, type JsonBodyType } from 'msw';
import {
  ACCOUNT_MESSAGES,
  CSV_EXPORT,
  ADMIN_ROLE,
  API_MESSAGES,
  API_TOKEN_MESSAGES,
  EXPORT_MESSAGES,
  EXPORT_TICKET_TTL_SECONDS,
  TICKET_PARAM,
  FIELD_MESSAGES,
  validateRequest,
  type EndpointDeclaration,
  type EndpointInput,
  type EndpointResponse,
  type FieldError,
  type Request,
} from '@crm/shared';
import { type StoredUser, db } from './db';
import { route } from './router';
import { type CallerIdentity, callerOf, sessionUser } from './sessions';

// What every module of the fake shares: `fake` (one endpoint of the contract, routed, checked
// and validated as the API does), the error answers, download tickets and paging.

export const json = (body: JsonBodyType, status = 200) => HttpResponse.json(body, { status });

/** An error answer, with the API's ErrorBody. */
export class Failure {
  constructor(
    readonly status: number,
    readonly message: string,
    readonly errors?: FieldError[],
    readonly current?: Record<string, unknown>,
  ) {}
}
export const fail = (
  status: number,
  message: string,
  errors?: FieldError[],
  current?: Record<string, unknown>,
) => new Failure(status, message, errors, current);

export const emailTaken = () =>
  fail(409, API_MESSAGES.emailTaken, [{ path: 'email', message: FIELD_MESSAGES.emailTaken }]);

type Caller<E extends EndpointDeclaration> = E['access'] extends 'public' ? undefined : StoredUser;

type FakeHandler<E extends EndpointDeclaration> = (args: {
  input: EndpointInput<E>;
  user: Caller<E>;
  request: globalThis.Request;
  /** The bytes sent to an endpoint with `rawBody` (issue 23's photo). */
  raw: Uint8Array | undefined;
}) => EndpointResponse<E> | Failure;

/**
 * One endpoint of the contract, answered in memory: routed by its declared method and path,
 * with the API's access checks and its very validation (`validateRequest`), answering the
 * declared status with a body typed by the declared response. Every call is recorded, and a
 * failure can be injected per path.
 */
export function fake<E extends EndpointDeclaration>(endpoint: E, handler: FakeHandler<E>) {
  return route(endpoint.method, endpoint.path, async ({ request, url, params }) => {
    const method = endpoint.method.toUpperCase();
    const body: unknown = endpoint.body ? await request.json().catch(() => undefined) : undefined;
    const raw = endpoint.rawBody ? new Uint8Array(await request.arrayBuffer()) : undefined;
    db.calls.push({ method, path: url.pathname, body, search: url.search || undefined });
    if (db.latencyMs) await delay(db.latencyMs);
    const failure = db.failures.get(`${method} ${url.pathname}`);
    if (failure) {
      db.failures.delete(`${method} ${url.pathname}`);
      return json({ message: 'Injected failure' }, failure);
    }
    let user: StoredUser | undefined;
    if (endpoint.access !== 'public') {
      const caller = callerOf(request);
      if (!caller.user) return unauthorized(caller);
      // Issue 36: a `leads` token only sends leads, an API token never changes the account
      // itself, and `read` only reads.
      if (caller.apiToken?.scope === 'leads' && !endpoint.leadsScope) {
        return json({ message: API_TOKEN_MESSAGES.leadsOnly }, 403);
      }
      if (caller.apiToken && endpoint.sessionOnly) {
        return json({ message: API_TOKEN_MESSAGES.sessionOnly }, 403);
      }
      if (caller.apiToken?.scope === 'read' && method !== 'GET') {
        return json({ message: API_TOKEN_MESSAGES.readOnly }, 403);
      }
      if (endpoint.access === 'admin' && caller.user.role !== ADMIN_ROLE) {
        return json({ message: API_MESSAGES.forbidden }, 403);
      }
      user = caller.user;
    }
    const refusal = endpoint.rawBody && rawBodyRefusal(endpoint, request, raw);
    if (refusal) return json({ message: refusal.message }, refusal.status);
    const validation = validateRequest(endpoint, {
      params,
      query: Object.fromEntries(url.searchParams),
      body,
    });
    if (!validation.ok) return json(validation.error, 400);
    const answer = handler({ input: validation.input, user: user as Caller<E>, request, raw });
    if (answer instanceof Failure) {
      const { status, message, errors, current } = answer;
      return json({ message, ...(errors && { errors }), ...(current && { current }) }, status);
    }
    return json(answer as JsonBodyType, endpoint.status);
  });
}

// The board as the API pages and filters it: newest first (createdAt, then _id), a keyset
// cursor after the last item of a page, and counts under the filters.
export const newestFirst = (
  a: Pick<Request, 'createdAt' | '_id'>,
  b: Pick<Request, 'createdAt' | '_id'>,
) =>
  Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a._id < b._id ? 1 : a._id > b._id ? -1 : 0);

/**
 * Issue 24's download tickets, as apps/api/src/auth/tickets.ts makes them: for one session and
 * exactly one query, a minute; no credential anywhere but the export. Random ids kept in memory.
 */
export const exportTickets = new Map<string, { token: string; query: string; expiresAt: number }>();

/** A query's parameters in a fixed order, the ticket's own left out. */
const ticketQueryOf = (params: Iterable<[string, string]>) =>
  JSON.stringify(
    [...params]
      .filter(([key]) => key !== TICKET_PARAM)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );

/** The caller a `?ticket=` signs in, as the API's authenticateByTicket: or undefined (401). */
function ticketCaller(url: URL, tickets = exportTickets): StoredUser | undefined {
  const [ticket, ...more] = url.searchParams.getAll(TICKET_PARAM);
  const stored = ticket === undefined || more.length > 0 ? undefined : tickets.get(ticket);
  if (!stored || stored.expiresAt <= Date.now()) return undefined;
  if (stored.query !== ticketQueryOf(url.searchParams)) return undefined;
  return db.revokedTokens.has(stored.token) ? undefined : sessionUser(stored.token);
}

/** Who downloads a file: by its ticket (kept in `tickets`), else by the Authorization header. */
export function fileCaller(
  request: globalThis.Request,
  url: URL,
  tickets = exportTickets,
): StoredUser | Response {
  if (url.searchParams.has(TICKET_PARAM)) {
    return ticketCaller(url, tickets) ?? json({ message: EXPORT_MESSAGES.ticketInvalid }, 401);
  }
  const caller = callerOf(request);
  return caller.user ?? unauthorized(caller);
}

/** The 401 of a caller nobody is: no token, a session that ended, an API token that doesn't work. */
export function unauthorized(caller: CallerIdentity) {
  const message = !caller.token
    ? API_MESSAGES.authRequired
    : caller.apiToken === null
      ? API_TOKEN_MESSAGES.invalid
      : API_MESSAGES.sessionExpired;
  return json({ message }, 401);
}

/**
 * A `…/link` answer, as the API's ticketedPath: `path` with the body's parameters that are set
 * and a ticket for exactly them, kept in `tickets` for the caller's session.
 */
export function ticketedLink(
  tickets: typeof exportTickets,
  path: string,
  body: Readonly<Record<string, string | undefined>>,
  request: globalThis.Request,
) {
  const params = Object.entries(body).flatMap(([key, value]) =>
    value === undefined ? [] : [[key, value] as [string, string]],
  );
  const ticket = crypto.randomUUID();
  tickets.set(ticket, {
    token: callerOf(request).token ?? '',
    query: ticketQueryOf(params),
    expiresAt: Date.now() + EXPORT_TICKET_TTL_SECONDS * 1000,
  });
  return { url: `${path}?${new URLSearchParams([...params, [TICKET_PARAM, ticket]]).toString()}` };
}

/** 415 / 413 before the handler, as the API's raw-body reader: the media type, then the size. */
function rawBodyRefusal(
  endpoint: EndpointDeclaration,
  request: globalThis.Request,
  raw: Uint8Array | undefined,
) {
  const limits = endpoint.rawBody;
  if (!limits) return undefined;
  const type = request.headers.get('Content-Type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  const refuse = (status: 413 | 415) => {
    // As the API's raw-body reader (http/json-body.ts): the message alone, no field errors.
    const fallback =
      status === 413
        ? API_MESSAGES.bodyTooLarge(limits.maxBytes / 1024)
        : API_MESSAGES.bodyNotAccepted;
    return { status, message: endpoint.errors?.[status] ?? fallback };
  };
  // `*/*`: any type the client declares (a request's files).
  if (!(limits.mediaTypes.includes('*/*') ? type !== '' : limits.mediaTypes.includes(type))) {
    return refuse(415);
  }
  if ((raw?.length ?? 0) > limits.maxBytes) return refuse(413);
  return undefined;
}

export const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  prefix.every((byte, index) => bytes[at + index] === byte);
export const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

export const wrongCurrentPassword = () =>
  fail(400, ACCOUNT_MESSAGES.currentPasswordWrong, [
    { path: 'currentPassword', message: ACCOUNT_MESSAGES.currentPasswordWrong },
  ]);

/** A CSV line as the API writes one (CSV_EXPORT: `;`, CRLF; RFC 4180 quoting). */
export const csvLine = (cells: readonly string[]) =>
  cells
    .map((cell) => (/[";\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell))
    .join(CSV_EXPORT.delimiter) + CSV_EXPORT.lineEnd;
