import { delay, http, HttpResponse, type JsonBodyType } from 'msw';
import {
  ADMIN_ROLE,
  API_MESSAGES,
  assignVendorBodySchema,
  createRequestBodySchema,
  createUserBodySchema,
  EVENT_FIELD_PLACEHOLDERS,
  LOGIN_MESSAGES,
  toFieldErrors,
  updateRequestBodySchema,
  updateUserSchemaFor,
  type Request,
  type Role,
  type User,
} from '@crm/shared';

/**
 * An in-memory stand-in for the API over MSW, answering with the shapes, codes and error bodies
 * of apps/api (validated with the same shared schemas), so screens are tested against realistic
 * answers. The API itself is tested against a real database in apps/api.
 */
export type StoredUser = Omit<User, 'events'> & { password: string };
export type Call = { method: string; path: string; body: unknown };

export const SOLVED_CAPTCHA = 'solved-captcha-payload';
export const PASSWORD = 'Secreto.123';

let nextId = 1;
export const newId = () => (nextId++).toString(16).padStart(24, '0');

export const db = {
  users: [] as StoredUser[],
  requests: [] as Request[],
  calls: [] as Call[],
  revokedTokens: new Set<string>(),
  /** Make the next call to a path fail with this status. */
  failures: new Map<string, number>(),
  /** Answer every call this much later, to see the in-progress states ("Iniciando...", …). */
  latencyMs: 0,
};

export function resetDb() {
  db.users = [];
  db.requests = [];
  db.calls = [];
  db.revokedTokens.clear();
  db.failures.clear();
  db.latencyMs = 0;
}

export function addUser(overrides: Partial<StoredUser> & { role: Role }): StoredUser {
  const _id = newId();
  const user: StoredUser = {
    _id,
    name: 'Ana',
    lastName: 'García',
    email: `user${_id.slice(-4)}@crm.test`,
    photo: '',
    password: PASSWORD,
    ...overrides,
  };
  db.users.push(user);
  return user;
}

let nextNumber = 1;
export function addRequest(overrides: Partial<Request> = {}): Request {
  const request: Request = {
    _id: newId(),
    requestNumber: nextNumber++,
    name: 'Cliente',
    email: 'cliente@empresa.test',
    jobPosition: '',
    company: '',
    contactNumber: '',
    message: 'Hola, quiero información.',
    requestType: 'otro',
    status: 'new request',
    priority: 'low',
    vendor: null,
    sourceOfContact: 'website',
    notes: [],
    createdAt: '2026-03-05T15:00:00.000Z',
    version: 0,
    ...EVENT_FIELD_PLACEHOLDERS,
    ...overrides,
  };
  db.requests.unshift(request);
  return request;
}

export const tokenFor = (user: { _id: string }) => `token-${user._id}`;

const publicUser = ({ password: _password, ...user }: StoredUser): User => ({
  ...user,
  events: db.requests.filter((r) => r.vendor === user._id).map((r) => ({ _id: r._id })),
});

const json = (body: JsonBodyType, status = 200) => HttpResponse.json(body, { status });
const error = (status: number, message: string, errors?: { path: string; message: string }[]) =>
  json(errors ? { message, errors } : { message }, status);

function caller(request: globalThis.Request): StoredUser | undefined {
  const token = request.headers.get('Authorization')?.replace(/^Bearer /, '');
  if (!token || db.revokedTokens.has(token)) return undefined;
  return db.users.find((user) => tokenFor(user) === token);
}

type Handler = (args: {
  request: globalThis.Request;
  params: Record<string, string>;
  body: unknown;
  user: StoredUser;
}) => Response | Promise<Response>;

/** Records the call, applies an injected failure, checks the token and (optionally) the role. */
function route(
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  handler: Handler,
  adminOnly = false,
) {
  return http[method](path, async ({ request, params }) => {
    const body: unknown =
      method === 'get' || method === 'delete'
        ? undefined
        : await request.json().catch(() => undefined);
    const url = new URL(request.url);
    db.calls.push({ method: method.toUpperCase(), path: url.pathname, body });
    if (db.latencyMs) await delay(db.latencyMs);
    const failure = db.failures.get(`${method.toUpperCase()} ${url.pathname}`);
    if (failure) {
      db.failures.delete(`${method.toUpperCase()} ${url.pathname}`);
      return error(failure, 'Injected failure');
    }
    const user = caller(request);
    if (!user) return error(401, API_MESSAGES.sessionExpired);
    if (adminOnly && user.role !== ADMIN_ROLE) return error(403, API_MESSAGES.forbidden);
    return handler({ request, params: params as Record<string, string>, body, user });
  });
}

