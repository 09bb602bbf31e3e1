import type { Types } from 'mongoose';
import type { AppContext } from '../../context.js';
import { backfillOnce } from './backfill-once.js';

/*
 * Requests stored before issue 20 have no `stageChangedAt`. Once, on start, each gets the
 * instant of its last recorded status change (its history's last `status` entry), else its
 * creation (never moved, or moved before moves were recorded). Idempotent: each write applies
 * only while the field is still missing, so two processes starting together, or a start cut
 * short, leave the same result; a marker then spares later starts the scan.
 */

type Missing = {
  _id: Types.ObjectId;
  createdAt: Date;
  history?: { field?: string; at?: Date }[];
};

/** When a stored request entered its stage, as far as it recorded. */
function stageStartOf({ createdAt, history = [] }: Missing): Date {
  for (let i = history.length - 1; i >= 0; i--) {
    const entry = history[i];
    if (entry?.field === 'status' && entry.at) return entry.at;
  }
  return createdAt;
}

/** Sets `stageChangedAt` on every request without it (backfill-once.ts: batched, idempotent, once). */
export const backfillStageChangedAt = (ctx: AppContext): Promise<number> =>
  backfillOnce<Missing>(ctx, {
    marker: 'backfill:stageChangedAt',
    missing: 'stageChangedAt',
    fields: 'createdAt history.field history.at',
    compute: (request) => ({ stageChangedAt: stageStartOf(request) }),
    what: 'stageChangedAt',
  });
