import { z } from 'zod';
import {
  AUDIT_ACTIONS,
  auditExportDownloadQuerySchema,
  auditExportQuerySchema,
  auditPageSchema,
  auditQuerySchema,
} from '../audit.js';
import { EXPORT_MESSAGES, EXPORT_TICKET_TTL_SECONDS, exportLinkSchema } from '../request-export.js';
import { defineEndpoint, type GroupDocs } from './define.js';

/*
 * The audit log's endpoints (issue 32), apart from `api` (all-endpoints.ts says why): only the
 * audit screen calls them. Reads only: the log is written by the actions it records, and no
 * endpoint changes or deletes an entry.
 */
export const auditApi = {
  list: defineEndpoint({
    id: 'audit.list',
    method: 'get',
    path: '/api/audit',
    tag: 'audit',
    access: 'admin',
    query: auditQuerySchema,
    status: 200,
    response: auditPageSchema,
    errors: { 400: 'A bad filter, cursor or limit, or an unknown parameter' },
  }),
  export: defineEndpoint({
    id: 'audit.export',
    method: 'get',
    path: '/api/audit/export',
    tag: 'audit',
    access: 'admin',
    ticket: { audience: 'audit-export', invalid: EXPORT_MESSAGES.ticketInvalid },
    query: auditExportDownloadQuerySchema,
    status: 200,
    response: z.string(),
    responseMediaType: 'text/csv',
    errors: {
      401: `No bearer token and no ticket, or a bad one: ${EXPORT_MESSAGES.ticketInvalid}`,
    },
  }),
  exportLink: defineEndpoint({
    id: 'audit.exportLink',
    method: 'post',
    path: '/api/audit/export/link',
    tag: 'audit',
    access: 'admin',
    body: auditExportQuerySchema,
    status: 200,
    response: exportLinkSchema,
  }),
} as const;

export type AuditApi = typeof auditApi;

export const auditDocs: GroupDocs<AuditApi> = {
  list: {
    summary: 'The audit log, newest first (keyset cursor on the instant and _id)',
    description:
      'System admins only. Filters: `user` (who acted), `action` (one of ' +
      `${AUDIT_ACTIONS.join(', ')}), \`from\` and \`to\` (days in APP_TIME_ZONE, both included). ` +
      'Each entry: who (their name and email as they were then, or the address a failed ' +
      'sign-in tried), when, from where (address and browser), what (the action and a few ' +
      'details) and on what. Append-only: no endpoint changes or deletes an entry; entries ' +
      'lapse after AUDIT_RETENTION_DAYS.',
    responseDescription: 'One page of entries and the next page’s cursor',
  },
  export: {
    summary: 'The audit log of the same filters as a CSV file',
    description:
      'Newest first, streamed from one cursor. UTF-8 with a byte-order mark, `;` between ' +
      'fields, text cells starting with =, +, -, @, a tab or a carriage return get a leading ' +
      'apostrophe. Signed in by the Authorization header, or by `ticket` alone (the address ' +
      'POST /api/audit/export/link answers).',
    responseDescription: 'The file (Content-Disposition: attachment)',
  },
  exportLink: {
    summary: 'The audit CSV’s address with a short-lived download ticket',
    description:
      'The body is the filters. The answer is GET /api/audit/export with them and a `ticket` ' +
      `(audience \`audit-export\`) that works ${EXPORT_TICKET_TTL_SECONDS} seconds, for this ` +
      'caller’s session and exactly this query. Writes nothing.',
    responseDescription: 'The address to download the file from',
  },
};
