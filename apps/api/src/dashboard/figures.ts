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
import { weekCounts, type FunnelGroup, type Scope, type StayRow } from '../requests/index.js';

/*
 * Inicio's figures from what requests/ reads of the requests (its figures.ts: the funnel's,
 * each week's, the stays' and the pipeline's reads, each one index range, grouped by the
 * database): here they become the panels.
 */

// ---------------------------------------------------------------------------------------------
// Embudo

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

/** The 12 weeks (Monday on, in the caller's zone) up to this one: two counts each, in parallel. */
export async function weeklyOf(
  ctx: AppContext,
  scope: Scope,
  now: Date,
  timeZone: string,
): Promise<Dashboard['weekly']> {
  return Promise.all(
    weekStarts(now, timeZone).map(async (weekStart) => {
      const range = instantsOf(weekStart, plusDays(weekStart, 6), timeZone);
      const { all, website } = await weekCounts(ctx, scope, range);
      return { weekStart, website, other: all - website };
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Tiempo en cada etapa

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

export const pipelineFrom = (
  groups: { _id: OpenStatus; total: number }[],
  winProbability: WinProbability,
): Dashboard['pipeline'] =>
  pipelineOf(Object.fromEntries(groups.map((group) => [group._id, group.total])), winProbability);
