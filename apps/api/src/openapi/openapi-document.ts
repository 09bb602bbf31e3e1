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
  api,
  docsOf,
  endpoints,
  openApiPathOf,
  type EndpointDeclaration,
  type ErrorStatus,
  type Tag,
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
  requestSchema,
  sessionUserSchema,
  updateRequestBodySchema,
  updateUserBodySchema,
  updateUserWithPasswordBodySchema,
  userSchema,
} from '@crm/shared';
import { JSON_BODY_LIMIT_BYTES, JSON_MAX_DEPTH } from '../http/json-body.js';
import { documentBodyRules } from './body-rules.js';
import { documentExamples } from './examples.js';

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

/** Where the document and its viewer are served; see openapi.routes.ts. */
export const OPENAPI_JSON_PATH = api.docs.openApiDocument.path;
export const OPENAPI_DOCS_PATH = api.docs.page.path;

const BEARER = 'bearerAuth';
/** Issue 36: a person's API token, also a Bearer. */
const API_TOKEN = 'apiToken';

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
 * What a component's zod schema can't say by itself. UpdateUserBody: a body that has `password`
 * is checked as UpdateUserWithPasswordBody (updateUserSchemaFor), so it never passes as this one.
 */
const COMPONENT_RULES: Record<string, Record<string, unknown>> = {
  UpdateUserBody: { not: { required: ['password'] } },
};

/** Both statuses that ask the client to come back later say when. */
const retryAfterHeader = z.object({
  'Retry-After': z.string().describe('Seconds to wait before trying again'),
});

const TAGS: { name: Tag; description: string }[] = [
  { name: 'auth', description: 'Sign in and out (JWT bearer tokens)' },
  {
    name: 'account',
    description: 'Each person’s own account: profile, sessions, reset and confirmation links',
  },
  { name: 'captcha', description: 'Self-hosted ALTCHA proof-of-work challenges for the login' },
  { name: 'users', description: 'Users and their roles' },
  { name: 'requests', description: 'Requests ("form-contact") of the board' },
  { name: 'settings', description: 'Product settings (admin) and each user’s own preferences' },
  { name: 'audit', description: 'The audit log: who did what, when and from where (admin)' },
  { name: 'operations', description: 'Liveness, readiness and this documentation' },
];

const DEFAULT_ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'Invalid input; `errors` lists each field with its message',
  401: 'No bearer token, or one that expired, was logged out or predates a password change',
  403: 'The caller is not a system admin',
  404: 'Not found',
  409: 'Conflict',
  413: API_MESSAGES.bodyTooLarge(JSON_BODY_LIMIT_BYTES / 1024),
  415: API_MESSAGES.bodyEncodingNotAccepted,
  429: API_MESSAGES.tooManyLoginAttempts,
  503: 'The database is not reachable (or the server is busy); try again after `Retry-After`',
};

/** What every route that takes a body refuses besides its schema's own rules (json-body.ts). */
const BODY_RULES =
  `. Any body: ${API_MESSAGES.operatorNotAllowed} (400, anywhere in the body); ` +
  `${API_MESSAGES.bodyTooDeep(JSON_MAX_DEPTH)} (400); ${API_MESSAGES.malformedJson} (400)`;

const json = (schema: z.ZodType, mediaType = 'application/json') => ({ [mediaType]: { schema } });

/** Bytes, not JSON: a `rawBody` upload (each of its media types) and an image answer. */
const binary = { type: 'string', format: 'binary' } as const;
const bytesIn = (mediaTypes: readonly string[]) =>
  Object.fromEntries(mediaTypes.map((mediaType) => [mediaType, { schema: binary }]));