export const handlers = [
  http.post('/api/user/login', async ({ request }) => {
    const body = (await request.json()) as { email?: string; password?: string; altcha?: string };
    db.calls.push({ method: 'POST', path: '/api/user/login', body });
    if (db.latencyMs) await delay(db.latencyMs);
    if (body.altcha !== SOLVED_CAPTCHA) {
      return error(400, LOGIN_MESSAGES.captchaRequired, [
        { path: 'altcha', message: LOGIN_MESSAGES.captchaRequired },
      ]);
    }
    const user = db.users.find((u) => u.email === body.email && u.password === body.password);
    if (!user) return error(401, LOGIN_MESSAGES.invalidCredentials);
    const { password: _password, photo: _photo, ...sessionUser } = user;
    return json({ token: tokenFor(user), user: sessionUser });
  }),

  route('post', '/api/user/logout', ({ request }) => {
    db.revokedTokens.add(request.headers.get('Authorization')!.replace(/^Bearer /, ''));
    return json({ message: API_MESSAGES.loggedOut });
  }),

  route('get', '/api/user/data/:userId', ({ params, user }) => {
    const found = db.users.find((u) => u._id === params.userId);
    if (!found) return error(404, API_MESSAGES.userNotFound);
    if (found._id !== user._id && user.role !== ADMIN_ROLE)
      return error(403, API_MESSAGES.forbidden);
    const { password: _password, photo: _photo, ...sessionUser } = found;
    return json(sessionUser);
  }),

  route('get', '/api/user/all', () => json(db.users.map(publicUser))),

  route(
    'post',
    '/api/user/create',
    ({ body }) => {
      const parsed = createUserBodySchema.safeParse(body);
      if (!parsed.success)
        return error(400, API_MESSAGES.invalidBody, toFieldErrors(parsed.error.issues));
      const email = parsed.data.email.toLowerCase();
      if (db.users.some((u) => u.email === email)) {
        return error(409, API_MESSAGES.emailTaken, [
          { path: 'email', message: API_MESSAGES.emailTaken },
        ]);
      }
      const user = addUser({ ...parsed.data, email });
      return json(publicUser(user), 201);
    },
    true,
  ),

  route(
    'put',
    '/api/user/update/:id',
    ({ body, params }) => {
      const parsed = updateUserSchemaFor(body).safeParse(body);
      if (!parsed.success)
        return error(400, API_MESSAGES.invalidBody, toFieldErrors(parsed.error.issues));
      const user = db.users.find((u) => u._id === params.id);
      if (!user) return error(404, API_MESSAGES.userNotFound);
      Object.assign(user, parsed.data);
      return json(publicUser(user));
    },
    true,
  ),

  route(
    'delete',
    '/api/user/delete/:id',
    ({ params }) => {
      const user = db.users.find((u) => u._id === params.id);
      if (!user) return error(404, API_MESSAGES.userNotFound);
      db.users = db.users.filter((u) => u !== user);
      for (const request of db.requests) if (request.vendor === user._id) request.vendor = null;
      return json(publicUser(user));
    },
    true,
  ),

  route('get', '/api/form-contact/all', () => json(db.requests)),

  route('post', '/api/form-contact/crm-create', ({ body }) => {
    const parsed = createRequestBodySchema.safeParse(body);
    if (!parsed.success)
      return error(400, API_MESSAGES.invalidBody, toFieldErrors(parsed.error.issues));
    const request = addRequest({
      ...parsed.data,
      sourceOfContact: 'vendor',
      createdAt: new Date().toISOString(),
    });
    return json(request, 201);
  }),

  route('put', '/api/form-contact/update/:id', ({ body, params }) => {
    const parsed = updateRequestBodySchema.safeParse(body);
    if (!parsed.success)
      return error(400, API_MESSAGES.invalidBody, toFieldErrors(parsed.error.issues));
    const index = db.requests.findIndex((r) => r._id === params.id);
    const stored = db.requests[index];
    if (!stored) return error(404, API_MESSAGES.requestNotFound);
    if (stored.version !== parsed.data.version) return error(409, API_MESSAGES.requestConflict);
    const {
      _id,
      requestNumber,
      message,
      sourceOfContact,
      createdAt,
      vendor,
      version,
      ...editable
    } = parsed.data;
    const updated: Request = { ...stored, ...editable, version: stored.version + 1 };
    db.requests[index] = updated;
    return json(updated);
  }),

  route(
    'delete',
    '/api/form-contact/delete/:id',
    ({ params }) => {
      const stored = db.requests.find((r) => r._id === params.id);
      if (!stored) return error(404, API_MESSAGES.requestNotFound);
      db.requests = db.requests.filter((r) => r !== stored);
      return json(stored);
    },
    true,
  ),

  route(
    'put',
    '/api/user/assign-vendor',
    ({ body }) => {
      const parsed = assignVendorBodySchema.safeParse(body);
      if (!parsed.success)
        return error(400, API_MESSAGES.invalidBody, toFieldErrors(parsed.error.issues));
      const stored = db.requests.find((r) => r._id === parsed.data.formId);
      if (!stored) return error(404, API_MESSAGES.requestNotFound);
      stored.vendor = parsed.data.vendorId;
      return json(stored);
    },
    true,
  ),
];
