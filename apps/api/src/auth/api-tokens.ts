import { createHash, randomBytes } from 'node:crypto';
import { Types } from 'mongoose';
import {
  API_TOKEN_MESSAGES,
  API_TOKEN_PREFIX,
  MAX_API_TOKENS,
  type ApiToken,
  type ApiTokenList,
  type ApiTokenScope,
  type CreateApiTokenBody,
  type CreatedApiToken,
} from '@crm/shared';
import type { AppContext, SessionUser } from '../context.js';
import { AppError, conflict, notFound } from '../http/app-error.js';
import type { ApiTokenDoc } from './api-token.model.js';

/*
 * API tokens (issue 36): made and revoked in Perfil, everyone's seen and revoked by a system
 * admin, and checked by `authenticate` (authenticate.ts) when a Bearer starts with `crm_`.
 */

type TokenContext = Pick<AppContext, 'models' | 'users' | 'clock' | 'logger' | 'audit'>;

/** `crm_<8 characters>_<43 characters>`: anything else is no token of ours. */
const TOKEN_FORMAT = /^crm_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/;
const DAY_MS = 86_400_000;
/** The admins' list: everyone's newest, at most this many (20 a person). */
const ALL_TOKENS_LIMIT = 1_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

async function tokensJson(ctx: TokenContext, docs: ApiTokenDoc[]): Promise<ApiToken[]> {
  const owners = [...new Set(docs.map((doc) => doc.userId.toHexString()))];
  const nameOf = await ctx.users.namesByIds(owners);
  return docs.map((doc) => ({
    _id: doc._id.toHexString(),
    name: doc.name,
    scope: doc.scope,
    sourceName: doc.sourceName ?? null,
    prefix: doc.prefix,
    createdAt: doc.createdAt.toISOString(),
    lastUsedAt: doc.lastUsedAt ? doc.lastUsedAt.toISOString() : null,
    expiresAt: doc.expiresAt ? doc.expiresAt.toISOString() : null,
    userId: doc.userId.toHexString(),
    userName: nameOf.get(doc.userId.toHexString()) ?? null,
  }));
}

/** GET /api/me/tokens */
export async function listMyTokens(ctx: TokenContext, userId: string): Promise<ApiTokenList> {
  const docs = await ctx.models.ApiToken.find({ userId: new Types.ObjectId(userId) })
    .sort({ createdAt: -1 })
    .lean<ApiTokenDoc[]>();
  return { items: await tokensJson(ctx, docs) };
}

/** GET /api/tokens (system admin) */
export async function listAllTokens(ctx: TokenContext): Promise<ApiTokenList> {
  const docs = await ctx.models.ApiToken.find({})
    .sort({ createdAt: -1 })
    .limit(ALL_TOKENS_LIMIT)
    .lean<ApiTokenDoc[]>();
  return { items: await tokensJson(ctx, docs) };
}

/** POST /api/me/tokens: the secret in the answer, this once; only its hash is kept. */
export async function createToken(
  ctx: TokenContext,
  userId: string,
  body: Omit<CreateApiTokenBody, 'scope'> & { scope: ApiTokenScope },
): Promise<CreatedApiToken> {
  const owner = new Types.ObjectId(userId);
  if ((await ctx.models.ApiToken.countDocuments({ userId: owner })) >= MAX_API_TOKENS) {
    throw conflict(API_TOKEN_MESSAGES.tooMany);
  }
  const _id = new Types.ObjectId();
  const prefix = `${API_TOKEN_PREFIX}${_id.toHexString().slice(-8)}`;
  const token = `${prefix}_${randomBytes(32).toString('base64url')}`;
  const now = ctx.clock.now();
  const created = await ctx.models.ApiToken.create({
    _id,
    userId: owner,
    name: body.name,
    scope: body.scope,
    // The schema lets a source name through only for a `leads` token; blank is none.
    sourceName: body.sourceName || null,
    prefix,
    hash: hashOf(token),
    createdAt: now,
    expiresAt: body.lifetimeDays ? new Date(now.getTime() + body.lifetimeDays * DAY_MS) : null,
  });
  // Who made which token for whom: its prefix and scope, never the secret.
  ctx.audit.record({
    action: 'apiToken.created',
    target: { kind: 'user', id: userId },
    details: { token: prefix, scope: body.scope },
  });
  const [json] = await tokensJson(ctx, [created.toObject()]);
  return { ...json!, token };
}

