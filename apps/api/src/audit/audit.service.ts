import type { Response } from 'express';
import type { FilterQuery } from 'mongoose';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_COLUMNS,
  EXPORT_MEDIA_TYPES,
  EXPORT_TICKET_TTL_SECONDS,
  TICKET_PARAM,
  auditApi,
  auditDetailsText,
  auditFileName,
  dayIn,
  encodeAuditCursor,
  instantsOf,
  neutraliseCell,
  type AuditEntry,
  type AuditPage,
  type EndpointInput,
  type ExportLink,
} from '@crm/shared';
import { ticketedPath, type AuthUser } from '../auth/index.js';
import type { AppContext } from '../context.js';
import type { RawHandler } from '../http/endpoint.js';
import { fileRoute } from '../http/file-route.js';
import { exportWriter, writeRows, type ExportCell } from '../requests/index.js';
import type { AuditEntryDoc } from './audit.model.js';

/*
 * Reading the log (issue 32): a system admin's pages, newest first, over the { at, _id } index
 * (or { actorId, … } / { action, … } when filtered by who or what), with a keyset cursor; and
 * the same filters as a CSV, written by the export's writer (BOM, `;`, CRLF, RFC 4180) with
 * every text cell neutralised against formula injection, behind the export's download ticket.
 */

type Filters = EndpointInput<typeof auditApi.exportLink>['body'];

const NEWEST_FIRST = { at: -1, _id: -1 } as const;

/** The stored entries of the filters: who, what, and the days in APP_TIME_ZONE. */
function auditFilter(ctx: AppContext, filters: Filters): FilterQuery<AuditEntryDoc> {
  const filter: FilterQuery<AuditEntryDoc> = {};
  if (filters.user) filter.actorId = filters.user.toLowerCase();
  if (filters.action) filter.action = filters.action;
  if (filters.from || filters.to) {
    const tz = ctx.config.timeZone;
    filter.at = {
      ...(filters.from ? { $gte: instantsOf(filters.from, filters.from, tz).start } : {}),
      ...(filters.to ? { $lt: instantsOf(filters.to, filters.to, tz).end } : {}),
    };
  }
  return filter;
}

export function toAuditEntry(doc: AuditEntryDoc): AuditEntry {
  return {
    _id: doc._id.toHexString(),
    at: doc.at.toISOString(),
    action: doc.action,
    actor: { userId: doc.actorId ?? null, name: doc.actorName, email: doc.actorEmail },
    target: doc.target
      ? { kind: doc.target.kind, id: doc.target.id, label: doc.target.label }
      : null,
    details: (doc.details ?? {}) as AuditEntry['details'],
    ip: doc.ip,
    browser: doc.browser,
  };
}

/** GET /api/audit: one page, newest first; `nextCursor` while there is more. */
export async function listAudit(
  ctx: AppContext,
  query: EndpointInput<typeof auditApi.list>['query'],
): Promise<AuditPage> {
  const filter = auditFilter(ctx, query);
  const position = query.cursor ?? null;
  const after: FilterQuery<AuditEntryDoc> = position
    ? {
        $or: [
          { at: { $lt: new Date(position.at) } },
          { at: new Date(position.at), _id: { $lt: position._id } },
        ],
      }
    : {};
  const docs = await ctx.models.AuditEntry.find({ $and: [filter, after] })
    .sort(NEWEST_FIRST)
    .limit(query.limit + 1)
    .lean<AuditEntryDoc[]>();
  const entries = docs.slice(0, query.limit).map(toAuditEntry);
  const last = entries.at(-1);
  return {
    entries,
    nextCursor: docs.length > query.limit && last ? encodeAuditCursor(last) : null,
  };
}

const text = (value: string): ExportCell => (value === '' ? null : neutraliseCell(value));

function csvRow(doc: AuditEntryDoc): ExportCell[] {
  const entry = toAuditEntry(doc);
  return [
    doc.at,
    text(AUDIT_ACTION_LABELS[entry.action]),
    text(entry.actor.name),
    text(entry.actor.email),
    text(entry.target?.label ?? ''),
    text(auditDetailsText(entry.details)),
    text(entry.ip),
    text(entry.browser),
  ];
}

/** Entries per database batch, and rows per write. */
const BATCH_SIZE = 500;

async function streamAudit(
  ctx: AppContext,
  filters: Filters,
  res: Response,
  gone: AbortSignal,
): Promise<void> {
  res.status(auditApi.export.status);
  res.set({
    // The address may carry a download ticket: nothing this answer leads to should learn it.
    'Referrer-Policy': 'no-referrer',
    'Content-Type': EXPORT_MEDIA_TYPES.csv,
    'Content-Disposition': `attachment; filename="${auditFileName(dayIn(ctx.clock.now(), ctx.config.timeZone))}"`,
  });
  const writer = exportWriter('csv', res, ctx.config.timeZone, gone);
  writer.start(Object.values(AUDIT_COLUMNS));
  const cursor = ctx.models.AuditEntry.find(auditFilter(ctx, filters))
    .sort(NEWEST_FIRST)
    .lean<AuditEntryDoc[]>()
    .cursor({ batchSize: BATCH_SIZE });
  let complete: boolean;
  try {
    complete = await writeRows(writer, cursor, csvRow, {
      perWrite: BATCH_SIZE,
      gone,
      sent: { rows: 0 },
    });
  } finally {
    await cursor.close();
  }
  if (complete) await writer.finish();
}

/** GET /api/audit/export: the CSV, answered by itself after the declared gate and checks. */
export const auditExportRoute = (ctx: AppContext): RawHandler =>
  fileRoute(
    auditApi.export,
    ({ query }) => {
      const { [TICKET_PARAM]: _ticket, ...filters } = query;
      return (res, gone) => streamAudit(ctx, filters, res, gone);
    },
    'audit export failed',
  );

/** POST /api/audit/export/link: the CSV's address with a ticket for exactly these filters. */
export function auditExportLink(ctx: AppContext, filters: Filters, caller: AuthUser): ExportLink {
  return { url: ticketedPath(ctx, caller, auditApi.export, filters, EXPORT_TICKET_TTL_SECONDS) };
}
