import { Secret, TOTP } from 'otpauth';
import type { ExpectStatic } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  API_MESSAGES,
  TWO_FACTOR_MESSAGES,
  api,
  twoFactorAdminApi,
  twoFactorApi,
  twoFactorLoginApi,
  twoFactorPolicyApi,
} from '@crm/shared';
import type { ContractCaller, ContractClient, ContractCase } from './client.js';
import { anyString, fieldError, UNKNOWN_ID } from './fixtures.js';

/**
 * Two-factor sign-in (issue 32): Perfil's setup, enable and disable, the login's code step,
 * Ajustes' requirement and an admin's reset. Codes are computed from the secret the setup answers,
 * as an authenticator app does, at the backend's time (both use the real clock here).
 */

const codeAt = (secret: string, timestamp: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp });

const status = (c: ContractClient, token: string) => c.call(twoFactorApi.status, {}, token);

/** Sets up and enables two-factor sign-in for `caller`: the secret, when and the codes. */
async function enable(c: ContractClient, expect: ExpectStatic, caller: ContractCaller) {
  const setup = await c.call(twoFactorApi.setup, {}, caller.token);
  expect(setup).toEqual({
    status: 200,
    body: { qrSvg: expect.stringMatching(/^<svg/) as unknown, secret: anyString(expect) },
  });
  const { secret } = setup.body as { secret: string };
  const at = Date.now();
  const enabled = await c.call(
    twoFactorApi.enable,
    { body: { code: codeAt(secret, at) } },
    caller.token,
  );
  expect(enabled).toEqual({
    status: 200,
    body: { message: TWO_FACTOR_MESSAGES.enabled, recoveryCodes: expect.any(Array) as unknown },
  });
  const { recoveryCodes } = enabled.body as { recoveryCodes: string[] };
  return { secret, at, recoveryCodes };
}

/** The password step of a user with a second factor: its challenge. */
async function challengeOf(c: ContractClient, expect: ExpectStatic, caller: ContractCaller) {
  const res = await c.call(api.auth.login, {
    body: { email: caller.user.email, password: caller.password, altcha: await c.captcha() },
  });
  expect(res).toEqual({
    status: 200,
    body: { twoFactor: { challenge: anyString(expect), step: 'code' } },
  });
  return (res.body as { twoFactor: { challenge: string } }).twoFactor.challenge;
}

