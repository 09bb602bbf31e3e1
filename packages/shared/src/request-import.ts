import { z } from 'zod';
import {
  BOARD_COLUMNS,
  CONTROL_CHARACTERS,
  DEFAULT_REQUEST_TYPE,
  EMAIL_PATTERN,
  FIELD_MAX_LENGTH,
  NEW_REQUEST_DEFAULTS,
  PRIORITIES,
  PRIORITY_LABELS,
  REQUEST_STATUSES,
  REQUEST_TYPES,
  type Priority,
  type RequestStatus,
  type RequestType,
} from './constants.js';
import { zonedDueAt } from './activity.js';
import {
  dateTimeSchema,
  maxLength,
  objectIdSchema,
  optionalText,
  requiredEmail,
  requiredText,
  safeIntegerSchema,
} from './fields.js';
import { expectedValueSchema, MAX_EXPECTED_VALUE } from './outcome.js';
import { notesSchema } from './request.js';
import { NOTES_CELL_SEPARATOR, REQUEST_COLUMNS, type RequestColumnKey } from './request-columns.js';

/*
 * Issue 24, "Importar" (system admin): a spreadsheet of requests in, in four steps.
 *  1. Upload (POST /api/imports): the file's bytes, CSV (UTF-8 or Windows-1252, `,` `;` or tab,
 *     as Excel in Spanish writes it) or XLSX, at most IMPORT_LIMITS. The API parses it once into
 *     stored chunks of rows (text cells) and answers its headers, a sample and a guessed mapping.
 *  2. Check (POST /api/imports/:id/check): a mapping (a target field or nothing per column) and a
 *     duplicates policy; every row goes through parseImportRow (this file: the same shared zod
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
export const DUPLICATE_POLICY_LABELS: Record<DuplicatePolicy, string> = {
  skip: 'Omitir la fila',
  update: 'Actualizar la solicitud existente',
  create: 'Crear otra solicitud igualmente',
};

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
export const IMPORT_ROW_RESULT_LABELS: Record<ImportRowResult, string> = {
  created: 'Creada',
  updated: 'Actualizada',
  skipped: 'Omitida (duplicada)',
  rejected: 'Rechazada',
};

export const IMPORT_MESSAGES = {
  // The file as a whole (400 unless said; nothing stored).
  notSpreadsheet: 'El archivo no es un CSV ni un XLSX',
  empty: 'El archivo está vacío',
  headerOnly: 'El archivo solo tiene la fila de encabezados: no hay solicitudes que importar',
  tooLarge: `El archivo supera los ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB`,
  tooManyRows: `El archivo tiene más de ${IMPORT_LIMITS.maxRows.toLocaleString('es-CL')} filas`,
  tooManyColumns: (count: number) =>
    `El archivo tiene ${count.toLocaleString('es-CL')} columnas; el máximo es ${IMPORT_LIMITS.maxColumns}`,
  cellTooLong: (row: number, column: number) =>
    `La celda de la fila ${row}, columna ${column} supera los ${IMPORT_LIMITS.maxCellChars.toLocaleString('es-CL')} caracteres`,
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
} as const;

/** What the dialog says (the board's "Importar"). */
export const IMPORT_LABELS = {
  open: 'Importar',
  title: 'Importar solicitudes',
  steps: ['Archivo', 'Columnas', 'Revisión', 'Importación'] as const,
  pickFile: 'Elegir archivo CSV o XLSX',
  fileHint: `CSV (UTF-8 o Windows-1252, separado por comas o punto y coma) o XLSX, hasta ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB y ${IMPORT_LIMITS.maxRows.toLocaleString('es-CL')} filas`,
  uploading: 'Subiendo…',
  columnHeader: 'Columna del archivo',
  sampleHeader: 'Ejemplo',
  targetHeader: 'Campo de la solicitud',
  ignoreColumn: 'No importar',
  duplicates: 'Si el correo ya existe',
  check: 'Revisar',
  checking: 'Revisando…',
  back: 'Atrás',
  preview: 'Así se guardarán las primeras filas',
  errors: 'Filas con errores',
  rowHeader: 'Fila',
  fieldHeader: 'Campo',
  valueHeader: 'Valor',
  messageHeader: 'Error',
  downloadRejected: 'Descargar filas rechazadas (CSV)',
  downloadReport: 'Descargar el resultado por fila (CSV)',
  start: (count: number) =>
    count === 1 ? 'Importar 1 solicitud' : `Importar ${count.toLocaleString('es-CL')} solicitudes`,
  progress: (processed: number, total: number) =>
    `${processed.toLocaleString('es-CL')} de ${total.toLocaleString('es-CL')} filas`,
  runsInBackground:
    'Puedes cerrar esta ventana: la importación sigue y la verás al volver a «Importar».',
  cancel: 'Detener la importación',
  close: 'Cerrar',
  newImport: 'Importar otro archivo',
  summary: (counts: { rows: number; valid: number; rejected: number }) =>
    `${counts.rows.toLocaleString('es-CL')} filas: ${counts.valid.toLocaleString('es-CL')} válidas, ${counts.rejected.toLocaleString('es-CL')} con errores`,
  duplicatesFound: (inFile: number, existing: number) =>
    `${existing.toLocaleString('es-CL')} con un correo que ya existe, ${inFile.toLocaleString('es-CL')} repetidas en el archivo`,
  done: (counts: { created: number; updated: number; skipped: number; rejected: number }) =>
    `Importación terminada: ${counts.created.toLocaleString('es-CL')} creadas, ${counts.updated.toLocaleString('es-CL')} actualizadas, ${counts.skipped.toLocaleString('es-CL')} omitidas, ${counts.rejected.toLocaleString('es-CL')} rechazadas`,
  cancelled: 'Importación detenida: las filas ya importadas se quedan',
  failed: 'La importación se detuvo por un error',
  /** The history's entry of a request created (or updated) by an import. */
  historyImported: (fileName: string) => `Importado desde ${fileName}`,
} as const;

