import {
  API_TOKEN_MESSAGES,
  API_TOKEN_PREFIX,
  MAX_API_TOKENS,
  api,
  type ApiToken,
  type CreateApiTokenBody,
} from '@crm/shared';
import { type StoredApiToken, type StoredUser, db, newId } from './db';
import { fail, fake } from './http';

// API tokens (issue 36, tokens-endpoints), as the API answers them: `crm_` + an 8-character id +
// `_` + the secret, shown once; `prefix` is its first 12 characters. Kept in db.apiTokens (who
// calls with one: sessions.ts; its scope and the session-only endpoints: http.ts's `fake`); a
// revoked token is gone.

const DAY_MS = 24 * 60 * 60 * 1000;
let nextOrder = 1;

const hex = (bytes: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');

const ownerOf = ({ userId }: Pick<StoredApiToken, 'userId'>) =>
  db.users.find((user) => user._id === userId);

/** As listed: never the secret; the owner's name. */
function shown({
  secret: _secret,
  version: _version,
  order: _order,
  ...token
}: StoredApiToken): ApiToken {
  const owner = ownerOf(token);
  return { ...token, userName: owner ? `${owner.name} ${owner.lastName}` : null };
}

/** Newest first; a deleted owner's tokens ended with them. */
const listOf = (keep: (token: StoredApiToken) => boolean) => ({
  items: db.apiTokens
    .filter((token) => keep(token) && ownerOf(token))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.order - a.order)
    .map(shown),
});

/** A token of `user`, made now (also what tests seed one with); answers it with its secret. */
export function addApiToken(
  user: Pick<StoredUser, '_id' | 'sessionVersion'>,
  { name, scope, lifetimeDays, sourceName }: CreateApiTokenBody,
  overrides: Partial<StoredApiToken> = {},
) {
  const secret = `${API_TOKEN_PREFIX}${hex(4)}_${hex(24)}`;
  const now = Date.now();
  const token: StoredApiToken = {
    _id: newId(),
    name,
    scope,
    sourceName: sourceName?.trim() || null,
    prefix: secret.slice(0, API_TOKEN_PREFIX.length + 8),
    createdAt: new Date(now).toISOString(),
    lastUsedAt: null,
    expiresAt: lifetimeDays === null ? null : new Date(now + lifetimeDays * DAY_MS).toISOString(),
    userId: user._id,
    secret,
    version: user.sessionVersion ?? 0,
    order: nextOrder++,
    ...overrides,
  };
  db.apiTokens.push(token);
  return { ...shown(token), token: token.secret };
}

/** Revokes the token `tokenId` if `mayRevoke` it: answers it as it was, or 404. */
function revoke(tokenId: string, mayRevoke: (token: StoredApiToken) => boolean) {
  const token = db.apiTokens.find((stored) => stored._id === tokenId);
  if (!token || !mayRevoke(token) || !ownerOf(token)) {
    return fail(404, API_TOKEN_MESSAGES.notFound);
  }
  db.apiTokens = db.apiTokens.filter((stored) => stored !== token);
  return shown(token);
}

export const tokenRoutes = [
  fake(api.tokens.mine, ({ user }) => listOf((token) => token.userId === user._id)),

  fake(api.tokens.create, ({ input, user }) => {
    if (db.apiTokens.filter((token) => token.userId === user._id).length >= MAX_API_TOKENS) {
      return fail(409, API_TOKEN_MESSAGES.tooMany);
    }
    return addApiToken(user, input.body);
  }),

  fake(api.tokens.revoke, ({ input, user }) =>
    revoke(input.params.tokenId, (token) => token.userId === user._id),
  ),

  fake(api.tokens.all, () => listOf(() => true)),

  fake(api.tokens.revokeAny, ({ input }) => revoke(input.params.tokenId, () => true)),
];
