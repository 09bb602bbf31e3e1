import { OPEN_STATUSES, type OpenStatus, type StaleDays } from '@crm/shared';
import type { Types } from 'mongoose';
import type { AppContext } from '../../context.js';
import { groupTotals, type GroupTotal } from '../../db/group-totals.js';

/*
 * The requests' counts and totals Inicio shows (issue 22; here since issue 34: the requests are
 * this feature's data, dashboard/ shapes what these read). Each reads one range of an index
 * declared for it in request.model.ts, grouped by the database, and every query builder returns
 * its query unrun, so index-bound.test.ts explains exactly what the endpoint runs.
 */

type Filter = Record<string, unknown>;

/** An interval of instants, start included, end not: a period's days in the caller's zone. */
export type Range = { start: Date; end: Date };

/** `{ vendor }` for one executive, nothing for the whole team. */
export type Scope = Filter;

const within = ({ start, end }: Range) => ({ $gte: start, $lt: end });

/** The requests created in a range (the funnel's, each week's and the pipeline's). */
const createdIn = (scope: Scope, range: Range): Filter => ({ ...scope, createdAt: within(range) });

// ---------------------------------------------------------------------------------------------
// Embudo

export type FunnelGroup = {
  _id: { furthest?: number | null; status?: string | null };
  count: number;
};

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

// ---------------------------------------------------------------------------------------------
// Nuevas solicitudes por semana

/** A week's requests, and those of them from the landing form (each a count of one range). */
export const weekCountFilters = (scope: Scope, range: Range) => {
  const created = createdIn(scope, range);
  return { all: created, website: { ...created, sourceOfContact: 'website' } };
};

/**
 * The requests created in a range, and those of them from the landing form: two counts in
 * parallel, each an index range (a website count checks the source in the same index's keys).
 */
export async function weekCounts(
  ctx: AppContext,
  scope: Scope,
  range: Range,
): Promise<{ all: number; website: number }> {
  const { Request } = ctx.models;
  const filters = weekCountFilters(scope, range);
  const [all, website] = await Promise.all([
    Request.countDocuments(filters.all),
    Request.countDocuments(filters.website),
  ]);
  return { all, website };
}

// ---------------------------------------------------------------------------------------------
// Tiempo en cada etapa

export type StayRow = { stageVisits: { status: OpenStatus; ms: number } };

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

// ---------------------------------------------------------------------------------------------
// Cerradas (issues 21 and 22): the requests in CERRADO that got there in a range (stageChangedAt,
// set in the same write as the move), a range of { status, stageChangedAt } (or its executive's
// variant).

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

export type OutcomeGroup = {
  _id: { result?: string | null; reason?: string | null };
  count: number;
};

/** The period's closed requests by result and reason: one group, one accumulator. */
export const outcomesQuery = (ctx: AppContext, scope: Scope, range: Range) =>
  ctx.models.Request.aggregate<OutcomeGroup>([
    { $match: closedIn(scope, range) },
    {
      $group: { _id: { result: '$outcome.result', reason: '$outcome.reason' }, count: { $sum: 1 } },
    },
  ]);

// ---------------------------------------------------------------------------------------------
// Equipo: per executive, open and stale requests now, one $group by vendor each (a fixed number
// of reads whatever the team's size; see dashboard/team.ts).

const DAY_MS = 24 * 60 * 60 * 1000;

export type VendorCount = { _id: VendorId; count: number };

/** The open requests per executive: one range per open stage of { status, createdAt, _id }. */
export const openByVendorQuery = (ctx: AppContext) =>
  ctx.models.Request.aggregate<VendorCount>([
    { $match: { status: { $in: [...OPEN_STATUSES] } } },
    { $group: { _id: '$vendor', count: { $sum: 1 } } },
  ]);

/**
 * Stale now: open and in its stage longer than the stage's limit (staleDaysOf in
 * packages/shared/src/settings.ts: more than `limit` days since stageChangedAt). One range of
 * { status, stageChangedAt } per stage that has a limit; none when no stage has one.
 */
export function staleFilter(staleDays: StaleDays, now: Date): Record<string, unknown> | null {
  const stages = OPEN_STATUSES.flatMap((status) => {
    const limit = staleDays[status];
    if (limit === null) return [];
    return [{ status, stageChangedAt: { $lt: new Date(now.getTime() - limit * DAY_MS) } }];
  });
  return stages.length ? { $or: stages } : null;
}

export const staleByVendorQuery = (ctx: AppContext, filter: Record<string, unknown>) =>
  ctx.models.Request.aggregate<VendorCount>([
    { $match: filter },
    { $group: { _id: '$vendor', count: { $sum: 1 } } },
  ]);
