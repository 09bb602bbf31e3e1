import { Types } from 'mongoose';
import {
  outcomeAfter as outcomeDecision,
  outcomeText,
  sameOutcome,
  unknownLostReason,
  type Outcome,
  type OutcomeBody,
  type OutcomeResult,
  type RequestStatus,
} from '@crm/shared';
import type { AppContext } from '../../context.js';
import { fieldError } from '../../http/app-error.js';
import { lostReasons } from '../../settings/index.js';
import { historyEntry, type StoredHistoryEntry } from '../history/history.service.js';

/*
 * Value and outcomes (issue 21): the rules the move (move.service.ts) and the update
 * (requests.service.ts) share, so a request reaches and leaves CERRADO the same way by both.
 */

/** The outcome as stored: who set it and when, besides what the API answers. */
export type StoredOutcome = {
  result: OutcomeResult;
  reason?: string | null;
  comment?: string | null;
  at?: Date;
  by?: Types.ObjectId | null;
};

/** A stored outcome as the API answers it; null when there is none. */
export const toOutcomeJson = (stored: StoredOutcome | null | undefined): Outcome | null =>
  stored
    ? { result: stored.result, reason: stored.reason ?? null, comment: stored.comment ?? null }
    : null;

/**
 * The outcome a request ends with when a move or an update leaves it in `status`, from
 * `stored` (its status and outcome before). Entering CERRADO needs one (400 `outcome`); any other
 * stage refuses one (400 `outcome`) and leaving CERRADO clears it; a closed request keeps its own
 * unless another is sent. A lost reason must be in the settings' list now, or be the one the
 * request already has: a reason removed from the list stays readable, and re-sendable, where
 * used. The outcome a request already has, sent back with the whole request, is no outcome sent.
 */
export async function outcomeAfter(
  ctx: AppContext,
  stored: { status: RequestStatus; outcome: Outcome | null },
  status: RequestStatus,
  sentBody: OutcomeBody | null | undefined,
): Promise<Outcome | null> {
  // The rules are packages/shared's (outcome.ts), the web tests' fake's too; the list is ours.
  const decided = outcomeDecision(stored, status, sentBody);
  if ('refused' in decided) throw fieldError(decided.refused.path, decided.refused.message);
  const { outcome, reasonToCheck } = decided;
  if (reasonToCheck !== null && !(await lostReasons(ctx)).includes(reasonToCheck)) {
    throw fieldError(unknownLostReason.path, unknownLostReason.message);
  }
  return outcome;
}

/**
 * The `$set` and the history entry of an outcome change (nothing when it stays the same), for
 * the write that makes it: a new outcome is stored with who set it and when.
 */
export function outcomeChange(
  at: Date,
  userId: string,
  before: Outcome | null,
  after: Outcome | null,
): { set: { outcome?: StoredOutcome | null }; entries: StoredHistoryEntry[] } {
  if (sameOutcome(before, after)) return { set: {}, entries: [] };
  const [from, to] = [outcomeText(before), outcomeText(after)];
  return {
    set: { outcome: after && { ...after, at, by: new Types.ObjectId(userId) } },
    // A changed comment alone is no entry: the history names the result and the reason.
    entries: from === to ? [] : [historyEntry(at, userId, 'outcome', from, to)],
  };
}

/** The history entry of an expected value's change: amounts as text, null for none. */
export function expectedValueEntries(
  at: Date,
  userId: string,
  before: number | null,
  after: number | null,
): StoredHistoryEntry[] {
  if (before === after) return [];
  const text = (value: number | null) => (value === null ? null : String(value));
  return [historyEntry(at, userId, 'expectedValue', text(before), text(after))];
}