async function revoke(ctx: TokenContext, filter: Record<string, unknown>): Promise<ApiToken> {
  const doc = await ctx.models.ApiToken.findOneAndDelete(filter).lean<ApiTokenDoc>();
  if (!doc) throw notFound(API_TOKEN_MESSAGES.notFound);
  ctx.audit.record({
    action: 'apiToken.revoked',
    target: { kind: 'user', id: doc.userId.toHexString() },
    details: { token: doc.prefix },
  });
  const [json] = await tokensJson(ctx, [doc]);
  return json!;
}

/** DELETE /api/me/tokens/:tokenId: one of the caller's own. */
export const revokeMyToken = (ctx: TokenContext, userId: string, tokenId: string) =>
  revoke(ctx, { _id: new Types.ObjectId(tokenId), userId: new Types.ObjectId(userId) });

/** DELETE /api/tokens/:tokenId (system admin): anyone's. */
export const revokeAnyToken = (ctx: TokenContext, tokenId: string) =>
  revoke(ctx, { _id: new Types.ObjectId(tokenId) });

/** A password change or a reset ends every token of the user, as their sessions. */
export async function endApiTokens(ctx: Pick<AppContext, 'models'>, userId: string) {
  await ctx.models.ApiToken.deleteMany({ userId: new Types.ObjectId(userId) });
}

/** The token a call was signed in by: its id (the rate's key), scope and source name. */
export type ApiTokenUse = { id: string; scope: ApiTokenScope; sourceName: string | null };

/** Whether a Bearer is meant as an API token (it may still be a bad one). */
export const looksLikeApiToken = (bearer: string) => bearer.startsWith(API_TOKEN_PREFIX);

/** The token a Bearer names, when it is ours, unexpired and its owner still exists. */
export async function tokenOwner(
  ctx: Pick<AppContext, 'models' | 'users' | 'clock' | 'logger'>,
  bearer: string,
): Promise<{ token: ApiTokenUse; user: SessionUser } | undefined> {
  // A malformed Bearer is looked up too: every 401 (malformed, unknown, revoked, expired) costs
  // the same one read, so the answer's timing tells none of them from another (issue 36).
  const doc = await ctx.models.ApiToken.findOne({ hash: hashOf(bearer) }).lean<ApiTokenDoc>();
  const now = ctx.clock.now();
  if (!TOKEN_FORMAT.test(bearer) || !doc) return undefined;
  if (doc.expiresAt && doc.expiresAt.getTime() <= now.getTime()) return undefined;
  const user = await ctx.users.forSession(doc.userId.toHexString());
  if (!user) return undefined;
  if (!doc.lastUsedAt || now.getTime() - doc.lastUsedAt.getTime() >= 60_000) {
    // Once a minute at most, conditional on the value read: concurrent calls write once.
    ctx.models.ApiToken.updateOne(
      { _id: doc._id, lastUsedAt: doc.lastUsedAt ?? null },
      { $set: { lastUsedAt: now } },
    ).catch((error: unknown) => ctx.logger.warn({ err: error }, 'token use not noted'));
  }
  return {
    token: { id: doc._id.toHexString(), scope: doc.scope, sourceName: doc.sourceName ?? null },
    user,
  };
}

/**
 * Calls per token per minute, in this process (a fixed window): past `limit`
 * (API_TOKEN_CALLS_PER_MINUTE), 429 with Retry-After. Two processes each allow the rate: the limit is a brake on a runaway
 * script, not an accounting.
 */
const windows = new Map<string, { startedAt: number; calls: number }>();

export function spendTokenCall(tokenId: string, nowMs: number, limit: number): void {
  const window = windows.get(tokenId);
  if (!window || nowMs - window.startedAt >= 60_000) {
    // Old windows go as the map is written, so it holds the last minute's tokens only.
    if (windows.size > 10_000) windows.clear();
    windows.set(tokenId, { startedAt: nowMs, calls: 1 });
    return;
  }
  window.calls += 1;
  if (window.calls > limit) {
    const retryAfter = Math.ceil((window.startedAt + 60_000 - nowMs) / 1000);
    throw new AppError(429, API_TOKEN_MESSAGES.rateLimited, undefined, {
      'Retry-After': String(Math.max(retryAfter, 1)),
    });
  }
}
