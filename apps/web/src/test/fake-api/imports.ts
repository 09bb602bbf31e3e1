import { HttpResponse } from 'msw';
import { route } from './router';
import {
  normaliseEmail,
  ADMIN_ROLE,
  api,
  API_MESSAGES,
  systemTimeZone,
  type Request,
  guessImportMapping,
  IMPORT_FIELD_LABELS,
  IMPORT_LABELS,
  countIntoImportReport,
  emptyImportReport,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  IMPORT_PLAIN_FIELDS,
  IMPORT_ROW_RESULT_LABELS,
  IMPORT_ROWS_COLUMNS,
  importRowsFileName,
  isImportActive,
  parseImportRow,
  type DuplicatePolicy,
  type ImportedRequest,
  type ImportEncoding,
  type ImportField,
  type ImportPlan,
  type ImportRowError,
  type ImportRowResult,
  type ImportSummary,
} from '@crm/shared';
import { type StoredUser, newId, db, addRequest, record } from './db';
import { json, Failure, fail, fake, newestFirst, startsWith, ascii } from './http';
import { callerOf } from './sessions';

// Importar (imports-endpoints).

// ---------------------------------------------------------------------------------------------
// Issue 24's "Importar" (system admin), as apps/api/src/imports answers it: a CSV uploaded as
// bytes and read into rows, a check planning every row (parseImportRow, the duplicates by
// email, the executives by email), and a "background" job. The job advances one chunk each time
// the import is read (GET one or the list), never on its own: a start answers `queued` and a
// cancel right after it still finds it queued, as the API's worker would at its next look.
// The fake reads CSV only (UTF-8, or Latin-1 for what is not UTF-8; `;`, `,` or tab; RFC 4180
// quotes): an XLSX is refused as unreadable, which the API would accept; tests upload CSV.

type FakeImportRow = { row: number; cells: string[] };
type FakeEmailHolder = { id: string; own: boolean };
type FakeImport = {
  summary: ImportSummary;
  rows: FakeImportRow[];
  checked: boolean;
  /** The job's state between steps: the emails and earlier rows it has seen, and the rows' fates. */
  job?: { context: FakeRowContext; next: number; userId: string };
  outcomes: Map<
    number,
    { result: ImportRowResult; requestNumber: number | null; errors: string[] }
  >;
};
type FakeRowContext = {
  mapping: readonly (ImportField | null)[];
  duplicates: DuplicatePolicy;
  headers: readonly string[];
  emails: Map<string, FakeEmailHolder[]>;
  seen: Set<string>;
};
type FakeRowPlan =
  | { result: 'rejected'; errors: ImportRowError[] }
  | {
      result: 'created' | 'updated' | 'skipped';
      request: ImportedRequest;
      present: ImportField[];
      vendor: StoredUser | null;
      target?: FakeEmailHolder;
      duplicateOf: 'existing' | 'file' | null;
    };

/** The imports, newest first; `hold` keeps the job from advancing (a test's "still running"). */
export const fakeImports = {
  list: [] as FakeImport[],
  hold: false,
  chunkRows: IMPORT_LIMITS.chunkRows,
};

export function resetImportsFake() {
  fakeImports.list = [];
  fakeImports.hold = false;
  fakeImports.chunkRows = IMPORT_LIMITS.chunkRows;
}

const refuseFile = (message: string) => fail(400, message, [{ path: 'file', message }]);

/** The records of a CSV text (RFC 4180 quotes, CRLF or LF), or the 1-based line of a bad quote. */
function csvRecords(text: string, delimiter: string): string[][] | { badAt: number } {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  let cellStart = true;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cellStart) {
      quoted = true;
      cellStart = false;
    } else if (char === delimiter) {
      record.push(cell);
      cell = '';
      cellStart = true;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      cellStart = true;
    } else {
      cell += char;
      cellStart = false;
    }
  }
  if (quoted) return { badAt: records.length + 1 };
  if (cell !== '' || record.length > 0) records.push([...record, cell]);
  return records;
}

