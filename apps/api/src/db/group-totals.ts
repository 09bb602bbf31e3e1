import type { Aggregate, Connection, PipelineStage } from 'mongoose';
import { groupsSeveralAccumulators } from './server-features.js';

/*
 * A count and a sum per group, the database doing both: the board's column totals (expected
 * values per status, issue 21) and Inicio's closed figures (amount paid per executive, issue 22).
 * FerretDB 1.x computes only a $group's first accumulator (FerretDB#4616): there each accumulator
 * is grouped on its own, the same read twice, in parallel; MongoDB does both in one pass.
 */

type Filter = Record<string, unknown>;

/** What can run an aggregation: any model. */
type Aggregator = { aggregate<R>(pipeline: PipelineStage[]): Aggregate<R[]> };

/** What a group is grouped by: a field, several (a compound id), or nothing (one group). */
export type GroupBy = `$${string}` | Record<string, `$${string}`> | null;

/** A group's count and the sum of `summed` (`$field`); $sum counts null or missing as 0. */
export type GroupTotal<Id> = { _id: Id; count: number; total: number };

const totalsOf = (summed: `$${string}`) =>
  ({ count: { $sum: 1 }, total: { $sum: summed } }) as const;

/** The one-pass pipeline (MongoDB's), exported so index-bound tests can explain it. */
export const totalsPipeline = (
  match: Filter,
  id: GroupBy,
  summed: `$${string}`,
): PipelineStage[] => [{ $match: match }, { $group: { _id: id, ...totalsOf(summed) } }];

/**
 * The count and sum of `summed` of the documents of `match`, grouped by `id` (null: one group).
 * Groups without a document are absent.
 */
export async function groupTotals<Id>(
  connection: Connection,
  model: Aggregator,
  match: Filter,
  id: GroupBy,
  summed: `$${string}`,
): Promise<GroupTotal<Id>[]> {
  if (await groupsSeveralAccumulators(connection)) {
    return model.aggregate<GroupTotal<Id>>(totalsPipeline(match, id, summed));
  }
  const accumulators = totalsOf(summed);
  const [counts, totals] = await Promise.all(
    (['count', 'total'] as const).map((name) =>
      model.aggregate<{ _id: Id } & Partial<Record<typeof name, number>>>([
        { $match: match },
        { $group: { _id: id, [name]: accumulators[name] } },
      ]),
    ),
  );
  // Group ids are compared as the driver answers them: ObjectIds and dates by their text, a
  // compound id by its fields (JSON, in the order both reads answer them).
  const key = (groupId: Id) => JSON.stringify(groupId) ?? 'undefined';
  const totalOf = new Map((totals ?? []).map((group) => [key(group._id), group.total ?? 0]));
  return (counts ?? []).map((group) => ({
    _id: group._id,
    count: group.count ?? 0,
    total: totalOf.get(key(group._id)) ?? 0,
  }));
}
