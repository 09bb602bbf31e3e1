import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express, { type RequestHandler } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  altchaChallengeSchema,
  EMAIL_LOOKUP_PATTERN,
  PADDED_EMAIL_PATTERN,
  PASSWORD_PATTERN,
  endpoints,
  openApiPathOf,
} from '@crm/shared';
import { bearer, startTestApp, type TestApp, tokenFor, useTestApp } from '../test/test-app.js';
import { listEndpoints, type Endpoint } from './express-routes.js';
import {
  OPENAPI_DOCS_PATH,
  OPENAPI_JSON_PATH,
  openApiDocument,
  type OpenApiDocument,
} from './openapi-document.js';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

function documentedEndpoints(doc: OpenApiDocument): Endpoint[] {
  const out: Endpoint[] = [];
  for (const [docPath, item] of Object.entries(doc.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      if (item[method]) out.push(`${method.toUpperCase()} ${docPath}`);
    }
  }
  return out.sort();
}

/**
 * Both directions: a route of the app the document lacks (or has under another method), and
 * an operation of the document the app does not answer. /api/openapi.json and /api/docs are
 * real routes (openapi.routes.ts) and documented, so they need no exclusion; the Swagger UI
 * assets under /api/docs/ are static-file middleware, which is not a route and is not listed.
 */
function compareEndpoints(app: Endpoint[], documented: Endpoint[]) {
  return {
    undocumented: app.filter((endpoint) => !documented.includes(endpoint)),
    notInApp: documented.filter((endpoint) => !app.includes(endpoint)),
  };
}

const packageVersion = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

const t = useTestApp();

describe('the OpenAPI document covers the Express app', () => {
  it('documents every route of the app under its method, and nothing the app lacks', () => {
    const app = listEndpoints(t.app);
    expect(compareEndpoints(app, documentedEndpoints(openApiDocument()))).toEqual({
      undocumented: [],
      notInApp: [],
    });
  });

  it('reads the real app: nested routers with their full /api paths, no automatic HEAD', () => {
    const app = listEndpoints(t.app);
    expect(app).toEqual(
      expect.arrayContaining<Endpoint>([
        'GET /api/health',
        'GET /api/ready',
        'GET /api/captcha/challenge',
        'POST /api/user/login',
        'PUT /api/user/update/{id}',
        'DELETE /api/form-contact/delete/{id}',
        `GET ${OPENAPI_JSON_PATH}`,
        `GET ${OPENAPI_DOCS_PATH}`,
      ]),
    );
    expect(app.filter((endpoint) => endpoint.startsWith('HEAD '))).toEqual([]);
  });

  it('catches a route missing from the document, one under another method, and an extra one', () => {
    const doc = structuredClone(openApiDocument());
    const paths = doc.paths ?? {};
    delete paths['/api/user/all'];
    const update = paths['/api/user/update/{id}'];
    if (!update) throw new Error('the document lacks PUT /api/user/update/{id}');
    update.post = update.put;
    delete update.put;
    paths['/api/user/nothing'] = { get: { responses: {} } };

    expect(compareEndpoints(listEndpoints(t.app), documentedEndpoints(doc))).toEqual({
      undocumented: ['GET /api/user/all', 'PUT /api/user/update/{id}'],
      notInApp: ['GET /api/user/nothing', 'POST /api/user/update/{id}'],
    });
  });

  it('joins mount paths of nested routers and array paths, and refuses .all()', () => {
    const handler: RequestHandler = (_req, res) => {
      res.end();
    };
    const inner = express.Router();
    inner.get('/items/:itemId', handler);
    inner.post(['/a', '/b'], handler);
    const outer = express.Router();
    outer.use('/inner/', inner);
    outer.delete('/', handler);
    const app = express();
    app.use('/v1', outer);
    app.use(express.static(tmpdir()));
    expect(listEndpoints(app)).toEqual([
      'DELETE /v1',
      'GET /v1/inner/items/{itemId}',
      'POST /v1/inner/a',
      'POST /v1/inner/b',
    ]);

    // A router's .all() matches any method, which no list of operations can state; an app's
    // .all() registers every method one by one, so those would each show as undocumented.
    const anyMethod = express.Router();
    anyMethod.all('/anything', handler);
    const withAll = express();
    withAll.use(anyMethod);
    expect(() => listEndpoints(withAll)).toThrow(/\.all\(\)/);
  });
});

