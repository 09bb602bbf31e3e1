import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { addUser, bearer, login, tokenFor, UNKNOWN_ID, useTestApp } from '../test/test-app.js';
import { fakeWebDir } from '../test/web-dir.js';
import { EMBEDDABLE_PATHS, isEmbeddable, TLS_ONLY_HEADERS } from './security-headers.js';

/**
 * The policy, spelled out: a change to it should be a deliberate edit here too. No
 * 'unsafe-inline' / 'unsafe-eval' for scripts; blob: workers for ALTCHA's proof-of-work.
 */
const APP_CSP =
  "default-src 'self';base-uri 'self';script-src 'self';script-src-attr 'none';" +
  "style-src 'self' 'unsafe-inline';img-src 'self' data:;font-src 'self' data:;" +
  "connect-src 'self';worker-src 'self' blob:;object-src 'none';form-action 'self';" +
  "frame-ancestors 'none'";
const EMBEDDABLE_CSP = APP_CSP.replace(";frame-ancestors 'none'", '');

describe('browser security headers', () => {
  const webDir = fakeWebDir({
    'embed.js': 'console.log("embed")',
    'form.html': '<!doctype html><main id="lead-form"></main>',
  });
  const testApp = useTestApp({ webDir: webDir.dir });
  afterAll(() => webDir.remove());

  it('the app page gets the CSP, nosniff, a referrer policy and may not be framed', async () => {
    const res = await request(testApp.app).get('/main/requests').set('Accept', 'text/html');
    expect(res.status).toBe(200);
    expect(res.headers['content-security-policy']).toBe(APP_CSP);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('assets and API answers carry them too', async () => {
    for (const url of ['/assets/index-abc123.js', '/api/health', '/api/nope']) {
      const res = await request(testApp.app).get(url);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['content-security-policy'], url).toBe(APP_CSP);
    }
  });

  it('Swagger UI works under the same policy: no inline script, no third-party validator badge', async () => {
    const page = await request(testApp.app).get('/api/docs/');
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toBe(APP_CSP);
    // Every <script> has a src (same origin): an inline one would be blocked by script-src.
    const scripts = page.text.match(/<script[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toMatch(/src=["']\.\//);
    const init = await request(testApp.app).get('/api/docs/swagger-ui-init.js');
    expect(init.text).toMatch(/"validatorUrl":\s*null/);
  });

  it('/form and /embed.js (EMBEDDABLE_PATHS) may be framed or loaded by other sites', async () => {
    expect(EMBEDDABLE_PATHS).toEqual(['/form', '/form/', '/embed.js']);
    for (const url of ['/form', '/form/', '/form?lang=es', '/embed.js']) {
      const res = await request(testApp.app).get(url).set('Accept', 'text/html');
      expect(res.status, url).toBe(200);
      expect(res.headers['content-security-policy'], url).toBe(EMBEDDABLE_CSP);
      expect(res.headers['x-frame-options'], url).toBeUndefined();
      expect(res.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
    // Only those paths: a look-alike, or a path below them, stays unframeable.
    for (const url of [
      '/formx',
      '/forms/1',
      '/embed.jsx',
      '/main/form',
      '/form/x',
      '/embed.js/x',
    ]) {
      expect(isEmbeddable(url), url).toBe(false);
      const res = await request(testApp.app).get(url).set('Accept', 'text/html');
      expect(res.headers['content-security-policy'], url).toBe(APP_CSP);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it("when another origin frames any staff route, then the browser is told to refuse it (frame-ancestors 'none' and X-Frame-Options DENY)", async () => {
    // Every page of the web app (apps/web/src/app/routes.tsx and authenticated-app.tsx), the
    // client router's fallbacks, paths under the embeddable ones that once served the app
    // without those headers (issue 18: /form/x framed a signed-in admin's board), and the form
    // page under its file name (frameable only as /form).
    const staffRoutes = [
      '/',
      '/login',
      '/main',
      '/main/home',
      '/main/profile',
      '/main/requests',
      '/main/requests/0123456789abcdef01234567',
      '/main/users',
      '/main/unknown',
      '/anything',
      '/index.html',
      '/form/x',
      '/form/main/requests',
      '/FORM/x',
      '/form/%2e%2e/main/requests',
      '/form//main',
      '/embed.js/main/requests',
      '/form.html',
    ];
    for (const url of staffRoutes) {
      const res = await request(testApp.app)
        .get(url)
        .set('Accept', 'text/html')
        .set('Sec-Fetch-Dest', 'iframe')
        .set('Sec-Fetch-Site', 'cross-site')
        .set('Referer', 'https://evil.example/page');
      expect(res.headers['content-security-policy'], url).toBe(APP_CSP);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
  });

  it('when /form/<anything> is asked for, then it is a 404, never the staff app', async () => {
    for (const url of ['/form/x', '/form/main/requests', '/FORM/x', '/form//main']) {
      const res = await request(testApp.app).get(url).set('Accept', 'text/html');
      expect(res.status, url).toBe(404);
      expect(res.text, url).not.toContain('id="root"');
    }
    for (const url of ['/form', '/form/']) {
      const res = await request(testApp.app).get(url).set('Accept', 'text/html');
      expect(res.status, url).toBe(200);
      expect(res.text, url).toContain('id="lead-form"');
    }
  });

  it('HSTS (and COOP, Origin-Agent-Cluster) only over TLS: req.secure, from X-Forwarded-Proto behind a trusted proxy', async () => {
    const tlsOnly = [
      'strict-transport-security',
      'cross-origin-opener-policy',
      'origin-agent-cluster',
    ];
    expect(
      Object.keys(TLS_ONLY_HEADERS)
        .map((name) => name.toLowerCase())
        .sort(),
    ).toEqual([...tlsOnly].sort());
    const expectNone = (res: request.Response) => {
      for (const name of tlsOnly) expect(res.headers[name], name).toBeUndefined();
    };
    expectNone(await request(testApp.app).get('/').set('Accept', 'text/html'));
    // Not trusted (TRUST_PROXY unset): a client's own header does not make the call "secure".
    expectNone(
      await request(testApp.app)
        .get('/')
        .set('Accept', 'text/html')
        .set('X-Forwarded-Proto', 'https'),
    );

    testApp.app.set('trust proxy', 'loopback');
    try {
      const viaTls = await request(testApp.app)
        .get('/')
        .set('Accept', 'text/html')
        .set('X-Forwarded-Proto', 'https');
      expect(viaTls.headers['strict-transport-security']).toBe('max-age=31536000');
      expect(viaTls.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(viaTls.headers['origin-agent-cluster']).toBe('?1');
      expectNone(
        await request(testApp.app)
          .get('/')
          .set('Accept', 'text/html')
          .set('X-Forwarded-Proto', 'http'),
      );
    } finally {
      testApp.app.set('trust proxy', testApp.ctx.config.trustProxy);
    }
  });
});

describe('Cache-Control of API answers', () => {
  const testApp = useTestApp();

  it('when a signed-in call is answered, success or error, then the answer is Cache-Control: no-store', async () => {
    const { token } = await tokenFor(testApp, 'vendor');
    const agent = request(testApp.app);
    const calls = {
      'GET /api/user/all': agent.get('/api/user/all'),
      'GET /api/form-contact/board': agent.get('/api/form-contact/board'),
      'GET /api/form-contact/:id': agent.get(`/api/form-contact/${UNKNOWN_ID}`),
      'DELETE /api/user/delete/:id': agent.delete(`/api/user/delete/${UNKNOWN_ID}`),
    };
    const statuses: Record<string, number> = {};
    for (const [name, call] of Object.entries(calls)) {
      const res = await call.set(bearer(token));
      statuses[name] = res.status;
      expect(res.headers['cache-control'], name).toBe('no-store');
    }
    expect(Object.values(statuses)).toEqual([200, 200, 404, 403]);
  });

  it('when the sign-in answers with a token, then it is Cache-Control: no-store', async () => {
    const user = await addUser(testApp.ctx, 'driver');
    const res = await login(testApp.app, user.email);
    expect(res.status).toBe(200);
    expect(res.body).toHaveProperty('token');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
