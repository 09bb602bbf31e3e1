import type { Types } from 'mongoose';
import type { Dashboard } from '@crm/shared';
import type { AppContext } from '../context.js';
import { groupTotals, type GroupTotal } from '../db/group-totals.js';
import { within, type Range, type Scope } from './figures.js';

/*
 * "Cerradas" and their outcomes (issues 21 and 22): the requests in CERRADO that got there in a
 * range (stageChangedAt, set in the same write as the move), a range of { status, stageChangedAt }
 * (or its executive's variant).
 */

export const closedIn = (scope: Scope, range: Range) => ({
  ...scope,
  status: 'closed',
  stageChangedAt: within(range),
});

/** Who a group is: an executive's id, or null for the unassigned (or the whole, ungrouped). */
export type VendorId = Types.ObjectId | null;

/**
 * The count and amount paid of the requests closed in a range, per executive when `byVendor`
 * (the team's rows share the read), else in one group: one $group on MongoDB, one per
 * accumulator on FerretDB 1.x (db/group-totals.ts, as the board's column totals).
 */
export const closedTotals = (
  ctx: AppContext,
  scope: Scope,
  range: Range,
  byVendor: boolean,
): Promise<GroupTotal<VendorId>[]> =>
  groupTotals<VendorId>(
    ctx.connection,
    ctx.models.Request,
    closedIn(scope, range),
    byVendor ? '$vendor' : null,
    '$amoutPaid',
  );

/** All the groups' count and amount together. */
export const sumOf = (groups: GroupTotal<VendorId>[]) =>
  groups.reduce(
    (sum, group) => ({ count: sum.count + group.count, amount: sum.amount + group.total }),
    { count: 0, amount: 0 },
  );

type OutcomeGroup = { _id: { result?: string | null; reason?: string | null }; count: number };

/** The period's closed requests by result and reason: one group, one accumulator. */
export const outcomesQuery = (ctx: AppContext, scope: Scope, range: Range) =>
  ctx.models.Request.aggregate<OutcomeGroup>([
    { $match: closedIn(scope, range) },
    {
      $group: { _id: { result: '$outcome.result', reason: '$outcome.reason' }, count: { $sum: 1 } },
    },
  ]);

const byText = new Intl.Collator('es');

/**
 * Won, lost and "Sin resultado" (no outcome: closed before issue 21, or a null one); the lost
 * ones' reasons, most first, ties in alphabetical order.
 */
export function outcomesOf(groups: OutcomeGroup[]): Dashboard['outcomes'] {
  const outcomes: Dashboard['outcomes'] = { won: 0, lost: 0, none: 0, lostReasons: [] };
  for (const { _id, count } of groups) {
    if (_id.result === 'won') outcomes.won += count;
    else if (_id.result === 'lost') {
      outcomes.lost += count;
      // A lost outcome always names its reason (outcome.ts); one without is counted, not listed.
      if (_id.reason) outcomes.lostReasons.push({ reason: _id.reason, count });
    } else outcomes.none += count;
  }
  outcomes.lostReasons.sort((a, b) => b.count - a.count || byText.compare(a.reason, b.reason));
  return outcomes;
}