/** The file's text, delimiter and rows held to IMPORT_LIMITS, as the API's parse-csv and sheet-rows. */
function readCsvFile(bytes: Uint8Array) {
  const bom = startsWith(bytes, [0xef, 0xbb, 0xbf]);
  const body = bom ? bytes.subarray(3) : bytes;
  if (body.length === 0) return refuseFile(IMPORT_MESSAGES.empty);
  if (startsWith(body, [0x50, 0x4b, 0x03, 0x04])) return refuseFile(IMPORT_MESSAGES.badXlsx);
  if (body.includes(0) || startsWith(body, ascii('%PDF-')) || startsWith(body, [0x89, 0x50])) {
    return refuseFile(IMPORT_MESSAGES.notSpreadsheet);
  }
  let text: string;
  let encoding: ImportEncoding = 'utf-8';
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    text = new TextDecoder('latin1').decode(body);
    encoding = 'windows-1252';
  }
  if (text.trim() === '') return refuseFile(IMPORT_MESSAGES.empty);
  const headerLine = text.trimStart().split(/\r?\n/)[0] ?? '';
  const count = (char: string) => headerLine.split(char).length - 1;
  const delimiter = ([';', ',', '\t'] as const).reduce((best, d) =>
    count(d) > count(best) ? d : best,
  );
  const records = csvRecords(text, delimiter);
  if (!Array.isArray(records)) return refuseFile(IMPORT_MESSAGES.badCsv(records.badAt));
  let headers: string[] | undefined;
  const rows: FakeImportRow[] = [];
  for (const cells of records) {
    if (cells.every((cell) => cell.trim() === '')) continue;
    const row = headers ? rows.length + 2 : 1;
    const long = cells.findIndex((cell) => cell.length > IMPORT_LIMITS.maxCellChars);
    if (!headers) {
      if (cells.length > IMPORT_LIMITS.maxColumns) {
        return refuseFile(IMPORT_MESSAGES.tooManyColumns(cells.length));
      }
      if (long >= 0) return refuseFile(IMPORT_MESSAGES.cellTooLong(row, long + 1));
      headers = cells.map((cell, at) => cell.trim() || IMPORT_LABELS.unnamedColumn(at + 1));
      continue;
    }
    if (rows.length >= IMPORT_LIMITS.maxRows) return refuseFile(IMPORT_MESSAGES.tooManyRows);
    const shaped = cells.slice(0, headers.length);
    while (shaped.length < headers.length) shaped.push('');
    const tooLong = shaped.findIndex((cell) => cell.length > IMPORT_LIMITS.maxCellChars);
    if (tooLong >= 0) return refuseFile(IMPORT_MESSAGES.cellTooLong(row, tooLong + 1));
    rows.push({ row, cells: shaped });
  }
  if (!headers) return refuseFile(IMPORT_MESSAGES.empty);
  if (rows.length === 0) return refuseFile(IMPORT_MESSAGES.headerOnly);
  return { encoding, delimiter, headers, rows };
}

const findFakeImport = (id: string) =>
  fakeImports.list.find((item) => item.summary._id === id) ?? fail(404, IMPORT_MESSAGES.notFound);

/** Every request's email → its requests, newest first (what the API's loadEmailIndex reads). */
function fakeEmailIndex(): Map<string, FakeEmailHolder[]> {
  const index = new Map<string, FakeEmailHolder[]>();
  for (const request of [...db.requests].sort(newestFirst)) {
    const key = normaliseEmail(request.email);
    index.set(key, [...(index.get(key) ?? []), { id: request._id, own: false }]);
  }
  return index;
}

const rowContext = (item: FakeImport, plan: ImportPlan): FakeRowContext => ({
  mapping: plan.mapping,
  duplicates: plan.duplicates,
  headers: item.summary.headers,
  emails: fakeEmailIndex(),
  seen: new Set(),
});

