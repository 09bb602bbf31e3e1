import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { fakeWebDir } from '../test/web-dir.js';

describe('the web app served by the API (npm start)', () => {
  let testApp: TestApp;
  const webDir = fakeWebDir({
    // As a build with source maps would leave them (the full source of the app).
    'assets/index-abc123.js.map': '{"sources":["secret.ts"]}',
    'app.js.map': '{"sources":["secret.ts"]}',
    'favicon.svg': '<svg/>',
  });

  beforeAll(async () => {
    testApp = await startTestApp({ webDir: webDir.dir });
  });
  afterAll(async () => {
    await testApp.close();
    webDir.remove();
  });

  it('serves index.html at / and never lets it be cached', async () => {
    const res = await request(testApp.app).get('/').set('Accept', 'text/html');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers a deep link such as /main/requests with the app (SPA fallback)', async () => {
    const res = await request(testApp.app).get('/main/requests').set('Accept', 'text/html');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root">');
  });

  it('serves hashed assets with a long cache and 404s a missing one', async () => {
    const asset = await request(testApp.app).get('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await request(testApp.app).get('/assets/missing.js');
    expect(missing.status).toBe(404);
  });

  it('never serves source maps, even if a build left some in WEB_DIR', async () => {
    for (const url of ['/assets/index-abc123.js.map', '/app.js.map', '/assets/missing.js.map']) {
      const res = await request(testApp.app).get(url).set('Accept', 'text/html,*/*');
      expect(res.status, url).toBe(404);
      expect(res.text, url).not.toContain('secret.ts');
      expect(res.text, url).not.toContain('<div id="root">');
    }
  });

  it('keeps /api answers as JSON, including unknown API paths', async () => {
    const health = await request(testApp.app).get('/api/health');
    expect(health.body).toEqual({ status: 'ok' });
    const unknown = await request(testApp.app).get('/api/nope').set('Accept', 'text/html');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Not found');
  });
});