// ---------------------------------------------------------------------------------------------
// The mapping guess

/** "Correo electrónico " → "correo electronico": no case, no accents, one space between words. */
export function normaliseHeader(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Which REQUEST_COLUMNS key names each import field (vendor: both of the executive's columns). */
const GUESS_KEYS: Record<ImportField, readonly RequestColumnKey[]> = {
  name: ['name'],
  email: ['email'],
  company: ['company'],
  jobPosition: ['jobPosition'],
  contactNumber: ['contactNumber'],
  requestType: ['requestType'],
  status: ['status'],
  priority: ['priority'],
  // The export's "Correo del ejecutivo" first: its "Ejecutivo" holds a name, not an email.
  vendor: ['vendorEmail', 'vendorName'],
  createdAt: ['createdAt'],
  expectedValue: ['expectedValue'],
  message: ['message'],
  notes: ['notes'],
};

/**
 * A target per column, from its header (REQUEST_COLUMNS' header and aliases, normalised): each
 * field at most once, to the first column that names it best; null where nothing fits.
 */
export function guessImportMapping(headers: readonly string[]): (ImportField | null)[] {
  const names = headers.map(normaliseHeader);
  const mapping: (ImportField | null)[] = headers.map(() => null);
  for (const field of IMPORT_FIELDS) {
    for (const key of GUESS_KEYS[field]) {
      const column = columnOf(key);
      const known = [column.header, ...column.aliases].map(normaliseHeader);
      const index = names.findIndex((name, i) => mapping[i] === null && known.includes(name));
      if (index >= 0) {
        mapping[index] = field;
        break;
      }
    }
  }
  return mapping;
}

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
    .regex(EMAIL_PATTERN, IMPORT_MESSAGES.invalidVendorEmail)
    .nullable(),
  /** The creation instant; null: the moment it is imported. */
  createdAt: dateTimeSchema.nullable(),
  expectedValue: expectedValueSchema,
  message: z.string().max(FIELD_MAX_LENGTH.message, maxLength(FIELD_MAX_LENGTH.message)),
  notes: notesSchema,
});
export type ImportedRequest = z.infer<typeof importedRequestSchema>;

/** Which of ImportedRequest's keys each import field fills. */
const VALUE_KEY: Record<ImportField, keyof ImportedRequest> = {
  name: 'name',
  email: 'email',
  company: 'company',
  jobPosition: 'jobPosition',
  contactNumber: 'contactNumber',
  requestType: 'requestType',
  status: 'status',
  priority: 'priority',
  vendor: 'vendorEmail',
  createdAt: 'createdAt',
  expectedValue: 'expectedValue',
  message: 'message',
  notes: 'notes',
};

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

const fold = (text: string) => normaliseHeader(text);

