import { z } from 'zod';
import { boardFilterShape } from './board.js';
import { unknownParameter } from './fields.js';

/*
 * Issue 24, "Exportar": the requests of the board's current search and filters, every stage, as
 * a file a spreadsheet opens. Streamed from one database cursor (oldest first by createdAt, then
 * _id, on an existing board index), so 100,000 rows go out in constant memory and the download
 * starts at once. Any signed-in role: the board shows them the same requests.
 */

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_MEDIA_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const satisfies Record<ExportFormat, string>;

/** GET /api/form-contact/export: the board's filters (without paging) and the file's format. */
export const exportQuerySchema = z.strictObject(
  { ...boardFilterShape, format: z.enum(EXPORT_FORMATS).default('csv') },
  { error: unknownParameter },
);
export type ExportQuery = z.input<typeof exportQuerySchema>;

/**
 * GET /api/form-contact/export as the browser follows it by itself: the same query, plus the
 * download ticket POST /api/form-contact/export/link made for it (instead of the Authorization
 * header, which a browser's own download cannot send).
 */
export const exportDownloadQuerySchema = z.strictObject(
  { ...exportQuerySchema.shape, ticket: z.string().max(2048).optional() },
  { error: unknownParameter },
);

/** How long a download ticket works, in seconds: the browser follows its link at once. */
export const EXPORT_TICKET_TTL_SECONDS = 60;

/**
 * POST /api/form-contact/export/link: the export's address with a ticket, relative to the API's
 * origin (the web app puts its API address in front, as for every call).
 */
export const exportLinkSchema = z.object({ url: z.string().startsWith('/api/') });
export type ExportLink = z.infer<typeof exportLinkSchema>;

export const EXPORT_MESSAGES = {
  /** 401 for a ticket that is malformed, altered, expired, for another query or a closed session. */
  ticketInvalid: 'El enlace de descarga no es válido o ya venció. Vuelve a exportar.',
} as const;

/** `solicitudes-2026-11-25.csv`: the day in APP_TIME_ZONE. */
export const exportFileName = (day: string, format: ExportFormat) => `solicitudes-${day}.${format}`;

/**
 * The CSV: UTF-8 with a byte-order mark (Excel reads accents right), `;` between fields (what
 * Excel in Spanish expects, its decimal comma taking `,`), CRLF line ends, RFC 4180 quoting.
 */
export const CSV_EXPORT = { bom: '\uFEFF', delimiter: ';', lineEnd: '\r\n' } as const;

/**
 * Against CSV/formula injection (OWASP): a text cell starting with =, +, -, @, a tab or a carriage
 * return gets a leading apostrophe, so a spreadsheet shows it as text and never runs it. Numbers
 * and dates are written as such and need none. Issue 33: a value made only of +, digits, spaces,
 * dots, dashes and parentheses (a phone, "+56 9 1234 5678", "(2) 2123-4567") can call no function
 * nor reach another cell or program, so it is written as it is, without the apostrophe.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;
const PHONE_LIKE = /^[+\d .()-]+$/;
export const neutraliseCell = (text: string): string =>
  FORMULA_START.test(text) && !PHONE_LIKE.test(text) ? `'${text}` : text;

export const EXPORT_LABELS = {
  button: 'Exportar',
  csv: 'CSV (Excel)',
  xlsx: 'Excel (.xlsx)',
  preparing: 'Preparando el archivo…',
  failed: 'No se pudo exportar. Inténtalo de nuevo.',
  /** The XLSX file's one worksheet. */
  sheet: 'Solicitudes',
} as const;
