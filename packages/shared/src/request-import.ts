import { formatNumber } from './format.js';
import { z } from 'zod';
import {
  BOARD_COLUMNS,
  CONTROL_CHARACTERS,
  EMAIL_LOOKUP_PATTERN,
  FIELD_MAX_LENGTH,
  PRIORITIES,
  PRIORITY_LABELS,
  REQUEST_STATUSES,
  REQUEST_TYPES,
} from './constants.js';
import {
  dateTimeSchema,
  maxLength,
  objectIdSchema,
  optionalText,
  requiredEmail,
  requiredText,
  safeIntegerSchema,
} from './fields.js';
import { expectedValueSchema } from './outcome.js';
import { notesSchema } from './request.js';
import { REQUEST_COLUMNS, type RequestColumnKey } from './request-columns.js';

/*
 * Issue 24, "Importar" (system admin): a spreadsheet of requests in, in four steps.
 *  1. Upload (POST /api/imports): the file's bytes, CSV (UTF-8 or Windows-1252, `,` `;` or tab,
 *     as Excel in Spanish writes it) or XLSX, at most IMPORT_LIMITS. The API parses it once into
 *     stored chunks of rows (text cells) and answers its headers, a sample and a guessed mapping.
 *  2. Check (POST /api/imports/:id/check): a mapping (a target field or nothing per column) and a
 *     duplicates policy; every row goes through parseImportRow (import-rows.ts: the same shared zod
 *     field schemas as the API's create and update) and the duplicate search, nothing is
 *     written to the requests; the answer is the report (counts, a preview of the first rows as
 *     they will be stored, errors by row and field in Spanish). Rejected rows download as a CSV.
 *  3. Start (POST /api/imports/:id/start): the import runs in the background, chunk by chunk,
 *     claimed by one API process at a time (a lease), resumable after a crash or restart, and
 *     idempotent: each row's request carries the row's key (unique), so a row is never stored
 *     twice, and each chunk's outcome is written before the next one starts.
 *  4. Progress (GET /api/imports/:id): counts, until done; the board refreshes its columns then.
 */

/** What one file may hold. Anything beyond is refused with IMPORT_MESSAGES before a row is stored. */
export const IMPORT_LIMITS = {
  maxBytes: 20 * 1024 * 1024,
  maxRows: 100_000,
  /** Columns of the header row; a request has 19 exportable columns, so 200 is generous. */
  maxColumns: 200,
  /** One cell: the longest field a request takes is its notes, all together. */
  maxCellChars: 20_000,
  /**
   * An XLSX is a zip: the most its parts may expand to, all together, and the highest ratio of
   * expanded to compressed size (a zip bomb is refused from its directory, before inflating).
   */
  maxXlsxExpandedBytes: 200 * 1024 * 1024,
  maxXlsxRatio: 200,
  /** Rows per stored chunk and per step of the background job. */
  chunkRows: 500,
  /** Rows in the report's preview and errors listed in the report (the CSV has them all). */
  previewRows: 10,
  reportErrors: 200,
  /** Of each uploaded file's first rows, what the mapping step shows. */
  sampleRows: 5,
} as const;

/** The board's button (a system admin's): the rest of the dialog's words are in import-labels.ts. */
export const IMPORT_OPEN_LABEL = 'Importar';

/** What a browser sends as a CSV's or an XLSX's type; the bytes decide which it is. */
export const IMPORT_MEDIA_TYPES = [
  'text/csv',
  'text/plain',
  'application/csv',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/octet-stream',
] as const;
export const IMPORT_FILE_ACCEPT =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const IMPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
export const IMPORT_ENCODINGS = ['utf-8', 'windows-1252'] as const;
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];

/** The request fields a column can fill. A request number is never imported: each gets a new one. */
export const IMPORT_FIELDS = [
  'name',
  'email',
  'company',
  'jobPosition',
  'contactNumber',
  'requestType',
  'status',
  'priority',
  'vendor',
  'createdAt',
  'expectedValue',
  'message',
  'notes',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

const columnOf = (key: RequestColumnKey) => REQUEST_COLUMNS.find((column) => column.key === key)!;

/** The field as the mapping step and the errors name it (the export's headers). */
export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  name: columnOf('name').header,
  email: columnOf('email').header,
  company: columnOf('company').header,
  jobPosition: columnOf('jobPosition').header,
  contactNumber: columnOf('contactNumber').header,
  requestType: columnOf('requestType').header,
  status: columnOf('status').header,
  priority: columnOf('priority').header,
  vendor: 'Ejecutivo (correo)',
  createdAt: columnOf('createdAt').header,
  expectedValue: columnOf('expectedValue').header,
  message: columnOf('message').header,
  notes: columnOf('notes').header,
};

