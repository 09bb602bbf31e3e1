import type { AppContext } from '../context.js';

/**
 * Deletes expired revoked tokens, used captchas, login counters and the website form's counters
 * and recent leads. MongoDB's TTL indexes do this by themselves; FerretDB 1.x has no TTL
 * indexes, so the server also sweeps.
 */
export async function sweepExpired(ctx: AppContext): Promise<void> {
  const { RevokedToken, UsedCaptcha, LoginAttempt, LeadCounter, RecentLead } = ctx.models;
  const expired = { expiresAt: { $lt: new Date() } };
  await Promise.all([
    RevokedToken.deleteMany(expired),
    UsedCaptcha.deleteMany(expired),
    LoginAttempt.deleteMany(expired),
    LeadCounter.deleteMany(expired),
    RecentLead.deleteMany(expired),
  ]);
}

export function startSweeping(ctx: AppContext, everyMs = 10 * 60_000): () => void {
  const timer = setInterval(() => {
    sweepExpired(ctx).catch((error: unknown) =>
      ctx.logger.warn({ err: error }, 'sweeping expired records failed'),
    );
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
