import { LEAD_MESSAGES } from '@crm/shared';
import type { RateLimit } from '../config/leads-config.js';
import type { AppContext } from '../context.js';
import { tooManyRequests, upsertLive } from '../db/expiring-counter.js';

/**
 * The public form's limits, kept in MongoDB so every API process shares them (the sign-in
 * brake's pattern, auth/login-throttle.ts): one atomic `$inc` per key reserves the submission
 * and decides it from the count it returns, so submissions sent in parallel can't all pass.
 * Fixed windows: a key's window starts with its first submission and its counter lapses at the
 * end of it (`expiresAt`, set only on insert). A refused submission gives its slots back, so a
 * caller hammering the form doesn't push its own window further, and `Retry-After` says when
 * the window that refused it ends.
 *
 * Only submissions with a valid captcha get here (leads.service.ts checks it first): each one
 * counted costs a fresh proof of work, and no one can use up the overall limit with junk.
 */

type Key = { id: string; rule: RateLimit; message: string };

export async function reserveLeadSlot(ctx: AppContext, ip: string): Promise<void> {
  const { perAddress, overall } = ctx.config.leads;
  const keys: Key[] = [
    { id: `address:${ip}`, rule: perAddress, message: LEAD_MESSAGES.tooManyFromAddress },
    { id: 'overall', rule: overall, message: LEAD_MESSAGES.tooManyOverall },
  ];
  const now = Date.now();
  const counters = await Promise.all(keys.map((key) => reserve(ctx, key, now)));
  const refusals = keys.flatMap((key, index) => {
    const counter = counters[index];
    return counter && counter.count > key.rule.max ? [{ key, counter }] : [];
  });
  const first = refusals[0];
  if (!first) return;

  await ctx.models.LeadCounter.updateMany(
    { _id: { $in: keys.map((key) => key.id) } },
    { $inc: { count: -1 } },
  );
  const waitMs = Math.max(...refusals.map(({ counter }) => counter.expiresAt.getTime() - now));
  throw tooManyRequests(first.key.message, waitMs);
}

/** One atomic `$inc` on the key's counter in its current window; a lapsed one starts over. */
function reserve(ctx: AppContext, key: Key, now: number) {
  return upsertLive(ctx.models.LeadCounter, key.id, now, {
    $inc: { count: 1 },
    $setOnInsert: { expiresAt: new Date(now + key.rule.windowMs) },
  });
}