describe('GET /api/openapi.json', () => {
  it('answers the OpenAPI 3.1 document as JSON, built once', async () => {
    const res = await request(t.app).get(OPENAPI_JSON_PATH);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.openapi).toMatch(/^3\.1\./);
    expect(res.body.info).toMatchObject({ title: 'CRM API', version: packageVersion });
    expect(res.body).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
    expect(openApiDocument()).toBe(openApiDocument());
  });

  it('describes the login body and the request as the shared schemas define them', () => {
    const schemas = openApiDocument().components?.schemas ?? {};
    expect(schemas.LoginBody).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['email', 'password', 'altcha']),
    });
    expect(schemas.Request).toMatchObject({
      properties: { version: { type: 'integer', minimum: 0 } },
      required: expect.arrayContaining(['_id', 'version', 'status']),
    });
    expect(JSON.stringify(schemas.CreateUserBody)).not.toContain('"format":"email"');
    expect(schemas.UpdateRequestBody).toMatchObject({
      required: expect.arrayContaining(['version']),
    });
    const login = openApiDocument().paths?.['/api/user/login']?.post;
    expect(login?.requestBody).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/LoginBody' } } },
    });
  });

  it('carries the limits and rules the server enforces: lengths, email and password rules, 413', () => {
    const schemas = openApiDocument().components?.schemas ?? {};
    expect(schemas.LoginBody).toMatchObject({
      properties: {
        email: { type: 'string', maxLength: 254, pattern: EMAIL_LOOKUP_PATTERN.source },
        password: { maxLength: 128 },
        altcha: { maxLength: 10_000 },
      },
    });
    expect(schemas.CreateUserBody).toMatchObject({
      properties: {
        // The §5 rule, blanks around it allowed (trimmed); no `format: email` (RFC 5322 is not it).
        email: { maxLength: 254, pattern: PADDED_EMAIL_PATTERN.source },
        password: { maxLength: 128, pattern: PASSWORD_PATTERN.source },
        name: { maxLength: 100 },
      },
    });
    expect(schemas.UpdateRequestBody).toMatchObject({
      properties: {
        notes: { maxItems: 100, items: { maxLength: 2000 } },
        name: { maxLength: 100 },
      },
    });
    for (const [docPath, item] of Object.entries(openApiDocument().paths ?? {})) {
      for (const method of HTTP_METHODS) {
        const operation = item[method];
        if (!operation?.requestBody) continue;
        const where = `${method} ${docPath}`;
        // A body of bytes (the photo) has limits of its own and no JSON rules: tested below.
        if (!JSON.stringify(operation.requestBody).includes('"application/json"')) continue;
        expect(operation.responses?.['413'], where).toMatchObject({
          description: 'Request body too large (at most 256 KB)',
        });
        expect(operation.responses?.['415'], where).toBeDefined();
        expect(operation.responses?.['400']?.description, where).toContain(
          'Keys starting with "$" or containing "." are not allowed',
        );
      }
    }
  });

  it('documents the photo upload as bytes of its image types, with its own 413 and 415, and the photo as WebP', () => {
    const paths = openApiDocument().paths ?? {};
    const binary = { schema: { type: 'string', format: 'binary' } };
    const upload = paths['/api/me/photo']?.put;
    expect(upload?.requestBody).toEqual({
      required: true,
      content: { 'image/png': binary, 'image/jpeg': binary, 'image/webp': binary },
    });
    expect(upload?.responses).toMatchObject({
      '413': { description: ACCOUNT_MESSAGES.photoTooLarge },
      '415': { description: ACCOUNT_MESSAGES.photoNotImage },
    });
    expect(paths['/api/photos/{file}']?.get?.responses?.['200']).toMatchObject({
      content: { 'image/webp': binary },
    });
  });

  it('gives every operation a summary, a tag, a success and ErrorBody errors; bearer where needed', () => {
    const doc = openApiDocument();
    expect(doc.components?.securitySchemes?.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    const tags = new Set([
      'auth',
      'account',
      'captcha',
      'users',
      'requests',
      'settings',
      'operations',
      'audit',
    ]);
    const publicEndpoints = new Set([
      'GET /api/health',
      'GET /api/ready',
      'GET /api/captcha/challenge',
      'POST /api/user/login',
      'POST /api/user/login/two-factor',
      'POST /api/account/forgot-password',
      'POST /api/account/token',
      'POST /api/account/set-password',
      'POST /api/account/confirm-email',
      'POST /api/form-contact/create',
      'GET /api/calendar/{secret}.ics',
      'GET /api/photos/{file}',
      `GET ${OPENAPI_JSON_PATH}`,
      `GET ${OPENAPI_DOCS_PATH}`,
    ]);
    for (const [docPath, item] of Object.entries(doc.paths ?? {})) {
      for (const method of HTTP_METHODS) {
        const operation = item[method];
        if (!operation) continue;
        const name = `${method.toUpperCase()} ${docPath}`;
        expect(operation.summary, name).toBeTruthy();
        expect(operation.tags?.length, name).toBe(1);
        expect(tags.has(operation.tags?.[0] ?? ''), name).toBe(true);
        const statuses = Object.keys(operation.responses ?? {});
        expect(
          statuses.some((status) => /^2\d\d$/.test(status)),
          name,
        ).toBe(true);
        for (const status of statuses.filter((s) => /^[45]\d\d$/.test(s))) {
          expect(operation.responses?.[status], `${name} ${status}`).toMatchObject({
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
          });
        }
        if (publicEndpoints.has(name)) {
          expect(operation.security, name).toBeUndefined();
        } else {
          // A session's token always; an API token too (issue 36) except where the account
          // itself changes, a `read` one for GET only, a `leads` one for the lead intake only.
          const declared = endpoints.find(
            (endpoint) => endpoint.method === method && openApiPathOf(endpoint) === docPath,
          );
          expect(operation.security?.[0], name).toEqual({ bearerAuth: [] });
          expect(operation.security?.slice(1), name).toEqual(
            declared?.sessionOnly
              ? []
              : [
                  {
                    apiToken:
                      method === 'get'
                        ? ['read']
                        : declared?.leadsScope
                          ? ['write', 'leads']
                          : ['write'],
                  },
                ],
          );
          expect(statuses, name).toContain('401');
        }
      }
    }
    expect(doc.paths?.['/api/user/delete/{id}']?.delete?.responses).toHaveProperty('403');
    expect(doc.paths?.['/api/ready']?.get?.responses).toHaveProperty('503');
  });

  // Schemathesis (issue 32) found each of these: an answer the server gives that the document
  // did not declare, or a header it declared and the server does not send.
  it('declares the statuses, media types and headers the export and the change of email answer', async () => {
    const doc = openApiDocument();
    const { token } = await tokenFor(t, 'vendor');

    await request(t.app).get('/api/form-contact/export?color=red').set(bearer(token)).expect(400);
    for (const [docPath, item] of Object.entries(doc.paths ?? {})) {
      for (const method of HTTP_METHODS) {
        const operation = item[method];
        const takesQuery = operation?.parameters?.some((p) => 'in' in p && p.in === 'query');
        if (takesQuery) expect(operation?.responses, `${method} ${docPath}`).toHaveProperty('400');
      }
    }

    const exported = doc.paths?.['/api/form-contact/export']?.get?.responses?.['200'];
    for (const format of ['csv', 'xlsx']) {
      const res = await request(t.app)
        .get(`/api/form-contact/export?format=${format}`)
        .set(bearer(token))
        .expect(200);
      const mediaType = String(res.headers['content-type']).split(';')[0] ?? '';
      expect(exported, format).toHaveProperty(['content', mediaType]);
    }

    // No mail server in the tests: a 503 with nothing to wait for.
    const mail = await request(t.app)
      .post('/api/me/email')
      .set(bearer(token))
      .send({ newEmail: 'nueva@example.com', currentPassword: 'Cualquiera.1' })
      .expect(503);
    expect(mail.headers['retry-after']).toBeUndefined();
    expect(doc.paths?.['/api/me/email']?.post?.responses?.['503']).not.toHaveProperty(
      ['headers', 'Retry-After', 'required'],
      true,
    );
  });

  it('describes the captcha challenge the app really answers', async () => {
    const res = await request(t.app).get('/api/captcha/challenge').expect(200);
    expect(altchaChallengeSchema.safeParse(res.body).success).toBe(true);
  });
});

