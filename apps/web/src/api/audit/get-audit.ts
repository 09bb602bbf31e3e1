import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { AUDIT_LABELS, auditApi, queryKeyOf, type AuditFilters } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';

/*
 * The audit log (issue 32), a system admin's: its endpoints are declared apart from `api`
 * (contract/audit-endpoints.ts), so only the audit screen's chunk carries them.
 */

/** GET /api/audit?user&action&from&to&cursor: one page, newest first. */
export function getAuditPage(filters: AuditFilters, cursor: string | null, signal?: AbortSignal) {
  return callEndpoint(
    auditApi.list,
    { query: { ...filters, ...(cursor ? { cursor } : {}) } },
    { failureMessage: AUDIT_LABELS.loadFailed, signal },
  );
}

/** The log under some filters, as an infinite query: `pageParam` is the previous `nextCursor`. */
export const auditQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeyOf(auditApi.list, { query: filters }),
    queryFn: ({ pageParam, signal }) => getAuditPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery(auditQueryOptions(filters));
}
