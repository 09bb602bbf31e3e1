import { API_MESSAGES } from '@crm/shared';
import type { ThrottleRule } from '../config/env.js';
import type { AppContext } from '../context.js';
import { RateLimitedError, setExpiring, upsertLive } from '../db/expiring-counter.js';

/**
 * Brute-force brake for sign-ins, shared by every API process through MongoDB.
 *
 * Each attempt that carries a valid captcha reserves one slot on three counters with one atomic
 * `$inc` each, and is decided from the counts that returns, before the password is checked: so
 * concurrent attempts can't all read "no failures yet" and slip through together.
 * - pair (email and address): the strictest brake, with waits of up to minutes; it stops an
 *   attacking address without touching anyone elsewhere.
 * - account (email, any address) and address (any email): higher limits and short waits only,
 *   skipped by an address that signed in to that email lately (a known address), so an
 *   attacker's failures can't keep the owner out, nor the others behind an office's address.
 * A refused attempt gives its slots back (it checked no password), so waits don't grow while the
 * caller waits, and Retry-After tells the truth. A wrong password keeps its slots until the
 * counter lapses; a right one gives them back and marks its address as known.
 */

type Counter = { failures: number; since?: Date | null };
type Key = { id: string; rule: ThrottleRule };

// An address has no "|", so the last one splits email from address unambiguously.
const pairId = (email: string, ip: string) => `pair:${email}|${ip}`;
const knownId = (email: string, ip: string) => `known:${email}|${ip}`;

/** What a granted attempt must report once the password has been checked. */
export type LoginAttempt = {
  /** The right password: not a failure, and the address becomes known for this email. */
  succeeded: () => Promise<void>;
  /**
   * The right password of a user with a second factor (issue 32): not a failure, but the address
   * becomes known only once the code is right too (two-factor.service.ts).
   */
  passed: () => Promise<void>;
};

/**
 * Reserves an attempt for `email` from `ip`, or refuses it with 429 and Retry-After (seconds).
 * A wrong password needs no further call: its reservation is the failure.
 */
export async function reserveLoginAttempt(
  ctx: AppContext,
  email: string,
  ip: string,
): Promise<LoginAttempt> {
  const { pair, account, address, windowMs } = ctx.config.loginThrottle;
  const { LoginAttempt } = ctx.models;
  const now = ctx.clock.now().getTime();
  const keys: Key[] = [
    { id: pairId(email, ip), rule: pair },
    { id: `account:${email}`, rule: account },
    { id: `address:${ip}`, rule: address },
  ];
  const expiresAt = new Date(now + windowMs);
  const [pairWait = 0, ...sharedWaits] = await Promise.all(
    keys.map(async (key) => waitLeft(await reserve(ctx, key.id, now, expiresAt), key.rule, now)),
  );
  let wait = pairWait;
  const sharedWait = Math.max(0, ...sharedWaits);
  if (sharedWait > wait && !(await isKnownAddress(ctx, email, ip, now))) wait = sharedWait;

  const ids = keys.map((key) => key.id);
  const giveBack = () =>
    LoginAttempt.updateMany({ _id: { $in: ids } }, { $inc: { failures: -1 } }).then(() => {});
  if (wait > 0) {
    await giveBack();
    throw new RateLimitedError(API_MESSAGES.tooManyLoginAttempts, wait);
  }
  return {
    succeeded: async () => {
      await Promise.all([giveBack(), markKnownAddress(ctx, email, ip)]);
    },
    passed: giveBack,
  };
}

/** One atomic `$inc` on the key's counter; a lapsed counter starts again from zero. */
function reserve(ctx: AppContext, id: string, now: number, expiresAt: Date) {
  return upsertLive(ctx.models.LoginAttempt, id, now, {
    $inc: { failures: 1 },
    $min: { since: new Date(now) },
    $set: { expiresAt },
  });
}

/**
 * How long (ms) the attempt holding slot `failures` must still wait, at most the rule's cap: a
 * longer figure can only come from concurrent attempts that are about to give their slots back.
 */
function waitLeft(counter: Counter | null, rule: ThrottleRule, now: number): number {
  if (!counter) return 0;
  const since = counter.since?.getTime() ?? now;
  const due = since + waitBefore(counter.failures, rule);
  return Math.min(rule.maxDelayMs, Math.max(0, due - now));
}

/** Total wait before the `n`th failure: 0 for the free ones, then doubling steps up to the cap. */
export function waitBefore(n: number, rule: ThrottleRule): number {
  let total = 0;
  let step = rule.firstDelayMs;
  for (let past = n - rule.freeFailures; past > 0; past--) {
    if (step >= rule.maxDelayMs) return total + past * rule.maxDelayMs;
    total += step;
    step *= 2;
  }
  return total;
}

async function isKnownAddress(ctx: AppContext, email: string, ip: string, now: number) {
  const known = await ctx.models.LoginAttempt.exists({
    _id: knownId(email, ip),
    expiresAt: { $gt: new Date(now) },
  });
  return known !== null;
}

async function markKnownAddress(ctx: AppContext, email: string, ip: string) {
  // Two sign-ins from the same address at once: both end with it marked.
  const expiresAt = new Date(ctx.clock.now().getTime() + ctx.config.loginThrottle.knownAddressMs);
  await setExpiring(ctx.models.LoginAttempt, knownId(email, ip), { expiresAt });
}