/** Fields a row must have: a request is nobody without a name and an email. */
export const IMPORT_REQUIRED_FIELDS = ['name', 'email'] as const satisfies readonly ImportField[];

/**
 * What to do with a row whose email is already a request's (or an earlier row's of the file):
 * leave it out, update that request (the newest with the email) with the row's non-empty
 * cells, or create another request anyway.
 */
export const DUPLICATE_POLICIES = ['skip', 'update', 'create'] as const;
export type DuplicatePolicy = (typeof DUPLICATE_POLICIES)[number];

export const IMPORT_STATUSES = [
  /** Parsed and stored; waiting for its mapping to be checked and the import started. */
  'uploaded',
  /** Started; no process has claimed it yet (or its process stopped and the lease ran out). */
  'queued',
  'running',
  'done',
  /** Stopped by its user: the rows before stay, listed in the report. */
  'cancelled',
  /** Something no row caused (the database went away for good): the report says how far it got. */
  'failed',
] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const isImportActive = (status: ImportStatus) => status === 'queued' || status === 'running';

/** One row's fate in the background job. */
export const IMPORT_ROW_RESULTS = ['created', 'updated', 'skipped', 'rejected'] as const;
export type ImportRowResult = (typeof IMPORT_ROW_RESULTS)[number];

export const IMPORT_MESSAGES = {
  // The file as a whole (400 unless said; nothing stored).
  notSpreadsheet: 'El archivo no es un CSV ni un XLSX',
  empty: 'El archivo está vacío',
  headerOnly: 'El archivo solo tiene la fila de encabezados: no hay solicitudes que importar',
  tooLarge: `El archivo supera los ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB`,
  tooManyRows: `El archivo tiene más de ${formatNumber(IMPORT_LIMITS.maxRows)} filas`,
  tooManyColumns: (count: number) =>
    `El archivo tiene ${formatNumber(count)} columnas; el máximo es ${IMPORT_LIMITS.maxColumns}`,
  cellTooLong: (row: number, column: number) =>
    `La celda de la fila ${row}, columna ${column} supera los ${formatNumber(IMPORT_LIMITS.maxCellChars)} caracteres`,
  mixedEncodings:
    'El archivo mezcla codificaciones (UTF-8 y Windows-1252): guárdalo de nuevo como «CSV UTF-8» y vuelve a subirlo',
  badCsv: (row: number) => `El CSV está mal formado cerca de la fila ${row} (revisa las comillas)`,
  badXlsx: 'El XLSX está dañado o no se puede leer',
  zipBomb: 'El XLSX se expande a un tamaño excesivo: no se abrirá',
  noSheet: 'El XLSX no tiene hojas con datos',
  // The mapping.
  mappingLength: 'El mapeo debe tener un destino (o ninguno) por cada columna',
  fieldTwice: (label: string) => `«${label}» está asignado a más de una columna`,
  requiredUnmapped: (label: string) => `Asigna una columna a «${label}»`,
  // One row (the report, the rejected rows' CSV).
  nameRequired: 'Falta el nombre',
  emailRequired: 'Falta el correo',
  invalidEmail: 'Correo inválido',
  unknownStage: `Etapa desconocida: usa ${BOARD_COLUMNS.map((column) => column.stageLabel).join(', ')}`,
  unknownPriority: `Prioridad desconocida: usa ${PRIORITIES.map((p) => PRIORITY_LABELS[p]).join(', ')}`,
  unknownType: `Tipo desconocido: usa ${REQUEST_TYPES.join(', ')}`,
  invalidDate: 'Fecha inválida: usa DD/MM/AAAA (con hora HH:MM si quieres) o AAAA-MM-DD',
  futureDate: 'La fecha de creación no puede ser futura',
  invalidVendorEmail: 'El ejecutivo se indica con su correo',
  unknownVendor: 'No hay un usuario con ese correo',
  // The import's life.
  notFound: 'Importación no encontrada',
  alreadyStarted: 'Esta importación ya se inició',
  notRunning: 'Esta importación ya terminó',
  notChecked: 'Revisa el archivo antes de importarlo',
  nothingToImport: 'No hay filas válidas que importar',
  // What the background job says of a row it could not write, and of an import it gave up.
  rowRefused: 'La base de datos no aceptó esta fila',
  targetGone: 'La solicitud que esta fila actualizaba ya no existe',
  targetBusy: 'La solicitud que esta fila actualizaba cambió mientras se importaba',
  stoppedAt: (firstRow: number, lastRow: number) =>
    `La importación se detuvo por un error en las filas ${firstRow} a ${lastRow}; las filas anteriores se importaron`,
} as const;

