import {
  API_TOKEN_MESSAGES,
  ADMIN_ROLE,
  api,
  type ApiToken,
  type ApiTokenList,
  type CreatedApiToken,
} from '@crm/shared';
import type { ContractCase } from './client.js';
import { UNKNOWN_ID, anyString, fieldError, newRequest } from './fixtures.js';

/**
 * API tokens (issue 36): made in Perfil, shown once, listed without their secret, revoked by
 * their owner or a system admin; a token is no credential for the tokens themselves.
 */

const READER = { name: 'Lectura n8n', scope: 'read', lifetimeDays: 30 } as const;

export const tokenContractCases: ContractCase[] = [
  {
    name: 'tokens.create, mine and revoke: shown once, listed without the secret, revoked',
    run: async (c, expect) => {
      const vendor = await c.signIn('vendor');
      const made = await c.call(api.tokens.create, { body: READER }, vendor.token);
      expect(made).toEqual({
        status: 201,
        body: {
          _id: anyString(expect),
          name: READER.name,
          scope: 'read',
          sourceName: null,
          prefix: anyString(expect),
          createdAt: anyString(expect),
          lastUsedAt: null,
          expiresAt: anyString(expect),
          userId: vendor.user._id,
          userName: anyString(expect),
          token: anyString(expect),
        },
      });
      const created = made.body as CreatedApiToken;
      expect(created.token.startsWith(created.prefix)).toBe(true);
      expect(created.prefix.startsWith('crm_')).toBe(true);
      const { token: _secret, ...listed } = created;

      expect(await c.call(api.tokens.mine, {}, vendor.token)).toEqual({
        status: 200,
        body: { items: [listed] },
      });
      expect(
        await c.call(api.tokens.revoke, { params: { tokenId: created._id } }, vendor.token),
      ).toEqual({
        status: 200,
        body: listed,
      });
      expect(await c.call(api.tokens.mine, {}, vendor.token)).toEqual({
        status: 200,
        body: { items: [] },
      });
      expect(
        await c.call(api.tokens.revoke, { params: { tokenId: created._id } }, vendor.token),
      ).toMatchObject({ status: 404, body: { message: API_TOKEN_MESSAGES.notFound } });
    },
  },
  {
    name: 'tokens.create: a blank name is 400 naming it; without an expiry it never lapses',
    run: async (c, expect) => {
      const { token } = await c.signIn('driver');
      expect(await c.call(api.tokens.create, { body: { ...READER, name: '  ' } }, token)).toEqual(
        fieldError(400, 'name', API_TOKEN_MESSAGES.nameRequired),
      );
      const forever = await c.call(
        api.tokens.create,
        { body: { name: 'Script', scope: 'write', lifetimeDays: null } },
        token,
      );
      expect(forever).toMatchObject({ status: 201, body: { scope: 'write', expiresAt: null } });
    },
  },
  {
    name: 'tokens.all and revokeAny: a system admin sees and revokes everyone’s; others get 403',
    run: async (c, expect) => {
      const admin = await c.signIn(ADMIN_ROLE);
      const vendor = await c.signIn('vendor');
      const made = (await c.call(api.tokens.create, { body: READER }, vendor.token))
        .body as CreatedApiToken;
      const all = await c.call(api.tokens.all, {}, admin.token);
      expect(all.status).toBe(200);
      const mine = (all.body as ApiTokenList).items.find((item) => item._id === made._id);
      expect(mine).toMatchObject({ userId: vendor.user._id, name: READER.name });
      expect((await c.call(api.tokens.all, {}, vendor.token)).status).toBe(403);
      const revoked = await c.call(
        api.tokens.revokeAny,
        { params: { tokenId: made._id } },
        admin.token,
      );
      expect((revoked.body as ApiToken)._id).toBe(made._id);
      expect(
        await c.call(api.tokens.revokeAny, { params: { tokenId: UNKNOWN_ID } }, admin.token),
      ).toMatchObject({ status: 404 });
    },
  },
  {
    name: 'a token is a Bearer within its scope: a read token reads the board and may not write; none manages tokens',
    run: async (c, expect) => {
      const vendor = await c.signIn('vendor');
      const reader = (await c.call(api.tokens.create, { body: READER }, vendor.token))
        .body as CreatedApiToken;
      expect((await c.call(api.users.list, {}, reader.token)).status).toBe(200);
      expect(await c.call(api.requests.create, { body: newRequest }, reader.token)).toMatchObject({
        status: 403,
        body: { message: API_TOKEN_MESSAGES.readOnly },
      });
      expect(await c.call(api.tokens.create, { body: READER }, reader.token)).toMatchObject({
        status: 403,
        body: { message: API_TOKEN_MESSAGES.sessionOnly },
      });
      expect(await c.call(api.tokens.mine, {}, reader.token)).toMatchObject({
        status: 403,
        body: { message: API_TOKEN_MESSAGES.sessionOnly },
      });
      await c.call(api.tokens.revoke, { params: { tokenId: reader._id } }, vendor.token);
      expect(await c.call(api.users.list, {}, reader.token)).toMatchObject({
        status: 401,
        body: { message: API_TOKEN_MESSAGES.invalid },
      });
    },
  },
];