const STATUS_BY_NAME = new Map<string, RequestStatus>(
  BOARD_COLUMNS.flatMap((column) => [
    [fold(column.status), column.status],
    [fold(column.title), column.status],
    [fold(column.stageLabel), column.status],
  ]),
);
const PRIORITY_BY_NAME = new Map<string, Priority>(
  PRIORITIES.flatMap((priority) => [
    [fold(priority), priority],
    [fold(PRIORITY_LABELS[priority]), priority],
  ]),
);
const TYPE_BY_NAME = new Map<string, RequestType>(REQUEST_TYPES.map((type) => [fold(type), type]));

const DAY_FIRST =
  /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;
const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A creation date as a spreadsheet writes it: DD/MM/AAAA (or with - or ., a two-digit year being
 * 20xx), AAAA-MM-DD, either with a time, in the app's time zone; or an ISO instant with its
 * offset. XLSX date cells reach here as "AAAA-MM-DD HH:MM:SS" (their wall clock). undefined: not
 * a date that exists (31/02), or before 1900.
 */
export function parseImportDate(text: string, timeZone: string): Date | undefined {
  if (ISO_INSTANT.test(text)) {
    const instant = new Date(text);
    return Number.isNaN(instant.getTime()) ? undefined : instant;
  }
  let parts: number[] | undefined;
  const dayFirst = DAY_FIRST.exec(text);
  if (dayFirst) {
    const [, day, month, year, hour, minute, second] = dayFirst;
    const fullYear = year!.length === 2 ? 2000 + Number(year) : Number(year);
    parts = [
      fullYear,
      Number(month),
      Number(day),
      Number(hour ?? 0),
      Number(minute ?? 0),
      Number(second ?? 0),
    ];
  }
  const iso = ISO_DAY.exec(text);
  if (iso) {
    const [, year, month, day, hour, minute, second] = iso;
    parts = [
      Number(year),
      Number(month),
      Number(day),
      Number(hour ?? 0),
      Number(minute ?? 0),
      Number(second ?? 0),
    ];
  }
  if (!parts) return undefined;
  const [year, month, day, hour, minute, second] = parts as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  const exists =
    calendar.getUTCFullYear() === year &&
    calendar.getUTCMonth() === month - 1 &&
    calendar.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60;
  if (!exists || year < 1900) return undefined;
  const instant = zonedDueAt(
    `${year}-${pad(month)}-${pad(day)}`,
    `${pad(hour)}:${pad(minute)}`,
    timeZone,
  );
  return new Date(instant.getTime() + second * 1000);
}

/**
 * An amount as people type it: "$ 1.500.000", "1500000", "1.500.000,50", "1,500,000.50",
 * "CLP 2.345.000". A lone separator followed by exactly three digits groups thousands (Chilean
 * pesos have no cents); otherwise the last separator is the decimal one. Rounded to a whole
 * amount. undefined: not a number.
 */
export function parseImportAmount(text: string): number | undefined {
  const cleaned = text.replace(/[\s$\u00a0]|clp|usd/gi, '');
  if (!/^\d[\d.,]*$/.test(cleaned)) return undefined;
  const separators = [...cleaned.matchAll(/[.,]/g)].map((match) => match.index);
  let normalised = cleaned;
  if (separators.length > 0) {
    const last = separators.at(-1)!;
    const kinds = new Set([...cleaned].filter((char) => char === '.' || char === ','));
    const decimals = cleaned.length - last - 1;
    const lastIsDecimal = kinds.size === 2 || (separators.length === 1 && decimals !== 3);
    normalised = lastIsDecimal
      ? cleaned.slice(0, last).replace(/[.,]/g, '') + '.' + cleaned.slice(last + 1)
      : cleaned.replace(/[.,]/g, '');
  }
  const value = Number(normalised);
  if (!Number.isFinite(value)) return undefined;
  return Math.round(value);
}

const shortened = (text: string) => (text.length > 100 ? `${text.slice(0, 99)}…` : text);

/**
 * One row of the file as the request it becomes: each mapped cell (trimmed; empty ones take the
 * new-request defaults) turned into its field's value, then the whole checked with
 * importedRequestSchema. Errors name the row, the field, the column and the cell. Pure: the
 * API's check, its background job and the tests use it alike.
 */
