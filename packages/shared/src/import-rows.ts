import {
  BOARD_COLUMNS,
  DEFAULT_REQUEST_TYPE,
  NEW_REQUEST_DEFAULTS,
  PRIORITIES,
  PRIORITY_LABELS,
  REQUEST_TYPES,
  type Priority,
  type RequestStatus,
  type RequestType,
} from './constants.js';
import { zonedDueAt } from './format.js';
import { expectedValueSchema, MAX_EXPECTED_VALUE } from './outcome.js';
import { REQUEST_COLUMNS, type RequestColumnKey } from './request-columns.js';
import {
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  importedRequestSchema,
  type ImportField,
  type ImportedRequest,
  type ImportReport,
  type ImportRowError,
  type ParsedImportRow,
} from './request-import.js';

/*
 * Issue 24's reading of a file's rows (request-import.ts has the contract): the mapping guessed
 * from the headers, and each row turned into the request it becomes. Used by the API and the
 * web tests' fake, never by a screen: a module of its own keeps it (its lookup tables are built
 * when the module loads) out of every signed-in page, which loads request-import.ts through
 * the contract's `api`.
 */

const columnOf = (key: RequestColumnKey) => REQUEST_COLUMNS.find((column) => column.key === key)!;

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

// ---------------------------------------------------------------------------------------------
// The check's report

/** The request's own fields a row's non-empty cell replaces as it is, with "update". */
export const IMPORT_PLAIN_FIELDS = [
  'name',
  'email',
  'company',
  'jobPosition',
  'contactNumber',
  'requestType',
  'priority',
  'message',
] as const satisfies readonly ImportField[];

/** What the check (the API's, the fake's) decided for one row, as the report counts it. */
export type CheckedImportRow =
  | { result: 'rejected'; errors: ImportRowError[] }
  | {
      result: 'created' | 'updated' | 'skipped';
      request: ImportedRequest;
      /** The executive found by the row's email, by full name; null: unassigned. */
      vendorName: string | null;
      duplicateOf: 'existing' | 'file' | null;
    };

export const emptyImportReport = (): ImportReport => ({
  rows: 0,
  valid: 0,
  rejected: 0,
  duplicatesExisting: 0,
  duplicatesInFile: 0,
  willCreate: 0,
  willUpdate: 0,
  willSkip: 0,
  preview: [],
  errors: [],
  errorsTotal: 0,
});

const WILL = { created: 'willCreate', updated: 'willUpdate', skipped: 'willSkip' } as const;

/**
 * Counts one row into the report, in file order: the first IMPORT_LIMITS.previewRows valid rows
 * as they will be stored, the first IMPORT_LIMITS.reportErrors errors.
 */
export function countIntoImportReport(
  report: ImportReport,
  row: number,
  checked: CheckedImportRow,
): void {
  report.rows += 1;
  if (checked.result === 'rejected') {
    report.rejected += 1;
    report.errorsTotal += checked.errors.length;
    const room = IMPORT_LIMITS.reportErrors - report.errors.length;
    if (room > 0) report.errors.push(...checked.errors.slice(0, room));
    return;
  }
  report.valid += 1;
  if (checked.duplicateOf === 'existing') report.duplicatesExisting += 1;
  if (checked.duplicateOf === 'file') report.duplicatesInFile += 1;
  report[WILL[checked.result]] += 1;
  if (report.preview.length < IMPORT_LIMITS.previewRows) {
    report.preview.push({
      row,
      request: { ...checked.request, vendorName: checked.vendorName },
      result: checked.result,
    });
  }
}
