import type { QueryClient, QueryKey } from '@tanstack/react-query';
import {
  requestsApi,
  type BulkActionBody,
  type BulkResult,
  type OutcomeBody,
  type Request,
} from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';
import { changeCachedColumns, refetchColumns } from './board-cache';
import { historyQueryKey } from './get-request-history';
import { allColumnsQueryKey } from './query-keys';
import { readRecord } from './request-records';

/** POST /api/form-contact/bulk (issue 24): each request in its own conditional write. */
export function bulkRequests(body: BulkActionBody) {
  return callEndpoint(requestsApi.bulk, { body });
}

const outcomeOf = (outcome: OutcomeBody | undefined): Request['outcome'] =>
  outcome
    ? { result: outcome.result, reason: outcome.reason ?? null, comment: outcome.comment ?? null }
    : null;

/** What one request the server changed became, as the board can say without asking (undefined: deleted). */
function changedCopy(body: BulkActionBody, request: Request): Request | undefined {
  switch (body.action) {
    case 'move':
      // As a single move: leaving CERRADO clears the outcome, entering it sets the answer.
      return { ...request, status: body.to, outcome: outcomeOf(body.outcome) };
    case 'priority':
      return { ...request, priority: body.priority };
    case 'assign':
      return { ...request, vendor: body.vendorId };
    case 'delete':
      return undefined;
  }
}

/**
 * Applies a bulk action's answer to the board's cache, one changed request at a time, as a single
 * move or delete does (changeCachedColumns), then refetches each filtered column that needs the
 * server once. Those that failed were changed by someone else (or are gone): where they are now
 * only the server knows, so the columns on screen are read again.
 */
export function applyBulkResult(
  queryClient: QueryClient,
  body: BulkActionBody,
  result: BulkResult,
) {
  const stale: QueryKey[] = [];
  for (const id of result.changed) {
    const before = readRecord(queryClient, id);
    if (!before) continue;
    stale.push(...changeCachedColumns(queryClient, before, changedCopy(body, before)));
    void queryClient.invalidateQueries({ queryKey: historyQueryKey(id) });
  }
  if (result.failed.length > 0) {
    return queryClient.invalidateQueries({ queryKey: allColumnsQueryKey() });
  }
  return refetchColumns(queryClient, stale);
}
