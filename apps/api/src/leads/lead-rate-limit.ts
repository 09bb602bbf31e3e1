import { API_TOKEN_MESSAGES, LEAD_MESSAGES } from '@crm/shared';
import type { RateLimit } from '../config/leads-config.js';
import type { AppContext } from '../context.js';
import { RateLimitedError, upsertLive } from '../db/expiring-counter.js';
import { addressKey } from '../http/client-address.js';

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
 * counted costs a fresh proof of work. The address's slot is taken first, by every such
 * submission; the shared one only by a submission that will be stored, so what the honeypot
 * catches spends its own address's capacity and nobody else's (issue 18). Past `busyAbove`
 * the shared count makes challenges harder (`captchaWorkFactor`) before the overall limit
 * refuses everyone.
 */

type Key = { id: string; rule: RateLimit; message: string };

const OVERALL_ID = 'overall';

const addressKeyOf = (ctx: AppContext, ip: string): Key => ({
  id: `address:${addressKey(ip)}`,
  rule: ctx.config.leads.perAddress,
  message: LEAD_MESSAGES.tooManyFromAddress,
});

/** One slot of the caller's address (an IPv6 address by its /64), or a 429. */
export async function reserveAddressSlot(ctx: AppContext, ip: string): Promise<void> {
  await reserveAll(ctx, [addressKeyOf(ctx, ip)]);
}

/**
 * One slot of the shared capacity, for a submission that will be stored, or a 429 that also
 * gives back the slot `reserveAddressSlot` took for it.
 */
export async function reserveSharedSlot(ctx: AppContext, ip: string): Promise<void> {
  const overall = {
    id: OVERALL_ID,
    rule: ctx.config.leads.overall,
    message: LEAD_MESSAGES.tooManyOverall,
  };
  await reserveAll(ctx, [overall], [addressKeyOf(ctx, ip).id]);
}

/**
 * Issue 36: one slot of an API caller's leads (POST /api/leads; its token, or a session), or a
 * 429. The form's overall rule, per caller: a token may send as many as the whole form may take,
 * so a leaked one floods neither the board nor the admins' inboxes past that, and neither it nor
 * the form's visitors spend the other's capacity. The form's per-address limit doesn't apply: a
 * server sends everyone's leads from one address.
 */
export async function reserveApiCallerSlot(ctx: AppContext, callerKey: string): Promise<void> {
  await reserveAll(ctx, [
    {
      id: `api:${callerKey}`,
      rule: ctx.config.leads.overall,
      message: API_TOKEN_MESSAGES.tooManyLeads,
    },
  ]);
}

/**
 * How many times the usual work a captcha challenge issued now should take: `busyCaptchaFactor`
 * once the shared count of this window has reached `busyAbove`, else 1 (app.ts gives it to the
 * challenge route). One read of one counter per challenge.
 */
export async function captchaWorkFactor(ctx: AppContext): Promise<number> {
  const { busyAbove, busyCaptchaFactor } = ctx.config.leads;
  const overall = await ctx.models.LeadCounter.findOne(
    { _id: OVERALL_ID, expiresAt: { $gt: ctx.clock.now() } },
    { count: 1 },
  ).lean<{ count: number }>();
  return (overall?.count ?? 0) >= busyAbove ? busyCaptchaFactor : 1;
}

/**
 * Takes one slot of each key; when any is over its limit, gives back those and the slots of
 * `alsoGiveBack`, and throws the first refusal (a 429 with Retry-After, error-handler.ts).
 */
async function reserveAll(ctx: AppContext, keys: Key[], alsoGiveBack: string[] = []) {
  const now = ctx.clock.now().getTime();
  const counters = await Promise.all(keys.map((key) => reserve(ctx, key, now)));
  const refusals = keys.flatMap((key, index) => {
    const counter = counters[index];
    return counter && counter.count > key.rule.max ? [{ key, counter }] : [];
  });
  const first = refusals[0];
  if (!first) return;

  await ctx.models.LeadCounter.updateMany(
    { _id: { $in: [...keys.map((key) => key.id), ...alsoGiveBack] } },
    { $inc: { count: -1 } },
  );
  const waitMs = Math.max(...refusals.map(({ counter }) => counter.expiresAt.getTime() - now));
  throw new RateLimitedError(first.key.message, waitMs);
}

/** One atomic `$inc` on the key's counter in its current window; a lapsed one starts over. */
function reserve(ctx: AppContext, key: Key, now: number) {
  return upsertLive(ctx.models.LeadCounter, key.id, now, {
    $inc: { count: 1 },
    $setOnInsert: { expiresAt: new Date(now + key.rule.windowMs) },
  });
}