export function parseImportRow(
  cells: readonly string[],
  mapping: readonly (ImportField | null)[],
  options: { row: number; headers: readonly string[]; timeZone: string; now: Date },
): ParsedImportRow {
  const errors: ImportRowError[] = [];
  const present: ImportField[] = [];
  const cellOf = new Map<ImportField, { text: string; column: string }>();
  mapping.forEach((field, index) => {
    if (!field) return;
    const text = (cells[index] ?? '').trim();
    cellOf.set(field, { text, column: options.headers[index] || IMPORT_FIELD_LABELS[field] });
    if (text !== '') present.push(field);
  });
  const fail = (field: ImportField, message: string) => {
    const cell = cellOf.get(field);
    errors.push({
      row: options.row,
      field,
      column: cell?.column ?? IMPORT_FIELD_LABELS[field],
      value: shortened(cell?.text ?? ''),
      message,
    });
  };
  const text = (field: ImportField) => cellOf.get(field)?.text ?? '';
  const lookup = <T>(field: ImportField, names: Map<string, T>, fallback: T, message: string) => {
    const value = text(field);
    if (value === '') return fallback;
    const found = names.get(fold(value));
    if (found === undefined) fail(field, message);
    return found ?? fallback;
  };

  let createdAt: string | null = null;
  if (text('createdAt') !== '') {
    const date = parseImportDate(text('createdAt'), options.timeZone);
    if (!date) fail('createdAt', IMPORT_MESSAGES.invalidDate);
    // A day ahead of the clock is allowed: a date typed in another zone may be "tomorrow" here.
    else if (date.getTime() > options.now.getTime() + 24 * 3_600_000) {
      fail('createdAt', IMPORT_MESSAGES.futureDate);
    } else createdAt = date.toISOString();
  }
  let expectedValue: number | null = null;
  if (text('expectedValue') !== '') {
    const amount = parseImportAmount(text('expectedValue'));
    // Out-of-range amounts reach the schema, which says the field's own message.
    if (amount === undefined) fail('expectedValue', expectedValueMessage);
    else expectedValue = amount;
  }
  const candidate = {
    name: text('name'),
    email: text('email'),
    company: text('company'),
    jobPosition: text('jobPosition'),
    contactNumber: text('contactNumber'),
    requestType: lookup(
      'requestType',
      TYPE_BY_NAME,
      DEFAULT_REQUEST_TYPE,
      IMPORT_MESSAGES.unknownType,
    ),
    status: lookup(
      'status',
      STATUS_BY_NAME,
      NEW_REQUEST_DEFAULTS.status,
      IMPORT_MESSAGES.unknownStage,
    ),
    priority: lookup(
      'priority',
      PRIORITY_BY_NAME,
      NEW_REQUEST_DEFAULTS.priority,
      IMPORT_MESSAGES.unknownPriority,
    ),
    vendorEmail: text('vendor') === '' ? null : text('vendor'),
    createdAt,
    expectedValue,
    message: text('message'),
    notes: text('notes')
      .split(/\r?\n/)
      .map((note) => note.trim())
      .filter((note) => note !== ''),
  };
  const checked = importedRequestSchema.safeParse(candidate);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const key = issue.path[0];
      const field = IMPORT_FIELDS.find((f) => VALUE_KEY[f] === key);
      if (field && !errors.some((error) => error.field === field)) fail(field, issue.message);
    }
  }
  if (errors.length > 0 || !checked.success) {
    return {
      ok: false,
      errors: errors.sort(
        (a, b) => IMPORT_FIELDS.indexOf(a.field) - IMPORT_FIELDS.indexOf(b.field),
      ),
    };
  }
  return { ok: true, request: checked.data, present };
}
const expectedValueMessage = expectedValueSchema.safeParse(MAX_EXPECTED_VALUE + 1).error!.issues[0]!
  .message;

/** Notes in one cell, as the export writes them (NOTES_CELL_SEPARATOR) and parseImportRow reads. */
export const IMPORT_NOTES_SEPARATOR = NOTES_CELL_SEPARATOR;

// ---------------------------------------------------------------------------------------------
// The endpoints' schemas

export const importParamsSchema = z.object({ id: objectIdSchema });

/** A file's own name: no folder, on one line. */
const FILE_NAME_PATTERN = new RegExp(`^[^/\\\\${CONTROL_CHARACTERS}]+$`);

/** POST /api/imports?name=<the file's name>: the body is the file's bytes. */
export const importUploadQuerySchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1)
    .max(200, maxLength(200))
    // A name as the history and the list show it: one line, no path.
    .regex(FILE_NAME_PATTERN, 'Nombre de archivo inválido'),
});

const mappingSchema = z.array(z.enum(IMPORT_FIELDS).nullable()).max(IMPORT_LIMITS.maxColumns);

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
