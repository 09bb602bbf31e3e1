import { createHash, randomBytes } from 'node:crypto';
import {
  ACCOUNT_LIMITS,
  ACCOUNT_LINK_PATHS,
  ACCOUNT_MESSAGES,
  API_MESSAGES,
  FIELD_MESSAGES,
  type TokenPurpose,
} from '@crm/shared';
import type { AppContext } from '../context.js';
import { AppError, fieldError } from '../http/app-error.js';
import { appUrlOf } from '../mail/index.js';
import type { AccountTokenDoc } from './account.models.js';

/*
 * The one-time tokens of reset, invitation and email-change links (issue 23): 32 random bytes
 * as 43 base64url characters, stored only as their SHA-256 (account.models.ts).
 */

const LIFETIME_MS: Record<TokenPurpose, number> = {
  reset: ACCOUNT_LIMITS.resetTokenMs,
  invite: ACCOUNT_LIMITS.inviteTokenMs,
  email: ACCOUNT_LIMITS.emailTokenMs,
};

/** The purposes a password change ends: a link that sets a password is moot after one. */
const PASSWORD_PURPOSES: TokenPurpose[] = ['reset', 'invite'];

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Every failure, whatever its cause (used, expired, altered, superseded, unknown): one answer. */
export const tokenInvalid = () => fieldError('token', ACCOUNT_MESSAGES.tokenInvalid);

/** 409 on `path`: the address belongs to another user (the unique index decides). */
export const emailTakenOn = (path: string) =>
  new AppError(409, API_MESSAGES.emailTaken, [{ path, message: FIELD_MESSAGES.emailTaken }]);

export type IssuedToken = { token: string; hash: string; link: string };

/**
 * A new token of `purpose` for the user; the older ones of that purpose stop working (deleted
 * before the insert). Answers the secret, which goes only into the link, and the link (the web
 * app's page for the purpose).
 */
export async function issueToken(
  ctx: AppContext,
  userId: string,
  purpose: TokenPurpose,
  newEmail?: string,
): Promise<IssuedToken> {
  const { AccountToken } = ctx.models;
  const token = randomBytes(32).toString('base64url');
  const hash = hashToken(token);
  const now = ctx.clock.now().getTime();
  await AccountToken.deleteMany({ userId, purpose });
  await AccountToken.create({
    _id: hash,
    userId,
    purpose,
    ...(newEmail === undefined ? {} : { newEmail }),
    createdAt: new Date(now),
    expiresAt: new Date(now + LIFETIME_MS[purpose]),
  });
  return { token, hash, link: `${appUrlOf(ctx)}${ACCOUNT_LINK_PATHS[purpose]}?token=${token}` };
}

const liveToken = (ctx: AppContext, token: string, purposes: readonly TokenPurpose[]) => ({
  _id: hashToken(token),
  purpose: { $in: purposes },
  expiresAt: { $gt: ctx.clock.now() },
});

/** The live token, without using it up (the link's page asks first); else 400 tokenInvalid. */
export async function readToken(
  ctx: AppContext,
  token: string,
  purposes: readonly TokenPurpose[],
): Promise<AccountTokenDoc> {
  const found = await ctx.models.AccountToken.findOne(
    liveToken(ctx, token, purposes),
  ).lean<AccountTokenDoc>();
  if (!found) throw tokenInvalid();
  return found;
}

/**
 * Uses the token up: one atomic find-and-delete, so of two requests with the same link only one
 * gets it. 400 tokenInvalid when it is not (or no longer) there.
 */
export async function consumeToken(
  ctx: AppContext,
  token: string,
  purposes: readonly TokenPurpose[],
): Promise<AccountTokenDoc> {
  const found = await ctx.models.AccountToken.findOneAndDelete(
    liveToken(ctx, token, purposes),
  ).lean<AccountTokenDoc>();
  if (!found) throw tokenInvalid();
  return found;
}

/**
 * After any password change (a link, the profile, an admin): the user's reset and invitation
 * links stop working, and an invitation is no longer pending.
 */
export async function endPasswordTokens(ctx: AppContext, userId: string): Promise<void> {
  await Promise.all([
    ctx.models.AccountToken.deleteMany({ userId, purpose: { $in: PASSWORD_PURPOSES } }),
    ctx.users.endInvitation(userId),
  ]);
}

/**
 * After any change of the user's email (their confirmed link or an admin's edit, issue 32): every
 * pending link of theirs (reset, invitation, email change) went to an address that no longer
 * speaks for the account, so none works any more.
 */
export async function endEmailLinks(ctx: AppContext, userId: string): Promise<void> {
  await ctx.models.AccountToken.deleteMany({ userId });
}

/**
 * The new address of the user's live email-change link (until it is opened or lapses), or null:
 * what the profile shows as pending (profile/, issue 34). One read.
 */
export async function pendingEmailChangeOf(
  ctx: AppContext,
  userId: string,
): Promise<string | null> {
  const token = await ctx.models.AccountToken.findOne(
    { userId, purpose: 'email', expiresAt: { $gt: ctx.clock.now() } },
    { newEmail: 1 },
  ).lean();
  return token?.newEmail ?? null;
}
