import {
  API_TOKEN_MESSAGES,
  apiTokenListSchema,
  apiTokenParamsSchema,
  apiTokenSchema,
  createApiTokenBodySchema,
  createdApiTokenSchema,
} from '../api-tokens.js';
import { defineEndpoint } from './define.js';

/*
 * API tokens (issue 36): a person's own, in Perfil, and everyone's for a system admin. None of
 * them takes a token as its caller (`sessionOnly`): a token can't make or end tokens.
 *
 * The `tokens` endpoints: one export per endpoint, named as in `api.tokens`; the web app names
 * them through `tokensApi`.
 */
export const mine = defineEndpoint({
  id: 'tokens.mine',
  method: 'get',
  path: '/api/me/tokens',
  tag: 'account',
  access: 'signed-in',
  sessionOnly: true,
  status: 200,
  response: apiTokenListSchema,
});

export const create = defineEndpoint({
  id: 'tokens.create',
  method: 'post',
  path: '/api/me/tokens',
  tag: 'account',
  access: 'signed-in',
  sessionOnly: true,
  body: createApiTokenBodySchema,
  status: 201,
  response: createdApiTokenSchema,
  errors: { 409: API_TOKEN_MESSAGES.tooMany },
});

export const revoke = defineEndpoint({
  id: 'tokens.revoke',
  method: 'delete',
  path: '/api/me/tokens/:tokenId',
  tag: 'account',
  access: 'signed-in',
  sessionOnly: true,
  params: apiTokenParamsSchema,
  status: 200,
  response: apiTokenSchema,
  errors: { 404: API_TOKEN_MESSAGES.notFound },
});

export const all = defineEndpoint({
  id: 'tokens.all',
  method: 'get',
  path: '/api/tokens',
  tag: 'users',
  access: 'admin',
  sessionOnly: true,
  status: 200,
  response: apiTokenListSchema,
});

export const revokeAny = defineEndpoint({
  id: 'tokens.revokeAny',
  method: 'delete',
  path: '/api/tokens/:tokenId',
  tag: 'users',
  access: 'admin',
  sessionOnly: true,
  params: apiTokenParamsSchema,
  status: 200,
  response: apiTokenSchema,
  errors: { 404: API_TOKEN_MESSAGES.notFound },
});
