import { describe, expect, it } from 'vitest';
import {
  CONFLICT,
  CONFLICT_ATTEMPTS,
  ConflictRetriesExhaustedError,
  retryOnConflict,
  retryWaitMs,
} from './retry-on-conflict.js';

// Issue 34: one retry policy for writes that lose to concurrent ones. The caller says what a
// conflict is; the helper bounds the tries and spaces them with a small random wait.

/** An attempt that answers CONFLICT `conflicts` times, then `answer`; `calls` counts the tries. */
function losing<T>(conflicts: number, answer: T) {
  const calls: number[] = [];
  const attempt = (index: number) => {
    calls.push(index);
    return Promise.resolve(calls.length > conflicts ? answer : CONFLICT);
  };
  return { attempt, calls };
}

class Duplicate extends Error {}
const isDuplicate = (error: unknown) => error instanceof Duplicate;

describe('retryOnConflict', () => {
  it('when the first try is not a conflict, then its answer comes back after one call', async () => {
    const { attempt, calls } = losing(0, 'done');
    await expect(retryOnConflict(attempt)).resolves.toBe('done');
    expect(calls).toEqual([0]);
  });

  it('when some tries conflict, then it tries again, telling each try its index', async () => {
    const { attempt, calls } = losing(3, 'done');
    await expect(retryOnConflict(attempt)).resolves.toBe('done');
    expect(calls).toEqual([0, 1, 2, 3]);
  });

  it('when every try conflicts, then it stops at CONFLICT_ATTEMPTS with the busy error', async () => {
    const { attempt, calls } = losing(Infinity, 'never');
    await expect(retryOnConflict(attempt)).rejects.toBeInstanceOf(ConflictRetriesExhaustedError);
    expect(calls).toHaveLength(CONFLICT_ATTEMPTS);
  });

  it('when the caller gives its own limit and ending, then that many tries end in it', async () => {
    const { attempt, calls } = losing(Infinity, 'never');
    const answer = retryOnConflict(attempt, { attempts: 3, exhausted: () => 'busy' as const });
    await expect(answer).resolves.toBe('busy');
    expect(calls).toHaveLength(3);
  });

  it('when a try throws a conflict error, then it tries again; when they run out, the last is rethrown', async () => {
    const thrown: Error[] = [];
    const answer = retryOnConflict(
      () => {
        const error = new Duplicate(`try ${thrown.length}`);
        thrown.push(error);
        return Promise.reject(error);
      },
      { attempts: 4, isConflict: isDuplicate },
    );
    const error = await answer.catch((reason: unknown) => reason);
    expect(thrown).toHaveLength(4);
    expect(error).toBe(thrown[3]);
  });

  it('when the tries run out on a conflict error and the caller gives an ending, then it ends so', async () => {
    const answer = retryOnConflict(() => Promise.reject(new Duplicate()), {
      attempts: 2,
      isConflict: isDuplicate,
      exhausted: () => 'busy',
    });
    await expect(answer).resolves.toBe('busy');
  });

  it('when a try throws an error that is no conflict, then it is rethrown at once', async () => {
    let calls = 0;
    const answer = retryOnConflict(
      () => {
        calls++;
        return Promise.reject(new TypeError('broken'));
      },
      { isConflict: isDuplicate },
    );
    await expect(answer).rejects.toThrow('broken');
    expect(calls).toBe(1);
  });
});

describe('retryWaitMs', () => {
  it('when the dice roll their highest, then the wait doubles from 2 ms up to 50 ms', () => {
    const highest = () => 0.999_999;
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((retry) => retryWaitMs(retry, highest))).toEqual([
      1, 3, 7, 15, 31, 49, 49, 49,
    ]);
  });

  it('when the dice roll their lowest, then there is no wait at all', () => {
    expect(retryWaitMs(5, () => 0)).toBe(0);
  });
});
