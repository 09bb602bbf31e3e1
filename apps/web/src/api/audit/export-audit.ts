import { AUDIT_LABELS, auditApi, type AuditFilters } from '@crm/shared';
import { env } from '../../config/env';
import { callEndpoint } from '../../lib/api-client';

/**
 * POST /api/audit/export/link: the CSV's address for these filters, with a download ticket that
 * works a minute (as the board's export: api/requests/export-requests.ts). The browser follows it
 * by itself, so its own download starts at once.
 */
export async function auditExportLink(filters: AuditFilters): Promise<string> {
  const { url } = await callEndpoint(
    auditApi.exportLink,
    { body: filters },
    { failureMessage: AUDIT_LABELS.exportFailed },
  );
  return `${env.VITE_API_URL}${url}`;
}
