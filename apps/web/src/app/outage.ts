import { ApiError } from '../lib/api-client';

/**
 * Whether a failed call means the server (or its database) is away, not that the request was
 * refused: no answer at all (network error, status 0), the API's 503 (its database unreachable,
 * API_MESSAGES.databaseUnavailable) or a proxy's 502/504 in front of a stopped API. A 401 is
 * no outage: the session has ended (api-client.ts) and the login screen comes back.
 */
export function isOutage(error: unknown): boolean {
  return error instanceof ApiError && [0, 502, 503, 504].includes(error.status);
}

/**
 * The automatic retries' back-off while the app's first data can't be had: 2 s after the first
 * failure, then 5 s, 10 s, and every 30 s from then on. Gentle on a server coming back up, quick
 * enough that a short outage passes unnoticed.
 */
export const OUTAGE_RETRY_DELAYS_MS = [2_000, 5_000, 10_000, 30_000] as const;

/** How long to wait after the `failures`-th failed attempt (1 for the first) before the next. */
export function outageRetryDelay(failures: number): number {
  const index = Math.min(Math.max(failures, 1), OUTAGE_RETRY_DELAYS_MS.length) - 1;
  return OUTAGE_RETRY_DELAYS_MS[index] ?? OUTAGE_RETRY_DELAYS_MS[0];
}
