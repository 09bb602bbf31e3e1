import { readFileSync } from 'node:fs';
import {
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  zodToOpenAPIRegistry,
  type ResponseConfig,
  type RouteConfig,
} from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import {
  API_MESSAGES,
  LOGIN_MESSAGES,
  assignVendorBodySchema,
  createRequestBodySchema,
  createUserBodySchema,
  errorBodySchema,
  fieldErrorSchema,
  healthStatusSchema,
  loginBodySchema,
  loginResponseSchema,
  messageResponseSchema,
  readyStatusSchema,
  requestIdParamsSchema,
  requestListSchema,
  requestSchema,
  sessionUserSchema,
  updateRequestBodySchema,
  updateUserBodySchema,
  updateUserWithPasswordBodySchema,
  userDataParamsSchema,
  userIdParamsSchema,
  userListSchema,
  userSchema,
} from '@crm/shared';

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

/** Where the document and its viewer are served (under /api); see openapi.routes.ts. */
export const OPENAPI_JSON_PATH = '/api/openapi.json';
export const OPENAPI_DOCS_PATH = '/api/docs';

const BEARER = 'bearerAuth';

/**
 * The shared schemas that become named components. They are tagged on the very instances the
 * routes validate with (not on copies, as `.openapi(name)` / `.meta({ id })` would make), so a
 * schema nested in another one (User in the user list, FieldError in ErrorBody) is a `$ref` too,
 * and the shared package stays free of documentation concerns.
 */
const COMPONENTS: Record<string, z.ZodType> = {
  FieldError: fieldErrorSchema,
  ErrorBody: errorBodySchema,
  HealthStatus: healthStatusSchema,
  ReadyStatus: readyStatusSchema,
  LoginBody: loginBodySchema,
  LoginResponse: loginResponseSchema,
  SessionUser: sessionUserSchema,
  MessageResponse: messageResponseSchema,
  User: userSchema,
  CreateUserBody: createUserBodySchema,
  UpdateUserBody: updateUserBodySchema,
  UpdateUserWithPasswordBody: updateUserWithPasswordBodySchema,
  Request: requestSchema,
  CreateRequestBody: createRequestBodySchema,
  UpdateRequestBody: updateRequestBodySchema,
  AssignVendorBody: assignVendorBodySchema,
};

/**
 * GET /api/captcha/challenge answers altcha-lib's `Challenge`, a library type with no shared
 * schema (the browser widget reads it, not our code). Loose: the library may add fields.
 */
export const altchaChallengeSchema = z.looseObject({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().optional().describe('Unix time in seconds'),
  }),
  signature: z.string().optional(),
});

const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/** Both statuses that ask the client to come back later say when. */
const retryAfterHeader = z.object({
  'Retry-After': z.string().describe('Seconds to wait before trying again'),
});

type Tag = 'operations' | 'captcha' | 'auth' | 'users' | 'requests';
const TAGS: { name: Tag; description: string }[] = [
  { name: 'auth', description: 'Sign in and out (JWT bearer tokens)' },
  { name: 'captcha', description: 'Self-hosted ALTCHA proof-of-work challenges for the login' },
  { name: 'users', description: 'Users and their roles' },
  { name: 'requests', description: 'Requests ("form-contact") of the board' },
  { name: 'operations', description: 'Liveness, readiness and this documentation' },
];

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 429 | 503;
const DEFAULT_ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'Invalid input; `errors` lists each field with its message',
  401: 'No bearer token, or one that expired, was logged out or predates a password change',
  403: 'The caller is not a system admin',
  404: 'Not found',
  409: 'Conflict',
  429: API_MESSAGES.tooManyLoginAttempts,
  503: 'The database is not reachable (or the server is busy); try again after `Retry-After`',
};

type Operation = {
  method: 'get' | 'post' | 'put' | 'delete';
  /** OpenAPI form, `{param}`; the coverage test maps Express's `:param` onto it. */
  path: string;
  tag: Tag;
  summary: string;
  description?: string;
  /** `admin` implies a signed-in system admin: 401 and 403 are added. */
  access: 'public' | 'signed-in' | 'admin';
  params?: z.ZodObject;
  body?: z.ZodType;
  success: { status: 200 | 201; description: string; schema: z.ZodType; mediaType?: string };
  /** Error statuses beyond those implied by `access` and `database`, with what they mean here. */
  errors?: Partial<Record<ErrorStatus, string>>;
  /**
   * Behind the database gate (app.ts `requireDatabase`), so 503 while the database is away.
   * Defaults to true.
   */
  database?: boolean;
  extraResponses?: Record<string, ResponseConfig>;
};