// ---------------------------------------------------------------------------------------------
// One row, as it will be stored

/**
 * A row's request, checked with the same field schemas as the API's create and update (the
 * names, the email rule, lengths, notes, the expected value), with the import's Spanish
 * messages. Cells are text; parseImportRow turns stages, priorities, dates and amounts into
 * these values first.
 */
export const importedRequestSchema = z.object({
  name: requiredText(IMPORT_MESSAGES.nameRequired),
  email: requiredEmail(IMPORT_MESSAGES.emailRequired, IMPORT_MESSAGES.invalidEmail),
  company: optionalText(),
  jobPosition: optionalText(),
  contactNumber: optionalText(FIELD_MAX_LENGTH.contactNumber),
  requestType: z.enum(REQUEST_TYPES),
  status: z.enum(REQUEST_STATUSES),
  priority: z.enum(PRIORITIES),
  /** The executive's email as written; the API finds the user (IMPORT_MESSAGES.unknownVendor). */
  vendorEmail: z
    .string()
    .max(FIELD_MAX_LENGTH.email, maxLength(FIELD_MAX_LENGTH.email))
    .regex(EMAIL_LOOKUP_PATTERN, IMPORT_MESSAGES.invalidVendorEmail)
    .nullable(),
  /** The creation instant; null: the moment it is imported. */
  createdAt: dateTimeSchema.nullable(),
  expectedValue: expectedValueSchema,
  message: z.string().max(FIELD_MAX_LENGTH.message, maxLength(FIELD_MAX_LENGTH.message)),
  notes: notesSchema,
});
export type ImportedRequest = z.infer<typeof importedRequestSchema>;

