import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { fakeWebDir } from '../test/web-dir.js';

// /form and /embed.js as the API serves them with the built web app (WEB_DIR): other sites may
// frame the one and load the other; every other page still refuses to be framed.

describe('GET /form and /embed.js', () => {
  let t: TestApp;
  let web: ReturnType<typeof fakeWebDir>;
  beforeAll(async () => {
    web = fakeWebDir({
      'form.html': '<!doctype html><main id="lead-form"></main>',
      'embed.js': '(function(){})();',
    });
    t = await startTestApp({ webDir: web.dir });
  });
  afterAll(async () => {
    await t.close();
    web.remove();
  });

  it('when a site frames /form, then it gets the form page, frameable and never cached', async () => {
    const res = await request(t.app).get('/form').set('Accept', 'text/html').expect(200);
    expect(res.text).toContain('id="lead-form"');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).not.toContain('frame-ancestors');
    expect(res.headers['x-frame-options']).toBeUndefined();
  });

  it('when a site loads /embed.js, then it is served cross-origin', async () => {
    const res = await request(t.app).get('/embed.js').expect(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('when another page is framed, then it is still refused', async () => {
    const res = await request(t.app).get('/login').set('Accept', 'text/html').expect(200);
    expect(res.text).toContain('id="root"');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
