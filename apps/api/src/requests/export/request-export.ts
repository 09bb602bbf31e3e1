import type { Response } from 'express';
import type { FilterQuery } from 'mongoose';
import {
  EXPORT_MEDIA_TYPES,
  EXPORT_TICKET_TTL_SECONDS,
  REQUEST_STATUSES,
  TICKET_PARAM,
  api,
  dayIn,
  exportFileName,
  type EndpointInput,
  type ExportLink,
} from '@crm/shared';
import { currentUser, ticketedPath, type AuthUser, type Caller } from '../../auth/index.js';
import type { AppContext } from '../../context.js';
import type { RawHandler } from '../../http/endpoint.js';
import { fileRoute } from '../../http/file-route.js';
import { boardBounds, filterFor } from '../board/board.service.js';
import {
  EXPORTED_FIELDS,
  EXPORT_HEADERS,
  exportRow,
  type ExportedRequest,
  type ExportedVendor,
} from './export-row.js';
import { exportWriter, writeRows } from './export-writers.js';
import type { RequestDoc } from '../request.model.js';

/*
 * GET /api/form-contact/export (issue 24): the board's search and filters, every stage, as a CSV
 * or XLSX file, streamed from one cursor. The headers and the header row go out before anything
 * is read, so the download starts at once; then one batch of rows per database batch, waiting
 * for the client whenever the response is full, so memory stays flat however many rows; a
 * client that leaves closes the cursor.
 */

const endpoint = api.requests.export;
type ExportQuery = Omit<EndpointInput<typeof endpoint>['query'], typeof TICKET_PARAM>;

/** Requests per database batch. */
export const EXPORT_BATCH_SIZE = 500;
/**
 * Rows per write, after which the export lets other calls run: an XLSX row costs about 0.1 ms
 * of CPU (ExcelJS builds its XML), so a whole database batch at once would hold the event loop
 * for some 50 ms on a busy machine; a hundred keep `/api/health` and the others' calls prompt.
 */
const ROWS_PER_WRITE = 100;

/**
 * Oldest first, ties by _id. Under the five statuses, MongoDB reads it from the board's
 * { status, createdAt, _id } index (or { vendor, status, createdAt, _id } with an executive),
 * merging the five ranges, read backwards, in order: no in-memory sort, no new index.
 */
const OLDEST_FIRST = { createdAt: 1, _id: 1 } as const;

/** The board's filter (the same function builds it), over every stage. */
export function exportFilter(
  query: ExportQuery,
  caller: Caller,
  now: Date,
): FilterQuery<RequestDoc> {
  return {
    ...filterFor(query, caller.userId, boardBounds(query, caller.timeZone, now)),
    status: { $in: [...REQUEST_STATUSES] },
  };
}

/** Every user's name and email, read once: there are tens of them, and rows name many. */
async function vendorsById(ctx: AppContext): Promise<Map<string, ExportedVendor>> {
  const users = await ctx.users.all();
  return new Map(
    users.map((user) => [user.id, { name: `${user.name} ${user.lastName}`, email: user.email }]),
  );
}

/** Streams the file into `res`, whose headers are not sent yet; stops when `gone` aborts. */
async function streamExport(
  ctx: AppContext,
  query: ExportQuery,
  caller: Caller,
  res: Response,
  gone: AbortSignal,
  sent: { rows: number },
): Promise<void> {
  const { format } = query;
  const timeZone = ctx.config.timeZone;
  res.status(endpoint.status);
  res.set({
    // The address may carry a download ticket: nothing this answer leads to should learn it.
    'Referrer-Policy': 'no-referrer',
    'Content-Type': EXPORT_MEDIA_TYPES[format],
    'Content-Disposition': `attachment; filename="${exportFileName(dayIn(ctx.clock.now(), timeZone), format)}"`,
  });
  const writer = exportWriter(format, res, timeZone, gone);
  writer.start(EXPORT_HEADERS);

  const vendors = await vendorsById(ctx);
  const cursor = ctx.models.Request.find(
    exportFilter(query, caller, ctx.clock.now()),
    EXPORTED_FIELDS,
  )
    .sort(OLDEST_FIRST)
    .lean<ExportedRequest[]>()
    .cursor({ batchSize: EXPORT_BATCH_SIZE });
  let complete: boolean;
  try {
    complete = await writeRows(writer, cursor, (doc) => exportRow(doc, vendors), {
      perWrite: ROWS_PER_WRITE,
      gone,
      sent,
    });
  } finally {
    await cursor.close();
  }
  if (complete) await writer.finish();
}

/**
 * Answers by itself (a file, not JSON), after the declared gate and token check, validating
 * with the same declaration as every route: a bad filter is a 400 on its field.
 */
export const exportRoute = (ctx: AppContext): RawHandler =>
  fileRoute(
    endpoint,
    ({ query }, req) =>
      async (res, gone) => {
        const sent = { rows: 0 };
        try {
          await streamExport(ctx, query, currentUser(req), res, gone, sent);
        } finally {
          // Also a cut or abandoned download: what left the server, and whether all of it did.
          // Never the ticket: it is a credential.
          const { format, [TICKET_PARAM]: _ticket, ...filters } = query;
          ctx.audit.record({
            action: 'requests.exported',
            details: {
              format,
              filters: Object.entries(filters).flatMap(([key, value]) =>
                value === undefined ? [] : [`${key}=${String(value)}`],
              ),
              rows: sent.rows,
              complete: res.writableFinished,
            },
          });
        }
      },
    'export failed',
  );

/**
 * POST /api/form-contact/export/link: the export's address for the browser to follow by itself,
 * so its own download starts at once and streams to disk. The ticket is bound to exactly the
 * parameters the address carries (auth/tickets.ts), which the guard hashes back on arrival.
 */
export function exportLink(ctx: AppContext, query: ExportQuery, caller: AuthUser): ExportLink {
  return { url: ticketedPath(ctx, caller, endpoint, query, EXPORT_TICKET_TTL_SECONDS) };
}
