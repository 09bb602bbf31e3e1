import { HttpResponse } from 'msw';
import { route } from './router';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_COLUMNS,
  auditDetailsText,
  CSV_EXPORT,
  systemTimeZone,
  wallClockOf,
  auditApi,
  encodeAuditCursor,
  type AuditEntry,
  type AuditFilters,
  ADMIN_ROLE,
  API_MESSAGES,
  TICKET_PARAM,
} from '@crm/shared';
import { newId, db } from './db';
import { csvLine, json, fake, fileCaller, ticketedLink } from './http';

// The audit log (audit-endpoints).

// ---------------------------------------------------------------------------------------------
// Issue 32: the audit log, as the API reads it (newest first, keyset cursor, filters by who,
// what and the days, in the browser's zone here) and its CSV behind a ticket of its own. The
// fake records nothing by itself: a test puts the entries it needs in `fakeAudit.entries`.

export const fakeAudit = { entries: [] as AuditEntry[] };
const auditTickets = new Map<string, { token: string; query: string; expiresAt: number }>();

export function resetAuditFake() {
  fakeAudit.entries = [];
  auditTickets.clear();
}

/** An entry of the log, newest unless `at` says otherwise. */
export function addAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  const entry: AuditEntry = {
    _id: newId(),
    at: new Date().toISOString(),
    action: 'auth.signIn',
    actor: { userId: null, name: '', email: '' },
    target: null,
    details: {},
    ip: '192.0.2.1',
    browser: 'Firefox 133 · Windows 10',
    ...overrides,
  };
  fakeAudit.entries.push(entry);
  return entry;
}

const dayStart = (day: string) => new Date(`${day}T00:00:00`).getTime();

function auditMatches(entry: AuditEntry, filters: AuditFilters) {
  const at = Date.parse(entry.at);
  return (
    (!filters.user || entry.actor.userId === filters.user) &&
    (!filters.action || entry.action === filters.action) &&
    (!filters.from || at >= dayStart(filters.from)) &&
    (!filters.to || at < dayStart(filters.to) + 86_400_000)
  );
}

/** Newest first, then the larger id first, as the API's { at: -1, _id: -1 }. */
const auditNewestFirst = (a: AuditEntry, b: AuditEntry) =>
  Date.parse(b.at) - Date.parse(a.at) || (a._id < b._id ? 1 : a._id > b._id ? -1 : 0);

export const auditRoutes = [
  route('get', auditApi.export.path, ({ request, url }) => {
    db.calls.push({ method: 'GET', path: url.pathname, body: undefined, search: url.search });
    const user = fileCaller(request, url, auditTickets);
    if (user instanceof Response) return user;
    if (user.role !== ADMIN_ROLE) return json({ message: API_MESSAGES.forbidden }, 403);
    const { [TICKET_PARAM]: _ticket, ...filters }: AuditFilters & { ticket?: string } =
      Object.fromEntries(url.searchParams);
    const lines = fakeAudit.entries
      .filter((entry) => auditMatches(entry, filters))
      .sort(auditNewestFirst)
      .map((entry) => [
        // The API's columns and words: the instant as day and time in the zone, the action's label.
        wallClockOf(new Date(entry.at), systemTimeZone())
          .toISOString()
          .slice(0, 16)
          .replace('T', ' '),
        AUDIT_ACTION_LABELS[entry.action],
        entry.actor.name,
        entry.actor.email,
        entry.target?.label ?? '',
        auditDetailsText(entry.details),
        entry.ip,
        entry.browser,
      ]);
    return new HttpResponse(
      CSV_EXPORT.bom + [Object.values(AUDIT_COLUMNS), ...lines].map(csvLine).join(''),
      {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="auditoria-2026-11-28.csv"',
        },
      },
    );
  }),

  fake(auditApi.exportLink, ({ input, request }) =>
    ticketedLink(auditTickets, auditApi.export.path, input.body, request),
  ),

  fake(auditApi.list, ({ input }) => {
    const { cursor, limit, ...filters } = input.query;
    const matching = fakeAudit.entries
      .filter((entry) => auditMatches(entry, filters))
      .sort(auditNewestFirst)
      .filter(
        (entry) =>
          !cursor ||
          Date.parse(entry.at) < Date.parse(cursor.at) ||
          (Date.parse(entry.at) === Date.parse(cursor.at) && entry._id < cursor._id),
      );
    const entries = matching.slice(0, limit);
    const last = entries.at(-1);
    return {
      entries,
      nextCursor: matching.length > limit && last ? encodeAuditCursor(last) : null,
    };
  }),
];
