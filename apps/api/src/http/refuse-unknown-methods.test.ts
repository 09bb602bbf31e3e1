import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { API_MESSAGES, endpoints, type EndpointDeclaration } from '@crm/shared';
import { UNKNOWN_ID, useTestApp, type TestApp } from '../test/test-app.js';
import { allowedMethods } from './refuse-unknown-methods.js';

/** A concrete URL of a declared path: each `:param` filled with a value of the right form. */
const urlOf = (endpoint: EndpointDeclaration) =>
  endpoint.path.replace(/:(\w+)/g, (_match, name: string) => (name === 'index' ? '0' : UNKNOWN_ID));

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];
const send = (t: TestApp, method: Method, url: string) => {
  const agent = request(t.app);
  const call = {
    GET: () => agent.get(url),
    POST: () => agent.post(url),
    PUT: () => agent.put(url),
    PATCH: () => agent.patch(url),
    DELETE: () => agent.delete(url),
  }[method];
  return call();
};

/** Expects the answer to `call` to have `status` and this Allow header (`undefined`: none). */
async function expectAnswer(
  call: PromiseLike<request.Response>,
  status: number,
  allow: string | undefined,
) {
  const res = await call;
  expect({ status: res.status, allow: res.headers.allow }).toStrictEqual({ status, allow });
}

describe('a known path with a method it does not declare', () => {
  const t = useTestApp();

  it.each([
    ['DELETE', '/api/health', 'GET, HEAD, OPTIONS'],
    ['POST', '/api/ready', 'GET, HEAD, OPTIONS'],
    ['PUT', '/api/user/all', 'GET, HEAD, OPTIONS'],
    ['GET', '/api/user/login', 'POST, OPTIONS'],
    ['DELETE', `/api/user/update/${UNKNOWN_ID}`, 'PUT, OPTIONS'],
    ['PATCH', `/api/form-contact/${UNKNOWN_ID}/notes/3`, 'PUT, OPTIONS'],
  ] as const)('when %s %s, then 405 with Allow: %s', async (method, url, allow) => {
    const res = await send(t, method, url);
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe(allow);
    expect(res.body).toEqual({ message: API_MESSAGES.methodNotAllowed });
  });

  it('when TRACE reaches a known path, then its Allow is that path’s methods', async () => {
    await expectAnswer(request(t.app).trace('/api/health'), 405, 'GET, HEAD, OPTIONS');
  });

  it('when a concrete path is also matched by a template, then its own methods win (GET of crm-create is 405, not a read of request "crm-create")', async () => {
    await expectAnswer(request(t.app).get('/api/form-contact/crm-create'), 405, 'POST, OPTIONS');
    await expectAnswer(request(t.app).delete('/api/form-contact/board'), 405, 'GET, HEAD, OPTIONS');
  });

  it('when a plain OPTIONS (no CORS preflight) reaches a declared path, then 204 with its Allow', async () => {
    await expectAnswer(request(t.app).options('/api/form-contact/create'), 204, 'POST, OPTIONS');
    const one = request(t.app).options(`/api/form-contact/${UNKNOWN_ID}`);
    await expectAnswer(one, 204, 'GET, HEAD, OPTIONS');
  });

  it('when the path is unknown, then still 404', async () => {
    await expectAnswer(request(t.app).delete('/api/nope'), 404, undefined);
  });

  it('when every declared path of the contract is called with each method it does not answer, then 405 with its Allow', async () => {
    let checked = 0;
    for (const endpoint of endpoints) {
      const url = urlOf(endpoint);
      const allow = allowedMethods(url);
      expect(allow, url).toContain(endpoint.method.toUpperCase());
      expect(allow, url).toContain('OPTIONS');
      if (endpoint.method === 'get') expect(allow, url).toContain('HEAD');
      for (const method of METHODS.filter((m) => !allow?.includes(m))) {
        const res = await send(t, method, url);
        expect(res.status, `${method} ${url}`).toBe(405);
        expect(res.headers.allow, `${method} ${url}`).toBe(allow?.join(', '));
        checked += 1;
      }
    }
    // Five methods over every path, less those declared: no path answers all five.
    expect(checked).toBeGreaterThanOrEqual(endpoints.length);
  });
});
