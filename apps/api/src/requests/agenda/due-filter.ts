import { dueAtEnvelope, type DueRange } from '@crm/shared';

type Filter = Record<string, unknown>;

/** `from ≤ value < before`, either side open; undefined when both are. */
function between<T>({ from, before }: { from?: T; before?: T }): Filter | undefined {
  const bounds = {
    ...(from !== undefined && { $gte: from }),
    ...(before !== undefined && { $lt: before }),
  };
  return Object.keys(bounds).length ? bounds : undefined;
}

/**
 * A due range (shared agenda.ts: timed activities by their instant, date-only ones by their day
 * in the viewer's calendar) as MongoDB conditions on the activity fields under `prefix`
 * (`activities.`, `nextActivity.`):
 * - `envelope`: the `dueAt` instants the range can hold, for the index { …, dueAt } to be read
 *   over (a date-only day widens it by a day at most);
 * - `exact`: the `$or` that then keeps exactly the range's activities, on the documents read.
 */
export function dueConditions(
  range: DueRange,
  prefix: string,
): { envelope: { from?: Date; before?: Date }; exact: Filter } {
  const timed = between(range.timed);
  const days = between(range.dateOnly);
  return {
    envelope: dueAtEnvelope(range),
    exact: {
      $or: [
        { [`${prefix}dueTime`]: { $ne: null }, ...(timed && { [`${prefix}dueAt`]: timed }) },
        // `null` also matches a missing time: a date-only activity.
        { [`${prefix}dueTime`]: null, ...(days && { [`${prefix}dueDate`]: days }) },
      ],
    },
  };
}