export const importRowErrorSchema = z.object({
  /** The row as a spreadsheet numbers it: the header is row 1, the first request row 2. */
  row: safeIntegerSchema.positive(),
  field: z.enum(IMPORT_FIELDS),
  /** The column's header in the file (the field's label when the column has none). */
  column: z.string(),
  /** The cell as written, shortened to 100 characters. */
  value: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export type ParsedImportRow =
  | {
      ok: true;
      request: ImportedRequest;
      /** The fields this row has a non-empty cell for: what "update" changes. */
      present: ImportField[];
    }
  | { ok: false; errors: ImportRowError[] };

// ---------------------------------------------------------------------------------------------
// The endpoints' schemas

export const importParamsSchema = z.object({ id: objectIdSchema });

/** A file's own name: no folder, on one line. */
const FILE_NAME_PATTERN = new RegExp(
  `^[^\\s/\\\\${CONTROL_CHARACTERS}](?:[^/\\\\${CONTROL_CHARACTERS}]*[^\\s/\\\\${CONTROL_CHARACTERS}])?$`,
);

/** POST /api/imports?name=<the file's name>: the body is the file's bytes. */
export const importUploadQuerySchema = z.strictObject({
  // Not trimmed here (JSON Schema could not say so): the pattern refuses blanks at either end,
  // and the web app sends the name trimmed.
  name: z
    .string()
    .min(1)
    .max(200, maxLength(200))
    // A name as the history and the list show it: one line, no path.
    .regex(FILE_NAME_PATTERN, 'Nombre de archivo inválido'),
});

const mappingSchema = z
  .array(z.enum(IMPORT_FIELDS).nullable())
  .max(IMPORT_LIMITS.maxColumns)
  // importPlanSchema's refinement is invisible to JSON Schema; these keywords say the same:
  // name and email mapped, every field at most once (nulls as often as there are columns).
  .meta({
    allOf: [
      ...IMPORT_REQUIRED_FIELDS.map((field) => ({ contains: { const: field } })),
      ...IMPORT_FIELDS.map((field) => ({
        contains: { const: field },
        minContains: 0,
        maxContains: 1,
      })),
    ],
  });

/**
 * The mapping and the duplicates policy, as checked and as started. The mapping has one entry
 * per column of the file (400 IMPORT_MESSAGES.mappingLength otherwise, said by the API, which
 * knows the file), each field at most once, name and email mapped.
 */
export const importPlanSchema = z
  .strictObject({ mapping: mappingSchema, duplicates: z.enum(DUPLICATE_POLICIES) })
  .superRefine((plan, context) => {
    const seen = new Set<ImportField>();
    plan.mapping.forEach((field, index) => {
      if (!field) return;
      if (seen.has(field)) {
        context.addIssue({
          code: 'custom',
          path: ['mapping', index],
          message: IMPORT_MESSAGES.fieldTwice(IMPORT_FIELD_LABELS[field]),
        });
      }
      seen.add(field);
    });
    for (const field of IMPORT_REQUIRED_FIELDS) {
      if (!seen.has(field)) {
        context.addIssue({
          code: 'custom',
          path: ['mapping'],
          message: IMPORT_MESSAGES.requiredUnmapped(IMPORT_FIELD_LABELS[field]),
        });
      }
    }
  });
export type ImportPlan = z.infer<typeof importPlanSchema>;

const countsSchema = z.object({
  /** Rows the job has finished (each one created, updated, skipped or rejected). */
  processed: safeIntegerSchema.nonnegative(),
  created: safeIntegerSchema.nonnegative(),
  updated: safeIntegerSchema.nonnegative(),
  skipped: safeIntegerSchema.nonnegative(),
  rejected: safeIntegerSchema.nonnegative(),
});
export type ImportCounts = z.infer<typeof countsSchema>;

/** An import as GET /api/imports/:id answers it (and every other imports endpoint but check). */
export const importSummarySchema = z.object({
  _id: objectIdSchema,
  fileName: z.string(),
  format: z.enum(IMPORT_FORMATS),
  /** How a CSV was read (null for XLSX). */
  encoding: z.enum(IMPORT_ENCODINGS).nullable(),
  delimiter: z.enum([',', ';', '\t']).nullable(),
  headers: z.array(z.string()),
  /** Request rows (the header not counted). */
  rowCount: safeIntegerSchema.nonnegative(),
  /** The first IMPORT_LIMITS.sampleRows rows' cells, as the mapping step shows them. */
  sample: z.array(z.array(z.string())),
  /** The guess until a check or a start saves the one chosen. */
  mapping: z.array(z.enum(IMPORT_FIELDS).nullable()),
  duplicates: z.enum(DUPLICATE_POLICIES).nullable(),
  status: z.enum(IMPORT_STATUSES),
  progress: countsSchema,
  createdAt: dateTimeSchema,
  createdBy: objectIdSchema,
  startedAt: dateTimeSchema.nullable(),
  finishedAt: dateTimeSchema.nullable(),
  /** Why a failed import stopped. */
  error: z.string().nullable(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

/** GET /api/imports: the newest imports (at most 20), so the dialog finds one still running. */
export const importListSchema = z.object({ items: z.array(importSummarySchema) });
export type ImportList = z.infer<typeof importListSchema>;

/** A preview row: the request as it will be stored (the executive by name, dates as instants). */
export const importPreviewRowSchema = z.object({
  row: safeIntegerSchema.positive(),
  request: importedRequestSchema.extend({
    /** The executive found by the email (their full name); null: unassigned. */
    vendorName: z.string().nullable(),
  }),
  /** What the policy makes of it: a new request, an update of an existing one, or left out. */
  result: z.enum(['created', 'updated', 'skipped']),
});
export type ImportPreviewRow = z.infer<typeof importPreviewRowSchema>;

/** POST /api/imports/:id/check: what the import would do, nothing written to the requests. */
export const importReportSchema = z.object({
  rows: safeIntegerSchema.nonnegative(),
  valid: safeIntegerSchema.nonnegative(),
  rejected: safeIntegerSchema.nonnegative(),
  /** Valid rows whose email an existing request has, and rows repeating an earlier row's. */
  duplicatesExisting: safeIntegerSchema.nonnegative(),
  duplicatesInFile: safeIntegerSchema.nonnegative(),
  /** What starting with this plan does with the valid rows. */
  willCreate: safeIntegerSchema.nonnegative(),
  willUpdate: safeIntegerSchema.nonnegative(),
  willSkip: safeIntegerSchema.nonnegative(),
  preview: z.array(importPreviewRowSchema),
  /** The first IMPORT_LIMITS.reportErrors errors, by row; the rejected rows' CSV has them all. */
  errors: z.array(importRowErrorSchema),
  errorsTotal: safeIntegerSchema.nonnegative(),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/**
 * GET /api/imports/:id/rows: a CSV of the file's rows with what happened to each. `rejected`
 * (before or after the start): the rejected rows as they were, plus "Errores"; `all` (after):
 * every row plus "Resultado", "Número" and "Errores", which tells exactly which rows went in.
 */
export const importRowsQuerySchema = z.strictObject({
  rows: z.enum(['rejected', 'all']).default('rejected'),
});
export const IMPORT_ROWS_COLUMNS = {
  result: 'Resultado',
  requestNumber: 'Número',
  errors: 'Errores',
} as const;
export const importRowsFileName = (fileName: string, rows: 'rejected' | 'all') =>
  `${fileName.replace(/\.[^.]*$/, '')}-${rows === 'rejected' ? 'rechazadas' : 'resultado'}.csv`;