const OPERATIONS: Operation[] = [
  {
    method: 'get',
    path: '/api/health',
    tag: 'operations',
    summary: 'Liveness: the process answers',
    description: 'Does not touch the database.',
    access: 'public',
    database: false,
    success: { status: 200, description: 'Alive', schema: healthStatusSchema },
  },
  {
    method: 'get',
    path: '/api/ready',
    tag: 'operations',
    summary: 'Readiness: the database answers a ping',
    access: 'public',
    database: false,
    success: { status: 200, description: 'Ready for traffic', schema: readyStatusSchema },
    errors: { 503: API_MESSAGES.databaseUnavailable },
  },
  {
    method: 'get',
    path: OPENAPI_JSON_PATH,
    tag: 'operations',
    summary: 'This OpenAPI 3.1 document',
    access: 'public',
    database: false,
    success: { status: 200, description: 'The document', schema: openApiDocumentSchema },
  },
  {
    method: 'get',
    path: OPENAPI_DOCS_PATH,
    tag: 'operations',
    summary: 'Swagger UI over this document',
    description: 'Without the trailing slash it redirects to `/api/docs/`.',
    access: 'public',
    database: false,
    success: { status: 200, description: 'HTML page', schema: z.string(), mediaType: 'text/html' },
    extraResponses: {
      301: {
        description: 'Redirect to `/api/docs/` (its assets are relative to it)',
        headers: z.object({ Location: z.string() }),
      },
    },
  },
  {
    method: 'get',
    path: '/api/captcha/challenge',
    tag: 'captcha',
    summary: 'A signed ALTCHA challenge for the login form',
    description: 'Never cached. The solved payload goes into the login body as `altcha`.',
    access: 'public',
    success: { status: 200, description: 'Challenge', schema: altchaChallengeSchema },
  },
  {
    method: 'post',
    path: '/api/user/login',
    tag: 'auth',
    summary: 'Sign in',
    description:
      'Checks the captcha, then the credentials. Repeated failures for one email or address ' +
      'are slowed down, then refused with 429 for a while.',
    access: 'public',
    body: loginBodySchema,
    success: {
      status: 200,
      description: 'A bearer token and who it is for',
      schema: loginResponseSchema,
    },
    errors: {
      400: `Invalid input, or a missing or invalid captcha ("${LOGIN_MESSAGES.captchaRequired}")`,
      401: LOGIN_MESSAGES.invalidCredentials,
      429: API_MESSAGES.tooManyLoginAttempts,
    },
  },
  {
    method: 'post',
    path: '/api/user/logout',
    tag: 'auth',
    summary: 'Sign out: the token stops working on every API process',
    access: 'signed-in',
    success: { status: 200, description: API_MESSAGES.loggedOut, schema: messageResponseSchema },
  },
  {
    method: 'get',
    path: '/api/user/all',
    tag: 'users',
    summary: 'All users, each with the requests assigned to them as `events`',
    access: 'signed-in',
    success: { status: 200, description: 'Users', schema: userListSchema },
  },
  {
    method: 'get',
    path: '/api/user/data/{userId}',
    tag: 'users',
    summary: 'One user: yourself, or anyone for a system admin',
    access: 'signed-in',
    params: userDataParamsSchema,
    success: { status: 200, description: 'The user', schema: userSchema },
    errors: {
      400: API_MESSAGES.invalidId,
      403: 'Another user, and the caller is not a system admin',
      404: API_MESSAGES.userNotFound,
    },
  },
  {
    method: 'post',
    path: '/api/user/create',
    tag: 'users',
    summary: 'Create a user',
    access: 'admin',
    body: createUserBodySchema,
    success: { status: 201, description: 'The new user', schema: userSchema },
    errors: { 400: DEFAULT_ERROR_DESCRIPTIONS[400], 409: API_MESSAGES.emailTaken },
  },
  {
    method: 'put',
    path: '/api/user/update/{id}',
    tag: 'users',
    summary: 'Edit a user, optionally changing the password',
    description:
      'With `password` the create-user rules apply (UpdateUserWithPasswordBody); without it, ' +
      'UpdateUserBody. A password change ends the user’s sessions.',
    access: 'admin',
    params: userIdParamsSchema,
    body: z.union([updateUserWithPasswordBodySchema, updateUserBodySchema]),
    success: { status: 200, description: 'The updated user', schema: userSchema },
    errors: {
      400: DEFAULT_ERROR_DESCRIPTIONS[400],
      404: API_MESSAGES.userNotFound,
      409: `${API_MESSAGES.emailTaken}, or: ${API_MESSAGES.lastAdmin}`,
    },
  },
  {
    method: 'delete',
    path: '/api/user/delete/{id}',
    tag: 'users',
    summary: 'Delete a user; their requests become unassigned',
    access: 'admin',
    params: userIdParamsSchema,
    success: { status: 200, description: 'The deleted user', schema: userSchema },
    errors: {
      400: API_MESSAGES.invalidId,
      404: API_MESSAGES.userNotFound,
      409: API_MESSAGES.lastAdmin,
    },
  },
  {
    method: 'put',
    path: '/api/user/assign-vendor',
    tag: 'requests',
    summary: 'Assign a request to a user, or unassign it with `vendorId: null`',
    access: 'admin',
    body: assignVendorBodySchema,
    success: { status: 200, description: 'The updated request', schema: requestSchema },
    errors: {
      400: DEFAULT_ERROR_DESCRIPTIONS[400],
      404: `${API_MESSAGES.requestNotFound}, or: ${API_MESSAGES.userNotFound}`,
    },
  },
  {
    method: 'get',
    path: '/api/form-contact/all',
    tag: 'requests',
    summary: 'All requests, newest first',
    access: 'signed-in',
    success: { status: 200, description: 'Requests', schema: requestListSchema },
  },
  {
    method: 'post',
    path: '/api/form-contact/crm-create',
    tag: 'requests',
    summary: 'Create a request',
    access: 'signed-in',
    body: createRequestBodySchema,
    success: { status: 201, description: 'The new request', schema: requestSchema },
    errors: { 400: DEFAULT_ERROR_DESCRIPTIONS[400] },
  },
  {
    method: 'put',
    path: '/api/form-contact/update/{id}',
    tag: 'requests',
    summary: 'Save a request (the whole object, with the `version` it was read at)',
    description:
      'Read-only fields may be sent back as they came but are not stored; `vendor` changes ' +
      'only through assign-vendor.',
    access: 'signed-in',
    params: requestIdParamsSchema,
    body: updateRequestBodySchema,
    success: { status: 200, description: 'The saved request', schema: requestSchema },
    errors: {
      400: DEFAULT_ERROR_DESCRIPTIONS[400],
      404: API_MESSAGES.requestNotFound,
      409: API_MESSAGES.requestConflict,
    },
  },
  {
    method: 'delete',
    path: '/api/form-contact/delete/{id}',
    tag: 'requests',
    summary: 'Delete a request',
    access: 'admin',
    params: requestIdParamsSchema,
    success: { status: 200, description: 'The deleted request', schema: requestSchema },
    errors: { 400: API_MESSAGES.invalidId, 404: API_MESSAGES.requestNotFound },
  },
];