export const twoFactorContractCases: ContractCase[] = [
  {
    name: 'twoFactor.setup, enable and disable: a code of the shown secret turns it on with ten recovery codes; the password turns it off',
    run: async (c, expect) => {
      const caller = await c.signIn('vendor');
      expect(await status(c, caller.token)).toEqual({
        status: 200,
        body: {
          enabled: false,
          enabledAt: null,
          recoveryCodesLeft: 0,
          required: false,
          setupBy: null,
        },
      });
      const { secret } = (await c.call(twoFactorApi.setup, {}, caller.token)).body as {
        secret: string;
      };
      expect(await c.call(twoFactorApi.enable, { body: { code: '12345' } }, caller.token)).toEqual(
        fieldError(400, 'code', TWO_FACTOR_MESSAGES.codeFormat),
      );
      expect(
        await c.call(
          twoFactorApi.enable,
          { body: { code: codeAt(secret, Date.now() + 10 * 60_000) } },
          caller.token,
        ),
      ).toEqual(fieldError(400, 'code', TWO_FACTOR_MESSAGES.wrongCode));

      const { recoveryCodes } = await enable(c, expect, caller);
      expect(recoveryCodes).toHaveLength(10);
      expect(await status(c, caller.token)).toEqual({
        status: 200,
        body: {
          enabled: true,
          enabledAt: anyString(expect),
          recoveryCodesLeft: 10,
          required: false,
          setupBy: null,
        },
      });
      expect(await c.call(twoFactorApi.setup, {}, caller.token)).toEqual({
        status: 409,
        body: { message: TWO_FACTOR_MESSAGES.alreadyEnabled },
      });
      expect(
        await c.call(
          twoFactorApi.disable,
          { body: { currentPassword: 'Otra.Clave.1' } },
          caller.token,
        ),
      ).toEqual(fieldError(400, 'currentPassword', ACCOUNT_MESSAGES.currentPasswordWrong));
      const off = await c.call(
        twoFactorApi.disable,
        { body: { currentPassword: caller.password } },
        caller.token,
      );
      expect(off).toEqual({ status: 200, body: expect.objectContaining({ enabled: false }) });
      expect(
        await c.call(
          twoFactorApi.disable,
          { body: { currentPassword: caller.password } },
          caller.token,
        ),
      ).toEqual({ status: 409, body: { message: TWO_FACTOR_MESSAGES.notEnabled } });
    },
  },
  {
    name: 'twoFactor.login: the login answers a challenge; a recovery code signs in once; a used code and a forged challenge are refused',
    run: async (c, expect) => {
      const caller = await c.signIn('driver');
      const { secret, at, recoveryCodes } = await enable(c, expect, caller);
      const challenge = await challengeOf(c, expect, caller);

      // The enabling code's time-step is used up.
      expect(
        await c.call(twoFactorLoginApi.login, { body: { challenge, code: codeAt(secret, at) } }),
      ).toEqual(fieldError(400, 'code', TWO_FACTOR_MESSAGES.codeUsed));
      const recovery = recoveryCodes[0] ?? '';
      const signedIn = await c.call(twoFactorLoginApi.login, {
        body: { challenge, code: recovery },
      });
      expect(signedIn).toEqual({
        status: 200,
        body: {
          token: anyString(expect),
          user: expect.objectContaining({ _id: caller.user._id, email: caller.user.email }),
        },
      });
      const token = (signedIn.body as { token: string }).token;
      expect((await status(c, token)).body).toMatchObject({ enabled: true, recoveryCodesLeft: 9 });
      expect(
        await c.call(twoFactorLoginApi.login, { body: { challenge, code: recovery } }),
      ).toEqual(fieldError(400, 'code', TWO_FACTOR_MESSAGES.wrongRecoveryCode));
      expect(
        await c.call(twoFactorLoginApi.login, { body: { challenge: 'forged', code: '123456' } }),
      ).toEqual({ status: 401, body: { message: TWO_FACTOR_MESSAGES.challengeExpired } });
    },
  },
  {
    name: 'twoFactorPolicy.get and update: a system admin’s alone; a grace past 90 days is 400 on `graceDays`',
    run: async (c, expect) => {
      const admin = await c.signIn('system admin');
      const vendor = await c.signIn('vendor');
      expect(await c.call(twoFactorPolicyApi.get, {}, vendor.token)).toEqual({
        status: 403,
        body: { message: API_MESSAGES.forbidden },
      });
      expect(
        await c.call(
          twoFactorPolicyApi.update,
          { body: { require: 'everyone', graceDays: 7 } },
          vendor.token,
        ),
      ).toEqual({ status: 403, body: { message: API_MESSAGES.forbidden } });
      const saved = await c.call(
        twoFactorPolicyApi.update,
        { body: { require: 'nobody', graceDays: 3 } },
        admin.token,
      );
      expect(saved).toEqual({ status: 200, body: { require: 'nobody', graceDays: 3 } });
      expect(await c.call(twoFactorPolicyApi.get, {}, admin.token)).toEqual(saved);
      const tooLong = await c.call(
        twoFactorPolicyApi.update,
        { body: { require: 'admins', graceDays: 91 } },
        admin.token,
      );
      expect(tooLong.status).toBe(400);
      expect(tooLong.body).toMatchObject({ errors: [{ path: 'graceDays' }] });
      await c.call(
        twoFactorPolicyApi.update,
        { body: { require: 'nobody', graceDays: 7 } },
        admin.token,
      );
    },
  },
  {
    name: 'twoFactorAdmin.status and reset: a system admin removes a user’s second factor and their sessions end; 409 when none; 404 for an unknown user',
    run: async (c, expect) => {
      const admin = await c.signIn('system admin');
      const user = await c.signIn('vendor');
      await enable(c, expect, user);
      const params = { id: user.user._id };
      expect(await c.call(twoFactorAdminApi.status, { params }, admin.token)).toEqual({
        status: 200,
        body: { enabled: true },
      });
      expect(await c.call(twoFactorAdminApi.reset, { params }, user.token)).toEqual({
        status: 403,
        body: { message: API_MESSAGES.forbidden },
      });
      expect(await c.call(twoFactorAdminApi.reset, { params }, admin.token)).toEqual({
        status: 200,
        body: { message: TWO_FACTOR_MESSAGES.reset },
      });
      expect(await status(c, user.token)).toEqual({
        status: 401,
        body: { message: API_MESSAGES.sessionExpired },
      });
      expect(await c.call(twoFactorAdminApi.status, { params }, admin.token)).toEqual({
        status: 200,
        body: { enabled: false },
      });
      expect(await c.call(twoFactorAdminApi.reset, { params }, admin.token)).toEqual({
        status: 409,
        body: { message: TWO_FACTOR_MESSAGES.notEnabled },
      });
      expect(
        await c.call(twoFactorAdminApi.reset, { params: { id: UNKNOWN_ID } }, admin.token),
      ).toEqual({ status: 404, body: { message: API_MESSAGES.userNotFound } });
    },
  },
];
