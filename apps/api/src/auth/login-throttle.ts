import { API_MESSAGES } from '@crm/shared';
import type { AppContext } from '../context.js';
import { isDuplicateKeyError } from '../db/errors.js';
import { AppError } from '../http/app-error.js';

/**
 * Brute-force brake for sign-ins, shared by every API process through MongoDB:
 * past `slowAfter` failures each attempt waits longer; at `maxFailures` the key is refused
 * with 429 for `lockMs`. Keys are the email and the caller's address (with a higher limit,
 * since an office may share one address).
 */
type Key = { id: string; maxFailures: number };

function keysFor(ctx: AppContext, email: string, ip: string): Key[] {
  const { maxFailures, perIpFactor } = ctx.config.loginThrottle;
  return [
    { id: `email:${email}`, maxFailures },
    { id: `ip:${ip}`, maxFailures: maxFailures * perIpFactor },
  ];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Refuses (429) a locked key, and slows a key with recent failures. */
export async function beforeLoginAttempt(
  ctx: AppContext,
  email: string,
  ip: string,
): Promise<void> {
  const { slowAfter, delayStepMs, maxDelayMs } = ctx.config.loginThrottle;
  const keys = keysFor(ctx, email, ip);
  const now = new Date();
  const records = await ctx.models.LoginAttempt.find({
    _id: { $in: keys.map((k) => k.id) },
    expiresAt: { $gt: now },
  }).lean();
  const lockedUntil = Math.max(0, ...records.map((r) => r.lockedUntil?.getTime() ?? 0));
  if (lockedUntil > now.getTime()) {
    const retryAfter = Math.ceil((lockedUntil - now.getTime()) / 1000);
    throw new AppError(429, API_MESSAGES.tooManyLoginAttempts, undefined, {
      'Retry-After': String(retryAfter),
    });
  }
  // Failures counted on the email's scale: an address needs `perIpFactor` times more.
  const scaled = records.map((record) => {
    const limit = keys.find((key) => key.id === record._id)?.maxFailures ?? 1;
    return Math.floor((record.failures * ctx.config.loginThrottle.maxFailures) / limit);
  });
  const failures = Math.max(0, ...scaled);
  if (failures >= slowAfter)
    await sleep(Math.min(maxDelayMs, (failures - slowAfter + 1) * delayStepMs));
}

export async function recordLoginFailure(
  ctx: AppContext,
  email: string,
  ip: string,
): Promise<void> {
  const { LoginAttempt } = ctx.models;
  const { lockMs } = ctx.config.loginThrottle;
  const now = Date.now();
  await Promise.all(
    keysFor(ctx, email, ip).map(async (key) => {
      // Failures older than the window are forgotten (also when no TTL monitor removed them).
      await LoginAttempt.deleteOne({ _id: key.id, expiresAt: { $lte: new Date(now) } });
      const record = await upsertFailure(ctx, key.id, new Date(now + lockMs));
      if (record && record.failures >= key.maxFailures) {
        await LoginAttempt.updateOne(
          { _id: key.id },
          { $set: { lockedUntil: new Date(now + lockMs) } },
        );
      }
    }),
  );
}

async function upsertFailure(ctx: AppContext, id: string, expiresAt: Date) {
  const update = { $inc: { failures: 1 }, $set: { expiresAt } };
  for (let attempt = 0; ; attempt++) {
    try {
      const record = await ctx.models.LoginAttempt.findOneAndUpdate({ _id: id }, update, {
        upsert: true,
        new: true,
        lean: true,
      });
      return record;
    } catch (error) {
      // Two first failures at once: one upsert wins, the other retries as an update.
      if (!isDuplicateKeyError(error) || attempt > 2) throw error;
    }
  }
}

/** A successful sign-in clears the email's failures (not the address's). */
export async function clearLoginFailures(ctx: AppContext, email: string): Promise<void> {
  await ctx.models.LoginAttempt.deleteOne({ _id: `email:${email}` });
}