/** One row's fate, as the API's planRow decides it; later rows see this one. */
function planFakeRow(context: FakeRowContext, { row, cells }: FakeImportRow): FakeRowPlan {
  const parsed = parseImportRow(cells, context.mapping, {
    row,
    headers: context.headers,
    timeZone: systemTimeZone(),
    now: new Date(),
  });
  if (!parsed.ok) return { result: 'rejected', errors: parsed.errors };
  const { request, present } = parsed;
  let vendor: StoredUser | null = null;
  if (request.vendorEmail) {
    const email = normaliseEmail(request.vendorEmail);
    vendor = db.users.find((u) => normaliseEmail(u.email) === email) ?? null;
    if (!vendor) {
      const column = context.mapping.indexOf('vendor');
      const error: ImportRowError = {
        row,
        field: 'vendor',
        column: context.headers[column] ?? IMPORT_FIELD_LABELS.vendor,
        value: request.vendorEmail,
        message: IMPORT_MESSAGES.unknownVendor,
      };
      return { result: 'rejected', errors: [error] };
    }
  }
  const email = normaliseEmail(request.email);
  const holders = context.emails.get(email) ?? [];
  const seenBefore = context.seen.has(email);
  context.seen.add(email);
  const base = { request, present, vendor };
  const duplicateOf = seenBefore ? 'file' : holders.some((h) => !h.own) ? 'existing' : null;
  const newest = holders[0];
  if (!duplicateOf || !newest || context.duplicates === 'create') {
    context.emails.set(email, [{ id: '', own: true }, ...holders]);
    return { ...base, result: 'created', duplicateOf };
  }
  return {
    ...base,
    result: context.duplicates === 'skip' ? 'skipped' : 'updated',
    target: newest,
    duplicateOf,
  };
}

const rowErrorText = (error: ImportRowError) =>
  `${IMPORT_FIELD_LABELS[error.field]}: ${error.message}`;

/** One planned row written, as the API's import-writes: a new request, or the row's cells on one. */
function writeFakeRow(item: FakeImport, plan: FakeRowPlan, userId: string) {
  if (plan.result === 'rejected') {
    return {
      result: 'rejected' as const,
      requestNumber: null,
      errors: plan.errors.map(rowErrorText),
    };
  }
  const { request, vendor } = plan;
  if (plan.result === 'skipped')
    return { result: 'skipped' as const, requestNumber: null, errors: [] };
  if (plan.result === 'created') {
    const { vendorEmail: _vendorEmail, createdAt, ...fields } = request;
    const created = addRequest({
      ...fields,
      vendor: vendor?._id ?? null,
      sourceOfContact: 'unknown',
      createdAt: createdAt ?? new Date().toISOString(),
    });
    record(created._id, userId, 'imported', null, item.summary.fileName);
    plan.target = undefined;
    // The holder planFakeRow put first for this email now has its request.
    const holder = item.job?.context.emails.get(normaliseEmail(request.email))?.[0];
    if (holder && holder.own && holder.id === '') holder.id = created._id;
    return { result: 'created' as const, requestNumber: created.requestNumber ?? null, errors: [] };
  }
  const stored = db.requests.find((r) => r._id === plan.target?.id);
  if (!stored)
    return {
      result: 'rejected' as const,
      requestNumber: null,
      errors: [IMPORT_MESSAGES.targetGone],
    };
  const has = (field: ImportField) => plan.present.includes(field);
  const plain = IMPORT_PLAIN_FIELDS.filter(has);
  const changes: Partial<Request> = Object.fromEntries(
    plain.map((field) => [field, request[field]]),
  );
  if (has('vendor')) changes.vendor = vendor?._id ?? null;
  if (has('expectedValue')) changes.expectedValue = request.expectedValue;
  if (has('notes'))
    changes.notes = [...request.notes.filter((n) => !stored.notes.includes(n)), ...stored.notes];
  if (has('status') && request.status !== stored.status) {
    Object.assign(changes, {
      status: request.status,
      statusVersion: (stored.statusVersion ?? 0) + 1,
      stageChangedAt: new Date().toISOString(),
    });
  }
  Object.assign(stored, changes, { version: stored.version + 1 });
  record(stored._id, userId, 'imported', null, item.summary.fileName);
  return { result: 'updated' as const, requestNumber: stored.requestNumber ?? null, errors: [] };
}

