import {
  OPEN_STATUSES,
  REQUEST_STATUSES,
  daysOf,
  instantsOf,
  medianOf,
  percentileOf,
  pipelineOf,
  plusDays,
  weekStarts,
  type Dashboard,
  type OpenStatus,
  type WinProbability,
} from '@crm/shared';
import type { AppContext } from '../context.js';

/*
 * Inicio's figures that read requests by when they were created or left a stage (issue 22), each
 * one range of an index declared for it in request.model.ts, grouped by the database. Every query
 * builder returns its query unrun, so index-bound.test.ts explains exactly what the endpoint runs.
 */

type Filter = Record<string, unknown>;

/** An interval of instants, start included, end not: a period's days in the caller's zone. */
export type Range = { start: Date; end: Date };

/** `{ vendor }` for one executive, nothing for the whole team. */
export type Scope = Filter;

export const within = ({ start, end }: Range) => ({ $gte: start, $lt: end });

/** The requests created in a range (the funnel's, each week's and the pipeline's). */
const createdIn = (scope: Scope, range: Range): Filter => ({ ...scope, createdAt: within(range) });

// ---------------------------------------------------------------------------------------------
// Embudo

type FunnelGroup = { _id: { furthest?: number | null; status?: string | null }; count: number };

/**
 * The requests created in the period, counted by the furthest stage each reached; a request the
 * start-up backfill has not reached yet (no furthestStage) counts by its current stage. One
 * accumulator (FerretDB 1.x computes no other), a compound group id (FerretDB has no $ifNull).
 */
export const funnelQuery = (ctx: AppContext, scope: Scope, range: Range) =>
  ctx.models.Request.aggregate<FunnelGroup>([
    { $match: createdIn(scope, range) },
    { $group: { _id: { furthest: '$furthestStage', status: '$status' }, count: { $sum: 1 } } },
  ]);

const stageAt = (status: string | null | undefined) =>
  REQUEST_STATUSES.indexOf(status as (typeof REQUEST_STATUSES)[number]);

/** How many got at least as far as each stage: the counts from the last stage back, summed. */
export function funnelOf(groups: FunnelGroup[]): Dashboard['funnel'] {
  const last = REQUEST_STATUSES.length - 1;
  const endedAt = REQUEST_STATUSES.map(() => 0);
  for (const { _id, count } of groups) {
    // Never below where it is now (a stale or missing furthestStage can't hide its stage).
    const furthest = Math.max(
      typeof _id.furthest === 'number' ? Math.trunc(_id.furthest) : -1,
      stageAt(_id.status),
    );
    if (furthest < 0) continue;
    endedAt[Math.min(furthest, last)]! += count;
  }
  let reached = 0;
  const funnel = REQUEST_STATUSES.map((status) => ({ status, reached: 0 }));
  for (let stage = last; stage >= 0; stage--) {
    reached += endedAt[stage]!;
    funnel[stage]!.reached = reached;
  }
  return funnel;
}

// ---------------------------------------------------------------------------------------------
// Nuevas solicitudes por semana

/** A week's requests, and those of them from the landing form (each a count of one range). */
export const weekCountFilters = (scope: Scope, range: Range) => {
  const created = createdIn(scope, range);
  return { all: created, website: { ...created, sourceOfContact: 'website' } };
};

/**
 * The 12 weeks (Monday on, in the caller's zone) up to this one: two counts each, all in
 * parallel, each an index range (a website count checks the source in the same index's keys).
 */
export async function weeklyOf(
  ctx: AppContext,
  scope: Scope,
  now: Date,
  timeZone: string,
): Promise<Dashboard['weekly']> {
  const { Request } = ctx.models;
  return Promise.all(
    weekStarts(now, timeZone).map(async (weekStart) => {
      const filters = weekCountFilters(
        scope,
        instantsOf(weekStart, plusDays(weekStart, 6), timeZone),
      );
      const [all, website] = await Promise.all([
        Request.countDocuments(filters.all),
        Request.countDocuments(filters.website),
      ]);
      return { weekStart, website, other: all - website };
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Tiempo en cada etapa

type StayRow = { stageVisits: { status: OpenStatus; ms: number } };

/**
 * Every stay in an open stage that ended in the period, as { status, ms } only, shortest first:
 * the requests holding one are a range of the multikey index { stageVisits.leftAt }, then each of
 * their stays is checked again (a request may hold stays ended before or after). `$elemMatch`
 * lets MongoDB bound the index on both ends (on a multikey field it otherwise keeps one bound
 * and reads every later stay's request); FerretDB 1.x refuses it over documents, and there the
 * plain range is the same filter. No $push (FerretDB 1.x has none) and an inclusion $project
 * (FerretDB 1.x doesn't evaluate `$field` expressions in $project).
 */
export const staysQuery = (ctx: AppContext, scope: Scope, range: Range, elemMatch: boolean) =>
  ctx.models.Request.aggregate<StayRow>([
    {
      $match: {
        ...scope,
        ...(elemMatch
          ? { stageVisits: { $elemMatch: { leftAt: within(range) } } }
          : { 'stageVisits.leftAt': within(range) }),
      },
    },
    { $unwind: '$stageVisits' },
    {
      $match: {
        'stageVisits.leftAt': within(range),
        'stageVisits.status': { $in: [...OPEN_STATUSES] },
      },
    },
    { $sort: { 'stageVisits.status': 1, 'stageVisits.ms': 1 } },
    { $project: { _id: 0, 'stageVisits.status': 1, 'stageVisits.ms': 1 } },
  ]);

/** Each open stage's count, median and 90th percentile, in days. */
export function stageTimesOf(rows: StayRow[]): Dashboard['stageTimes'] {
  const byStage = new Map<string, number[]>(OPEN_STATUSES.map((status) => [status, []]));
  for (const { stageVisits } of rows) byStage.get(stageVisits.status)?.push(stageVisits.ms);
  return OPEN_STATUSES.map((status) => {
    // Sorted by the database already; sorting again costs nothing and guards the order.
    const stays = (byStage.get(status) ?? []).sort((a, b) => a - b);
    const median = medianOf(stays);
    const p90 = percentileOf(stays, 90);
    return {
      status,
      count: stays.length,
      medianDays: median === null ? null : daysOf(median),
      p90Days: p90 === null ? null : daysOf(p90),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Pipeline

/**
 * The expected values of the requests created in the period that are still open, per stage: one
 * range per open stage of the board's { status, createdAt } index (its executive's variant).
 * Inicio shows it as "Abierto de las creadas en el período" (issue 33): the board's "Pipeline
 * abierto" sums every open request under its filters, whenever created, a different figure.
 */
export const pipelineQuery = (ctx: AppContext, scope: Scope, range: Range) =>
  ctx.models.Request.aggregate<{ _id: OpenStatus; total: number }>([
    { $match: { ...createdIn(scope, range), status: { $in: [...OPEN_STATUSES] } } },
    { $group: { _id: '$status', total: { $sum: '$expectedValue' } } },
  ]);

export const pipelineFrom = (
  groups: { _id: OpenStatus; total: number }[],
  winProbability: WinProbability,
): Dashboard['pipeline'] =>
  pipelineOf(Object.fromEntries(groups.map((group) => [group._id, group.total])), winProbability);
