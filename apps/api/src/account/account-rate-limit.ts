import { ACCOUNT_MESSAGES } from '@crm/shared';
import type { AppContext } from '../context.js';
import { RateLimitedError, upsertLive } from '../db/expiring-counter.js';
import { addressKey } from '../http/client-address.js';

/*
 * The limits of the account emails (issue 23; numbers in ACCOUNT_LIMITS, reasons in the README's
 * "Accounts: reset, invitations, limits"), kept in MongoDB so every API process shares them:
 * the website form's pattern (leads/lead-rate-limit.ts). One atomic `$inc` per key reserves the
 * email and decides from the count it returns, so requests sent in parallel can't all pass; a
 * fixed window starts with a key's first email and lapses an hour later; a refused request gives
 * its slots back, so hammering doesn't push the window further, and Retry-After says when it
 * ends.
 */

const WINDOW_MS = 60 * 60_000;

export type EmailLimit = { id: string; max: number };

/** Reset links asked for one typed address (known or not, so the limit reveals nothing). */
export const resetsFor = (email: string, max: number): EmailLimit => ({
  id: `reset-email:${email}`,
  max,
});
/** Reset links asked from one client (an IPv6 address by its /64, as the form's limits). */
export const resetsFrom = (ip: string, max: number): EmailLimit => ({
  id: `reset-client:${addressKey(ip)}`,
  max,
});
/** Invitations (first and re-sent) to one address. */
export const invitationsTo = (email: string, max: number): EmailLimit => ({
  id: `invite:${email}`,
  max,
});
/** Email-change confirmations asked by one user. */
export const emailChangesBy = (userId: string, max: number): EmailLimit => ({
  id: `email-change:${userId}`,
  max,
});

/**
 * One slot of each limit, or a 429 (ACCOUNT_MESSAGES.tooManyEmails, in minutes, and
 * Retry-After) that gives every slot back.
 */
export async function reserveEmails(ctx: AppContext, limits: EmailLimit[]): Promise<void> {
  const { AccountCounter } = ctx.models;
  const now = ctx.clock.now().getTime();
  const counters = await Promise.all(
    limits.map((limit) =>
      upsertLive(AccountCounter, limit.id, now, {
        $inc: { count: 1 },
        $setOnInsert: { expiresAt: new Date(now + WINDOW_MS) },
      }),
    ),
  );
  const waits = limits.flatMap((limit, index) => {
    const counter = counters[index];
    return counter && counter.count > limit.max ? [counter.expiresAt.getTime() - now] : [];
  });
  if (waits.length === 0) return;
  await AccountCounter.updateMany(
    { _id: { $in: limits.map((limit) => limit.id) } },
    { $inc: { count: -1 } },
  );
  const waitMs = Math.max(1000, ...waits);
  throw new RateLimitedError(ACCOUNT_MESSAGES.tooManyEmails(Math.ceil(waitMs / 60_000)), waitMs);
}
