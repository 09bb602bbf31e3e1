import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app.js';
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
  let testApp: TestApp;
  const webDir = fakeWebDir({ 'embed.js': 'console.log("embed")' });

  beforeAll(async () => {
    testApp = await startTestApp({ webDir: webDir.dir });
  });
  afterAll(async () => {
    await testApp.close();
    webDir.remove();
  });

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
    expect(EMBEDDABLE_PATHS).toEqual(expect.arrayContaining(['/form', '/embed.js']));
    for (const url of ['/form', '/form/', '/form/abc', '/embed.js']) {
      const res = await request(testApp.app).get(url).set('Accept', 'text/html');
      expect(res.status, url).toBe(200);
      expect(res.headers['content-security-policy'], url).toBe(EMBEDDABLE_CSP);
      expect(res.headers['x-frame-options'], url).toBeUndefined();
      expect(res.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
    // Only those paths: a look-alike stays unframeable.
    for (const url of ['/formx', '/forms/1', '/embed.jsx', '/main/form']) {
      expect(isEmbeddable(url), url).toBe(false);
      const res = await request(testApp.app).get(url).set('Accept', 'text/html');
      expect(res.headers['content-security-policy'], url).toBe(APP_CSP);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
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
