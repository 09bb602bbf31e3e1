import { ADMIN_ROLE, API_MESSAGES, LOGIN_MESSAGES, api, endpoints } from '@crm/shared';
import type { ContractCase } from './client.js';
import { PASSWORD, fieldError, newUser, placeholderParams, uniqueEmail } from './fixtures.js';

/** Signing in and out, and who may call what (§6). */
export const authContractCases: ContractCase[] = [
  {
    name: 'auth.login: a right password answers a token and the session user, never a password',
    run: async (c, expect) => {
      const email = uniqueEmail();
      const admin = await c.signIn(ADMIN_ROLE);
      await c.call(api.users.create, { body: newUser('vendor', email) }, admin.token);
      const res = await c.call(api.auth.login, {
        body: { email: email.toUpperCase(), password: PASSWORD, altcha: await c.captcha() },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        token: expect.any(String),
        user: {
          _id: expect.any(String),
          name: 'Carla',
          lastName: 'Contrato',
          email,
          role: 'vendor',
        },
      });
    },
  },
  {
    name: 'auth.login: a wrong password answers 401 "Invalid email or password"',
    run: async (c, expect) => {
      const { user } = await c.signIn('driver');
      const res = await c.call(api.auth.login, {
        body: { email: user.email, password: 'Wrong.pass1', altcha: await c.captcha() },
      });
      expect(res).toEqual({ status: 401, body: { message: LOGIN_MESSAGES.invalidCredentials } });
    },
  },
  {
    name: 'auth.login: without a captcha, 400 with the captcha message on `altcha`',
    run: async (c, expect) => {
      const res = await c.call(api.auth.login, {
        body: { email: 'a@example.com', password: PASSWORD },
      });
      expect(res).toEqual(fieldError(400, 'altcha', LOGIN_MESSAGES.captchaRequired));
    },
  },
  {
    name: 'every endpoint that is not public answers 401 "Authentication required" without a token',
    run: async (c, expect) => {
      for (const endpoint of endpoints.filter((e) => e.access !== 'public')) {
        const res = await c.call(endpoint, { params: placeholderParams(endpoint), body: {} });
        expect(res, endpoint.id).toEqual({
          status: 401,
          body: { message: API_MESSAGES.authRequired },
        });
      }
    },
  },
  {
    name: 'every admin endpoint answers 403 to a vendor and a driver',
    run: async (c, expect) => {
      for (const role of ['vendor', 'driver'] as const) {
        const { token } = await c.signIn(role);
        for (const endpoint of endpoints.filter((e) => e.access === 'admin')) {
          const res = await c.call(
            endpoint,
            { params: placeholderParams(endpoint), body: {} },
            token,
          );
          expect(res, `${role} ${endpoint.id}`).toEqual({
            status: 403,
            body: { message: API_MESSAGES.forbidden },
          });
        }
      }
    },
  },
  {
    name: 'auth.logout: the token then answers 401 with the session-expired message',
    run: async (c, expect) => {
      const { token } = await c.signIn('vendor');
      expect((await c.call(api.auth.logout, {}, token)).body).toEqual({
        message: API_MESSAGES.loggedOut,
      });
      expect(await c.call(api.users.list, {}, token)).toEqual({
        status: 401,
        body: { message: API_MESSAGES.sessionExpired },
      });
    },
  },
];
