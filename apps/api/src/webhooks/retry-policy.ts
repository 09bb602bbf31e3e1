import { WEBHOOK_LIMITS } from '@crm/shared';

/*
 * When a failed delivery is tried again (issue 36): 15 s after its first failure, then twice as
 * long after each (30 s, 1 min, … capped at 4 h), for WEBHOOK_LIMITS.retryHours from its first
 * try; the last try is at that mark, and a failure then gives it up. About 15 tries in all: a
 * receiver down for a restart gets it within seconds, one down for the night the next morning.
 */

const HOUR_MS = 3_600_000;
const FIRST_DELAY_MS = 15_000;
const LONGEST_DELAY_MS = 4 * HOUR_MS;
export const RETRY_WINDOW_MS = WEBHOOK_LIMITS.retryHours * HOUR_MS;

/** An endpoint whose every try failed for this long is turned off (dispatch.ts). */
export const DISABLE_AFTER_MS = WEBHOOK_LIMITS.disableAfterDays * 24 * HOUR_MS;

/**
 * A claimed try still unrecorded after this long was cut short (a crash): no try runs that long
 * (its timeout is 10 s), so the next run tries it again, once.
 */
export const STALE_ATTEMPT_MS = 2 * 60_000;

/** When to try again after try number `attempt` failed at `now`; undefined: give it up. */
export function nextTryAfter(firstTryAt: Date, attempt: number, now: Date): Date | undefined {
  const end = firstTryAt.getTime() + RETRY_WINDOW_MS;
  if (now.getTime() >= end) return undefined;
  const delay = Math.min(FIRST_DELAY_MS * 2 ** (attempt - 1), LONGEST_DELAY_MS);
  return new Date(Math.min(now.getTime() + delay, end));
}