/** One step of the job: queued → running, then a chunk of rows each time, until done. */
function advanceFakeImport(item: FakeImport) {
  const { summary, job } = item;
  if (fakeImports.hold || !job || !isImportActive(summary.status)) return;
  if (summary.status === 'queued') {
    summary.status = 'running';
    return;
  }
  const end = Math.min(job.next + fakeImports.chunkRows, item.rows.length);
  for (const row of item.rows.slice(job.next, end)) {
    const outcome = writeFakeRow(item, planFakeRow(job.context, row), job.userId);
    item.outcomes.set(row.row, outcome);
    summary.progress.processed += 1;
    summary.progress[outcome.result] += 1;
  }
  job.next = end;
  if (end >= item.rows.length) {
    summary.status = 'done';
    summary.finishedAt = new Date().toISOString();
  }
}

const copyOf = (summary: ImportSummary): ImportSummary => structuredClone(summary);

/** 400 on `mapping` unless it has one entry per column of the file. */
const mappingLengthRefusal = (item: FakeImport, plan: ImportPlan) =>
  plan.mapping.length === item.summary.headers.length
    ? undefined
    : fail(400, IMPORT_MESSAGES.mappingLength, [
        { path: 'mapping', message: IMPORT_MESSAGES.mappingLength },
      ]);

