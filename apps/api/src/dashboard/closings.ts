import type { Dashboard } from '@crm/shared';
import type { GroupTotal } from '../db/group-totals.js';
import type { OutcomeGroup, VendorId } from '../requests/index.js';

/*
 * "Cerradas" and their outcomes (issues 21 and 22), from requests/'s closedTotals and
 * outcomesQuery (the requests in CERRADO that got there in a range).
 */

/** All the groups' count and amount together. */
export const sumOf = (groups: GroupTotal<VendorId>[]) =>
  groups.reduce(
    (sum, group) => ({ count: sum.count + group.count, amount: sum.amount + group.total }),
    { count: 0, amount: 0 },
  );

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
