import type { Types } from 'mongoose';
import { isRequestStatus, REQUEST_STATUSES, type RequestStatus } from '@crm/shared';
import type { AppContext } from '../../context.js';
import { backfillOnce } from './backfill-once.js';

/*
 * Inicio's funnel and "Tiempo en cada etapa" (issue 22) read two fields of each request:
 * `furthestStage` and `stageVisits` (request.model.ts). Every write that changes a status keeps
 * them in that same write (stageChange below); requests stored before them get them once, on
 * start, from their history (backfillStageVisits), as stage-changed-at.ts does for its field.
 */

/** One ended stay in a stage, as stored. */
export type StageVisit = { status: RequestStatus; enteredAt: Date; leftAt: Date; ms: number };

/** A stage's place in the pipeline (REQUEST_STATUSES order): what `furthestStage` holds. */
const stageIndex = (status: RequestStatus): number => REQUEST_STATUSES.indexOf(status);

const visit = (status: RequestStatus, enteredAt: Date, leftAt: Date): StageVisit => ({
  status,
  enteredAt,
  leftAt,
  ms: leftAt.getTime() - enteredAt.getTime(),
});

/** A new request's: in its first stage, the furthest it has been; no stay ended yet. */
export const stageFieldsAtCreation = (status: RequestStatus) => ({
  furthestStage: stageIndex(status),
  stageVisits: [] as StageVisit[],
});

/** What a status change reads of the copy its write is conditioned on. */
export type StageOf = {
  status: RequestStatus;
  createdAt: Date;
  /** Absent only on a request the stageChangedAt backfill has not reached. */
  stageChangedAt?: Date | null;
};

/**
 * The parts of a status change's single write that keep the stage fields: the new stage starts
 * `now`, the furthest stage rises to it if it is further, and the stay it ends is appended. Only
 * right when the write applies to the copy read (statusVersion unchanged), as every caller's does.
 */
export function stageChange(stored: StageOf, to: RequestStatus, now: Date) {
  return {
    set: { stageChangedAt: now },
    max: { furthestStage: stageIndex(to) },
    visit: visit(stored.status, stored.stageChangedAt ?? stored.createdAt, now),
  };
}

type Stored = {
  _id: Types.ObjectId;
  status: RequestStatus;
  createdAt: Date;
  history?: { field?: string; from?: string | null; to?: string | null; at?: Date }[];
};

/**
 * A stored request's stage fields from its history's status entries (oldest first): the first
 * stay starts at its creation, in the first entry's `from` (its current status if it never
 * moved); each entry ends the running stay at its `at` and starts its `to`. An entry whose `from`
 * disagrees with the running status (a move not recorded) is trusted: the stay it ends was in its
 * `from`. Values that are no stage are skipped. The furthest stage is over every status seen,
 * the current one included.
 */
export function stageVisitsOf({ status, createdAt, history = [] }: Omit<Stored, '_id'>): {
  furthestStage: number;
  stageVisits: StageVisit[];
} {
  const moves = history.flatMap(({ field, from, to, at }) =>
    field === 'status' && at ? [{ from, to, at }] : [],
  );
  const first = moves[0]?.from;
  let running: RequestStatus = isRequestStatus(first) ? first : status;
  let enteredAt = createdAt;
  let furthestStage = Math.max(stageIndex(status), stageIndex(running));
  const stageVisits: StageVisit[] = [];
  for (const { from, to, at } of moves) {
    const left: RequestStatus = isRequestStatus(from) ? from : running;
    stageVisits.push(visit(left, enteredAt, at));
    running = isRequestStatus(to) ? to : left;
    enteredAt = at;
    furthestStage = Math.max(furthestStage, stageIndex(left), stageIndex(running));
  }
  return { furthestStage, stageVisits };
}

/**
 * Sets `furthestStage` and `stageVisits`, from the history, on every request without them
 * (backfill-once.ts: batched, idempotent, once).
 */
export const backfillStageVisits = (ctx: AppContext): Promise<number> =>
  backfillOnce<Stored>(ctx, {
    marker: 'backfill:stageVisits',
    missing: 'furthestStage',
    fields: 'status createdAt history.field history.from history.to history.at',
    compute: stageVisitsOf,
    what: 'furthestStage and stageVisits',
  });