/** The `src`/`href` of the page's scripts, stylesheets and icons. */
function assetUrls(html: string): string[] {
  return [...html.matchAll(/(?:src|href)=["']([^"']+)["']/g)].map((match) => match[1] ?? '');
}

describe('Swagger UI at /api/docs', () => {
  it('redirects /api/docs to /api/docs/, where the relative asset URLs resolve', async () => {
    const res = await request(t.app).get(OPENAPI_DOCS_PATH);
    expect(res.status).toBe(301);
    expect(new URL(res.headers.location ?? '', 'http://host/api/docs').pathname).toBe('/api/docs/');
  });

  it('serves the page and every asset it references, with the right content types', async () => {
    const page = await request(t.app).get(`${OPENAPI_DOCS_PATH}/`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const assets = assetUrls(page.text).map(
      (url) => new URL(url, 'http://host/api/docs/').pathname,
    );
    expect(assets).toEqual(
      expect.arrayContaining([
        '/api/docs/swagger-ui.css',
        '/api/docs/swagger-ui-bundle.js',
        '/api/docs/swagger-ui-standalone-preset.js',
        '/api/docs/swagger-ui-init.js',
      ]),
    );
    for (const asset of assets) {
      const res = await request(t.app).get(asset);
      expect(res.status, asset).toBe(200);
      if (asset.endsWith('.js')) {
        expect(res.headers['content-type'], asset).toMatch(/javascript/);
      }
      if (asset.endsWith('.css')) expect(res.headers['content-type'], asset).toMatch(/^text\/css/);
    }
  });

  it('points the UI at /api/openapi.json', async () => {
    const init = await request(t.app).get(`${OPENAPI_DOCS_PATH}/swagger-ui-init.js`).expect(200);
    const match = /"swaggerUrl":\s*"([^"]+)"/.exec(init.text);
    expect(match?.[1]).toBeDefined();
    expect(new URL(match?.[1] ?? '', 'http://host/api/docs/').pathname).toBe(OPENAPI_JSON_PATH);
  });

  it('answers an unknown file under /api/docs/ with the API 404', async () => {
    const res = await request(t.app).get(`${OPENAPI_DOCS_PATH}/nothing-here.js`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found' });
  });

  describe('next to the web app (WEB_DIR)', () => {
    let withWeb: TestApp;
    let webDir: string;
    beforeAll(async () => {
      webDir = mkdtempSync(path.join(tmpdir(), 'crm-web-'));
      writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
      withWeb = await startTestApp({ webDir });
    });
    afterAll(async () => {
      await withWeb.close();
      rmSync(webDir, { recursive: true, force: true });
    });

    it('is never answered with the SPA', async () => {
      for (const url of [OPENAPI_DOCS_PATH, `${OPENAPI_DOCS_PATH}/`, OPENAPI_JSON_PATH]) {
        const res = await request(withWeb.app).get(url).set('Accept', 'text/html');
        expect(res.text, url).not.toContain('<div id="root">');
      }
      const page = await request(withWeb.app)
        .get(`${OPENAPI_DOCS_PATH}/`)
        .set('Accept', 'text/html');
      expect(page.text).toContain('swagger-ui-bundle.js');
    });
  });
});
