import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The one policy for a write that lost to a concurrent one (issue 34): read again and try again,
 * at most CONFLICT_ATTEMPTS times in all, after a short random wait that grows with each retry
 * ("full jitter": two writers that clashed rarely clash again at the same instant). What counts
 * as a conflict is the caller's to say: its attempt answers CONFLICT (a conditional write that
 * matched nothing), or throws an error its `isConflict` accepts (a duplicate key).
 */
export const CONFLICT = Symbol('conflict');
export type Conflict = typeof CONFLICT;

/** Tries in all, the first included: twenty writers on one document all get theirs in. */
export const CONFLICT_ATTEMPTS = 20;

/** The first retry waits up to 2 ms, each next one up to twice as long, never more than 50 ms. */
const BASE_WAIT_MS = 2;
const MAX_WAIT_MS = 50;

/** The wait before retry `retry` (1 for the first): a random share of its growing ceiling. */
export function retryWaitMs(retry: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_WAIT_MS, BASE_WAIT_MS * 2 ** (retry - 1));
  return Math.floor(random() * ceiling);
}

/**
 * Every attempt lost: no error of the caller's says more. The HTTP layer answers 503 "busy" with
 * Retry-After (error-handler.ts).
 */
export class ConflictRetriesExhaustedError extends Error {
  constructor() {
    super('A write kept losing to concurrent ones');
    this.name = 'ConflictRetriesExhaustedError';
  }
}

export type RetryOnConflictOptions<T> = {
  /** Tries in all, the first included; CONFLICT_ATTEMPTS unless the caller says why not. */
  attempts?: number;
  /** A thrown error that is a conflict: tried again. */
  isConflict?: (error: unknown) => boolean;
  /**
   * What losing every try comes to (an answer, or a throw of the caller's). Without it, the last
   * conflict error is rethrown, or ConflictRetriesExhaustedError thrown after a CONFLICT answer.
   */
  exhausted?: () => T;
};

/**
 * Runs `attempt` (given its index, 0 first) until it answers something other than CONFLICT;
 * an error it throws that isn't a conflict ends the retries at once.
 */
export async function retryOnConflict<T>(
  attempt: (index: number) => Promise<T | Conflict>,
  { attempts = CONFLICT_ATTEMPTS, isConflict, exhausted }: RetryOnConflictOptions<T> = {},
): Promise<T> {
  for (let index = 0; ; index++) {
    if (index > 0) await sleep(retryWaitMs(index));
    const last = index + 1 >= attempts;
    try {
      const answer = await attempt(index);
      if (answer !== CONFLICT) return answer;
    } catch (error) {
      if (!isConflict?.(error)) throw error;
      if (last && !exhausted) throw error;
    }
    if (last) {
      if (exhausted) return exhausted();
      throw new ConflictRetriesExhaustedError();
    }
  }
}
