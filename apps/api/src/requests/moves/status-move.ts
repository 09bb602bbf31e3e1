import type { RequestStatus } from '@crm/shared';
import { historyEntry } from '../history/history.service.js';
import { stageChange, type StageOf } from './stage-visits.js';

/**
 * A request's status change from the copy read to `to`, as every write that changes a status
 * applies it: a move (move.service.ts), an edit's new status (requests.service.ts) and an import
 * row's (import-writes.ts). One place for the move's rules (issue 34):
 *
 * - `when`, the write's condition: no other status change came since the copy was read
 *   (statusVersion; null also matches a request stored before it existed), so the stay it ends
 *   is the one that was running;
 * - `set`, `inc`, `max`: the status, its stage starting `at` (the card's "Estancada" count),
 *   statusVersion + 1, the furthest stage reached;
 * - `entry`, `visit`: the history's status entry at `at`, and the stay it ends (stageVisits).
 *
 * The outcome (outcome.ts) goes with it where the status enters or leaves CERRADO.
 */
export function statusMove(
  stored: StageOf & { statusVersion?: number | null },
  to: RequestStatus,
  userId: string | null,
  at: Date,
) {
  const stage = stageChange(stored, to, at);
  return {
    when: { statusVersion: stored.statusVersion ?? null },
    set: { status: to, ...stage.set },
    inc: { statusVersion: 1 },
    max: stage.max,
    entry: historyEntry(at, userId, 'status', stored.status, to),
    visit: stage.visit,
  };
}