const json = (schema: z.ZodType, mediaType = 'application/json') => ({ [mediaType]: { schema } });

function errorResponses(operation: Operation): Record<string, ResponseConfig> {
  const statuses: Partial<Record<ErrorStatus, string>> = {};
  if (operation.access !== 'public') statuses[401] = DEFAULT_ERROR_DESCRIPTIONS[401];
  if (operation.access === 'admin') statuses[403] = DEFAULT_ERROR_DESCRIPTIONS[403];
  if (operation.database ?? true) statuses[503] = DEFAULT_ERROR_DESCRIPTIONS[503];
  Object.assign(statuses, operation.errors);

  const responses: Record<string, ResponseConfig> = {};
  for (const [status, description] of Object.entries(statuses)) {
    responses[status] = {
      description,
      content: json(errorBodySchema),
      ...(status === '429' || status === '503' ? { headers: retryAfterHeader } : {}),
    };
  }
  return responses;
}

function toRouteConfig(operation: Operation): RouteConfig {
  const { success } = operation;
  return {
    method: operation.method,
    path: operation.path,
    tags: [operation.tag],
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    ...(operation.access === 'public' ? {} : { security: [{ [BEARER]: [] }] }),
    ...(operation.access === 'admin' ? { 'x-required-role': 'system admin' } : {}),
    request: {
      ...(operation.params ? { params: operation.params } : {}),
      ...(operation.body ? { body: { required: true, content: json(operation.body) } } : {}),
    },
    responses: {
      [success.status]: {
        description: success.description,
        content: json(success.schema, success.mediaType),
      },
      ...operation.extraResponses,
      ...errorResponses(operation),
    },
  };
}

function apiVersion(): string {
  // src/openapi and dist/openapi are both two levels below the package root.
  const raw: unknown = JSON.parse(
    readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
  );
  return z.object({ version: z.string() }).parse(raw).version;
}

function buildDocument(): OpenApiDocument {
  for (const [refId, schema] of Object.entries(COMPONENTS)) {
    zodToOpenAPIRegistry.add(schema, { _internal: { refId } });
  }

  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', BEARER, {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The `token` of POST /api/user/login',
  });
  for (const operation of OPERATIONS) registry.registerPath(toRouteConfig(operation));

  const generator = new OpenApiGeneratorV31([
    ...registry.definitions,
    // Listed so each is a component even where only nested (FieldError) or unused.
    ...Object.values(COMPONENTS),
  ]);
  return generator.generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'CRM API',
      version: apiVersion(),
      description:
        'Internal sales back office: requests board and user management. Every error answers ' +
        'ErrorBody. Generated from the zod schemas of @crm/shared that the API validates with.',
    },
    tags: TAGS,
  });
}

let document: OpenApiDocument | undefined;

/** The document is static: built on first use, then the same object every time. */
export function openApiDocument(): OpenApiDocument {
  document ??= buildDocument();
  return document;
}
