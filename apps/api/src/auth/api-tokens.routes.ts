import type { Router } from 'express';
import { api } from '@crm/shared';
import type { AppContext } from '../context.js';
import { implement } from '../http/endpoint.js';
import {
  createToken,
  listAllTokens,
  listMyTokens,
  revokeAnyToken,
  revokeMyToken,
} from './api-tokens.js';
import { currentUser } from './authenticate.js';

/** "Tokens de API" (issue 36): the caller's own (Perfil) and everyone's (system admin). */
export function apiTokensRoutes(ctx: AppContext): Router {
  return implement(ctx, api.tokens, {
    mine: (_input, req) => listMyTokens(ctx, currentUser(req).userId),
    create: ({ body }, req) => createToken(ctx, currentUser(req).userId, body),
    revoke: ({ params }, req) => revokeMyToken(ctx, currentUser(req).userId, params.tokenId),
    all: () => listAllTokens(ctx),
    revokeAny: ({ params }) => revokeAnyToken(ctx, params.tokenId),
  });
}