function errorResponses(operation: EndpointDeclaration): Record<string, ResponseConfig> {
  const statuses: Partial<Record<ErrorStatus, string>> = {};
  if (operation.access !== 'public') statuses[401] = DEFAULT_ERROR_DESCRIPTIONS[401];
  if (operation.access === 'admin') statuses[403] = DEFAULT_ERROR_DESCRIPTIONS[403];
  if (operation.database ?? true) statuses[503] = DEFAULT_ERROR_DESCRIPTIONS[503];
  Object.assign(statuses, operation.errors);
  if (operation.params) statuses[400] ??= API_MESSAGES.invalidId;
  // A query is checked strictly: a bad value or an unknown parameter is a 400 on it.
  if (operation.query) statuses[400] ??= DEFAULT_ERROR_DESCRIPTIONS[400];
  if (operation.body) {
    statuses[400] = (statuses[400] ?? DEFAULT_ERROR_DESCRIPTIONS[400]) + BODY_RULES;
    statuses[413] = DEFAULT_ERROR_DESCRIPTIONS[413];
    statuses[415] = DEFAULT_ERROR_DESCRIPTIONS[415];
  }

  // An endpoint's own 503 (no mail server) has nothing to wait for: Retry-After only may come.
  const own503 = operation.errors?.[503];
  const retryAfterOn503 =
    own503 && own503 !== API_MESSAGES.databaseUnavailable
      ? retryAfterHeader.partial()
      : retryAfterHeader;
  const responses: Record<string, ResponseConfig> = {};
  for (const [status, description] of Object.entries(statuses)) {
    responses[status] = {
      description,
      content: json(errorBodySchema),
      ...(status === '429' ? { headers: retryAfterHeader } : {}),
      ...(status === '503' ? { headers: retryAfterOn503 } : {}),
    };
  }
  return responses;
}

/** The API token scopes that may call an endpoint (issue 36); a `leads` token, only the intake. */
const apiTokenScopesOf = (endpoint: EndpointDeclaration) =>
  endpoint.method === 'get' ? ['read'] : endpoint.leadsScope ? ['write', 'leads'] : ['write'];

function toRouteConfig(endpoint: EndpointDeclaration): RouteConfig {
  const words = docsOf(endpoint);
  return {
    method: endpoint.method,
    path: openApiPathOf(endpoint),
    tags: [endpoint.tag],
    summary: words.summary,
    ...(words.description ? { description: words.description } : {}),
    ...(endpoint.access === 'public'
      ? {}
      : {
          // Either scheme: a session's token, or an API token within its scope, except where the
          // account itself changes (`sessionOnly`) and, for a `read` token, beyond GET.
          security: endpoint.sessionOnly
            ? [{ [BEARER]: [] }]
            : [{ [BEARER]: [] }, { [API_TOKEN]: apiTokenScopesOf(endpoint) }],
        }),
    ...(endpoint.access === 'admin' ? { 'x-required-role': 'system admin' } : {}),
    request: {
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { query: endpoint.query } : {}),
      ...(endpoint.body ? { body: { required: true, content: json(endpoint.body) } } : {}),
      ...(endpoint.rawBody
        ? { body: { required: true, content: bytesIn(endpoint.rawBody.mediaTypes) } }
        : {}),
    },
    responses: {
      [endpoint.status]: {
        description: words.responseDescription,
        content: {
          ...(endpoint.responseMediaType === 'image/webp'
            ? bytesIn([endpoint.responseMediaType])
            : json(endpoint.response, endpoint.responseMediaType)),
          ...bytesIn(endpoint.alsoAnswers ?? []),
        },
      },
      ...(words.redirect
        ? { 301: { description: words.redirect, headers: z.object({ Location: z.string() }) } }
        : {}),
      ...errorResponses(endpoint),
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
  registry.registerComponent('securitySchemes', API_TOKEN, {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'crm_…',
    description:
      'An API token made in Perfil → "Tokens de API" (POST /api/me/tokens), scope `read` (GET ' +
      'only), `write`, or `leads` (POST /api/leads only); its owner’s rights, never the account ' +
      'itself. A recipe: docs/api-tokens.md',
  });
  for (const endpoint of endpoints) registry.registerPath(toRouteConfig(endpoint));

  const generator = new OpenApiGeneratorV31([
    ...registry.definitions,
    // Listed so each is a component even where only nested (FieldError) or unused.
    ...Object.values(COMPONENTS),
  ]);
  const generated = generator.generateDocument({
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
  const schemas = generated.components?.schemas ?? {};
  for (const [name, rules] of Object.entries(COMPONENT_RULES))
    Object.assign(schemas[name] ?? {}, rules);
  documentBodyRules(generated);
  documentExamples(generated);
  return generated;
}

let document: OpenApiDocument | undefined;

/** The document is static: built on first use, then the same object every time. */
export function openApiDocument(): OpenApiDocument {
  document ??= buildDocument();
  return document;
}