export const importRoutes = [
  fake(api.imports.upload, ({ input, user, raw }) => {
    const read = readCsvFile(raw ?? new Uint8Array());
    if (read instanceof Failure) return read;
    const summary: ImportSummary = {
      _id: newId(),
      fileName: input.query.name,
      format: 'csv',
      encoding: read.encoding,
      delimiter: read.delimiter,
      headers: read.headers,
      rowCount: read.rows.length,
      sample: read.rows.slice(0, IMPORT_LIMITS.sampleRows).map(({ cells }) => [...cells]),
      mapping: guessImportMapping(read.headers),
      duplicates: null,
      status: 'uploaded',
      progress: { processed: 0, created: 0, updated: 0, skipped: 0, rejected: 0 },
      createdAt: new Date().toISOString(),
      createdBy: user._id,
      startedAt: null,
      finishedAt: null,
      error: null,
    };
    fakeImports.list.unshift({ summary, rows: read.rows, checked: false, outcomes: new Map() });
    return copyOf(summary);
  }),

  fake(api.imports.list, () => {
    fakeImports.list.forEach(advanceFakeImport);
    return { items: fakeImports.list.slice(0, 20).map(({ summary }) => copyOf(summary)) };
  }),

  fake(api.imports.get, ({ input }) => {
    const item = findFakeImport(input.params.id);
    if (item instanceof Failure) return item;
    advanceFakeImport(item);
    return copyOf(item.summary);
  }),

  fake(api.imports.check, ({ input }) => {
    const item = findFakeImport(input.params.id);
    if (item instanceof Failure) return item;
    const refused = mappingLengthRefusal(item, input.body);
    if (refused) return refused;
    if (item.summary.status !== 'uploaded') return fail(409, IMPORT_MESSAGES.alreadyStarted);
    const context = rowContext(item, input.body);
    const report = emptyImportReport();
    for (const row of item.rows) {
      const planned = planFakeRow(context, row);
      countIntoImportReport(
        report,
        row.row,
        planned.result === 'rejected'
          ? planned
          : {
              ...planned,
              vendorName: planned.vendor
                ? `${planned.vendor.name} ${planned.vendor.lastName}`
                : null,
            },
      );
    }
    item.summary.mapping = [...input.body.mapping];
    item.summary.duplicates = input.body.duplicates;
    item.checked = true;
    return report;
  }),

  fake(api.imports.start, ({ input, user }) => {
    const item = findFakeImport(input.params.id);
    if (item instanceof Failure) return item;
    const refused = mappingLengthRefusal(item, input.body);
    if (refused) return refused;
    if (item.summary.status !== 'uploaded') return fail(409, IMPORT_MESSAGES.alreadyStarted);
    // Rejection depends on the row and the staff only: without the emails, as the API does.
    const probe = { ...rowContext(item, input.body), emails: new Map() };
    if (!item.rows.some((row) => planFakeRow(probe, row).result !== 'rejected')) {
      return fail(400, IMPORT_MESSAGES.nothingToImport, [
        { path: 'mapping', message: IMPORT_MESSAGES.nothingToImport },
      ]);
    }
    Object.assign(item.summary, {
      mapping: [...input.body.mapping],
      duplicates: input.body.duplicates,
      status: 'queued',
      startedAt: new Date().toISOString(),
    });
    item.job = { context: rowContext(item, input.body), next: 0, userId: user._id };
    return copyOf(item.summary);
  }),

  fake(api.imports.cancel, ({ input }) => {
    const item = findFakeImport(input.params.id);
    if (item instanceof Failure) return item;
    if (!isImportActive(item.summary.status)) return fail(409, IMPORT_MESSAGES.notRunning);
    item.summary.status = 'cancelled';
    item.summary.finishedAt = new Date().toISOString();
    return copyOf(item.summary);
  }),

  // A CSV, as the API's rows-csv.ts writes it (BOM, `;`, CRLF): the rejected rows (once checked)
  // or every row with its fate (once started).
  route('get', api.imports.rows.path, ({ request, url, params }) => {
    db.calls.push({ method: 'GET', path: url.pathname, body: undefined, search: url.search });
    const user = callerOf(request).user;
    if (!user) return json({ message: API_MESSAGES.authRequired }, 401);
    if (user.role !== ADMIN_ROLE) return json({ message: API_MESSAGES.forbidden }, 403);
    const item = findFakeImport(String(params.id));
    if (item instanceof Failure) return json({ message: item.message }, item.status);
    const kind = url.searchParams.get('rows') === 'all' ? 'all' : 'rejected';
    const started = item.summary.status !== 'uploaded';
    if (kind === 'all' ? !started : !started && !item.checked) {
      return json({ message: IMPORT_MESSAGES.notChecked }, 409);
    }
    const plan = { mapping: item.summary.mapping, duplicates: item.summary.duplicates ?? 'skip' };
    const context = { ...rowContext(item, plan), emails: new Map() };
    const lines = item.rows.flatMap(({ row, cells }) => {
      const outcome = item.outcomes.get(row);
      if (kind === 'all') {
        const fate = outcome
          ? [
              IMPORT_ROW_RESULT_LABELS[outcome.result],
              String(outcome.requestNumber ?? ''),
              outcome.errors.join('; '),
            ]
          : ['', '', ''];
        return [[String(row), ...cells, ...fate]];
      }
      const planned = outcome ? null : planFakeRow(context, { row, cells });
      const errors =
        outcome?.result === 'rejected'
          ? outcome.errors
          : planned?.result === 'rejected'
            ? planned.errors.map(rowErrorText)
            : null;
      return errors ? [[String(row), ...cells, errors.join('; ')]] : [];
    });
    const tail =
      kind === 'rejected'
        ? [IMPORT_ROWS_COLUMNS.errors]
        : [
            IMPORT_ROWS_COLUMNS.result,
            IMPORT_ROWS_COLUMNS.requestNumber,
            IMPORT_ROWS_COLUMNS.errors,
          ];
    const quote = (cell: string) =>
      /[";\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
    const text = [[IMPORT_LABELS.rowHeader, ...item.summary.headers, ...tail], ...lines]
      .map((line) => line.map(quote).join(';'))
      .join('\r\n');
    return new HttpResponse(`\uFEFF${text}\r\n`, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${importRowsFileName(item.summary.fileName, kind)}"`,
      },
    });
  }),
];
