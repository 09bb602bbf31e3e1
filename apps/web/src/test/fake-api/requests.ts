import { HttpResponse } from 'msw';
import { route } from './router';
import {
  NEW_REQUEST_DEFAULTS,
  agendaBounds,
  agendaBucketOf,
  api,
  BOARD_COLUMNS,
  HIDDEN_MATCHES_CAP,
  HIDING_FILTER_KEYS,
  BULK_FAILURES,
  diffNotes,
  encodeBoardCursor,
  API_MESSAGES,
  TICKET_PARAM,
  FIELD_MESSAGES,
  HISTORY_EDITED_FIELDS,
  historyValueText,
  notesSchema,
  REQUEST_COLUMNS,
  CSV_EXPORT,
  outcomeAfter as outcomeDecision,
  outcomeText,
  unknownLostReason,
  shortenHistoryText,
  systemTimeZone,
  VENDOR_FILTER_ME,
  VENDOR_FILTER_NONE,
  type BoardCursor,
  type BoardFilters,
  type BulkFailureReason,
  type BulkResult,
  type HistoryEditedField,
  type NextActionFilter,
  type Outcome,
  type OutcomeBody,
  type Priority,
  type Request,
  type RequestStatus,
} from '@crm/shared';
import { type StoredUser, db, addRequest, record, findRequest, isAdmin } from './db';
import { historyLength, publishChanges, publishEvent } from './events';
import {
  csvLine,
  json,
  Failure,
  fail,
  fake,
  newestFirst,
  exportTickets,
  fileCaller,
  ticketedLink,
} from './http';

// Requests (requests-endpoints): the board, its filters and paging, a request's writes, its
// history, the bulk action and the export.

/** A note's change, its texts shortened when long, as the API's noteEntry records it. */
function recordNote(requestId: string, by: string, from: string | null, to: string | null) {
  const short = (text: string | null) => (text === null ? null : shortenHistoryText(text));
  record(requestId, by, 'note', short(from), short(to));
}

/** The notes a §7 update adds and removes, as the API records them. */
function recordNotesDiff(requestId: string, by: string, before: string[], after: string[]) {
  const { removed, added } = diffNotes(before, after);
  for (const note of removed) recordNote(requestId, by, note, null);
  for (const note of added) recordNote(requestId, by, null, note);
}

/** A field's value as the API's history keeps it: the event date as its instant, whatever offset. */
const editedValueText = (field: HistoryEditedField, value: Request[HistoryEditedField]) =>
  field === 'eventDate' && typeof value === 'string'
    ? historyValueText(new Date(value))
    : historyValueText(value);

/**
 * Issue 25: each of the request's own fields a save changes, as the API's editedFieldEntries
 * records it; none for a field saved as it was (none and empty read the same).
 */
function recordEditedFields(
  requestId: string,
  by: string,
  stored: Pick<Request, HistoryEditedField>,
  saved: Pick<Request, HistoryEditedField>,
) {
  for (const field of HISTORY_EDITED_FIELDS) {
    const from = editedValueText(field, stored[field]);
    const to = editedValueText(field, saved[field]);
    if ((from ?? '') !== (to ?? '')) record(requestId, by, field, from, to);
  }
}

/** The entries of one save share their `at`, as the API writes them: the history groups by it. */
function stampOneSave(requestId: string, firstEntry: number) {
  const entries = db.history.get(requestId) ?? [];
  const at = entries[firstEntry]?.at;
  if (at) for (const entry of entries.slice(firstEntry)) entry.at = at;
}

// Value and outcomes (issue 21): the rules are packages/shared's (outcome.ts), the API's too
// (issue 34); the fake only checks the reason against its settings.
function outcomeAfter(
  stored: Pick<Request, 'status' | 'outcome'>,
  status: RequestStatus,
  sentBody: OutcomeBody | null | undefined,
): Outcome | null | Failure {
  const decided = outcomeDecision(stored, status, sentBody);
  const refused =
    'refused' in decided
      ? decided.refused
      : decided.reasonToCheck !== null && !db.settings.lostReasons.includes(decided.reasonToCheck)
        ? unknownLostReason
        : null;
  if (refused) return fail(400, refused.message, [refused]);
  return 'outcome' in decided ? decided.outcome : null;
}

/** Records the outcome's and the expected value's changes, as the API does in the same write. */
function recordValueChanges(
  by: string,
  before: Pick<Request, '_id' | 'outcome' | 'expectedValue'>,
  after: Pick<Request, 'outcome' | 'expectedValue'>,
) {
  const [from, to] = [outcomeText(before.outcome), outcomeText(after.outcome)];
  if (from !== to) record(before._id, by, 'outcome', from, to);
  if (before.expectedValue !== after.expectedValue) {
    const text = (value: number | null) => (value === null ? null : String(value));
    record(before._id, by, 'expectedValue', text(before.expectedValue), text(after.expectedValue));
  }
}

/**
 * The zone the caller's days are read in for `next=`: the runtime's, as the agenda here (the
 * API's APP_TIME_ZONE default; the API reads the caller's own zone when they set one).
 */
const callerZone = (_user: StoredUser) => systemTimeZone();

/** `next=`, as board.service.ts: the agenda's ranges, "week" with today's. */
function matchesNextAction(request: Request, next: NextActionFilter, user: StoredUser) {
  const { nextActivity } = request;
  if (next === 'none') return nextActivity === null;
  if (!nextActivity) return false;
  const bucket = agendaBucketOf(nextActivity, agendaBounds(new Date(), callerZone(user)));
  return next === 'week' ? bucket === 'today' || bucket === 'week' : bucket === next;
}

function matchesFilters(request: Request, filters: BoardFilters, user: StoredUser) {
  const q = filters.q?.toLowerCase();
  if (q) {
    const inText = [request.name, request.email, request.company, request.contactNumber].some(
      (field) => field.toLowerCase().includes(q),
    );
    const isNumber = /^\d+$/.test(q) && request.requestNumber === Number(q);
    if (!inText && !isNumber) return false;
  }
  if (filters.vendor === VENDOR_FILTER_ME && request.vendor !== user._id) return false;
  if (filters.vendor === VENDOR_FILTER_NONE && request.vendor !== null) return false;
  if (
    filters.vendor &&
    filters.vendor !== VENDOR_FILTER_ME &&
    filters.vendor !== VENDOR_FILTER_NONE &&
    request.vendor !== filters.vendor
  ) {
    return false;
  }
  if (filters.priority && request.priority !== filters.priority) return false;
  if (filters.requestType && request.requestType !== filters.requestType) return false;
  if (filters.next && !matchesNextAction(request, filters.next, user)) return false;
  // "Resultado" narrows CERRADO only (issue 21).
  if (filters.outcome && request.status === 'closed') {
    const result = request.outcome?.result ?? 'none';
    if (result !== filters.outcome) return false;
  }
  return true;
}

/** The expected values of the closed requests with that outcome (none counts 0). */
const valueOfOutcome = (column: Request[], result: 'won' | 'lost') =>
  column
    .filter((request) => request.outcome?.result === result)
    .reduce((sum, request) => sum + (request.expectedValue ?? 0), 0);

function columnPage(
  status: RequestStatus,
  { q, vendor, priority, requestType, next, outcome }: BoardFilters,
  user: StoredUser,
  limit: number,
  after?: BoardCursor,
) {
  const filters = { q, vendor, priority, requestType, next, outcome };
  const column = db.requests
    .filter((request) => request.status === status && matchesFilters(request, filters, user))
    .sort(newestFirst);
  const rest = after ? column.filter((request) => newestFirst(request, after) > 0) : column;
  const items = rest.slice(0, limit);
  const last = items.at(-1);
  return {
    items,
    nextCursor: rest.length > limit && last ? encodeBoardCursor(last) : null,
    count: column.length,
    // The column's expected values under the filters (issue 21); none counts 0.
    totalValue: column.reduce((sum, request) => sum + (request.expectedValue ?? 0), 0),
    // CERRADO's won and lost apart, as board.service.ts sums them (issue 33).
    ...(status === 'closed' && {
      outcomeValues: {
        won: valueOfOutcome(column, 'won'),
        lost: valueOfOutcome(column, 'lost'),
      },
    }),
  };
}

/**
 * Issue 33, as board.service.ts: with a search and a filter that hides, the search's matches the
 * filters hide, counted up to HIDDEN_MATCHES_CAP.
 */
function hiddenMatchesOf(filters: BoardFilters, user: StoredUser) {
  const { q } = filters;
  if (!q || !HIDING_FILTER_KEYS.some((key) => filters[key])) return {};
  const hidden = db.requests.filter(
    (request) => matchesFilters(request, { q }, user) && !matchesFilters(request, filters, user),
  ).length;
  return {
    hiddenMatches: {
      count: Math.min(hidden, HIDDEN_MATCHES_CAP),
      more: hidden > HIDDEN_MATCHES_CAP,
    },
  };
}

// One request's move, assignment, priority and delete, as the API's moveOne, assignOne and
// deleteOne (apps/api/src/requests/) write them: the one-request endpoints and the bulk action
// (issue 24) both go through these.

/** A move from `from`, its outcome already checked: refused once the request left `from`. */
function moveOne(
  id: string,
  from: RequestStatus,
  to: RequestStatus,
  outcome: Outcome | null,
  by: string,
  amoutPaid?: number,
): Request | Failure {
  const stored = findRequest(id);
  if (!stored) return fail(404, API_MESSAGES.requestNotFound);
  if (stored.status !== from) {
    return fail(409, API_MESSAGES.requestMoved, undefined, { status: stored.status });
  }
  if (from === to) return stored;
  const firstEntry = historyLength(stored._id);
  record(stored._id, by, 'status', from, to);
  recordValueChanges(by, stored, { outcome, expectedValue: stored.expectedValue });
  // Issue 33: the amount paid of a won close, in the same write, as an edit of the field.
  if (amoutPaid !== undefined && amoutPaid !== stored.amoutPaid) {
    recordEditedFields(stored._id, by, stored, { ...stored, amoutPaid });
    stored.amoutPaid = amoutPaid;
    stored.version += 1;
  }
  stored.status = to;
  stored.statusVersion += 1;
  stored.stageChangedAt = new Date().toISOString();
  stored.outcome = outcome;
  publishChanges(stored, by, firstEntry);
  return stored;
}

/** An assignment to a user known to exist (or none): recorded unless already so. */
function assignOne(id: string, vendorId: string | null, by: string): Request | Failure {
  const stored = findRequest(id);
  if (!stored) return fail(404, API_MESSAGES.requestNotFound);
  const firstEntry = historyLength(stored._id);
  if (stored.vendor !== vendorId) record(stored._id, by, 'vendor', stored.vendor, vendorId);
  stored.vendor = vendorId;
  publishChanges(stored, by, firstEntry);
  return stored;
}

/** A priority set while it still is `from`, recorded as a save records it, bumping `version`. */
function setPriorityOne(id: string, from: Priority, to: Priority, by: string): Request | Failure {
  const stored = findRequest(id);
  if (!stored) return fail(404, API_MESSAGES.requestNotFound);
  if (stored.priority !== from) {
    return fail(409, API_MESSAGES.requestConflict, undefined, { priority: stored.priority });
  }
  if (from === to) return stored;
  const firstEntry = historyLength(stored._id);
  recordEditedFields(stored._id, by, stored, { ...stored, priority: to });
  stored.priority = to;
  stored.version += 1;
  publishChanges(stored, by, firstEntry);
  return stored;
}

function removeOne(id: string, by: string): Request | Failure {
  const stored = findRequest(id);
  if (!stored) return fail(404, API_MESSAGES.requestNotFound);
  db.requests = db.requests.filter((r) => r !== stored);
  // Its activities live inside it: gone with it.
  db.activities.delete(stored._id);
  publishEvent('request.deleted', stored, by);
  return stored;
}

/** Why one request of a bulk action did not change, from what its one-request write refused. */
const bulkFailureOf = (failure: Failure): BulkFailureReason =>
  failure.status === 404 ? 'notFound' : failure.status === 409 ? 'changed' : 'invalid';

/**
 * A request's export row in the API's columns (REQUEST_COLUMNS): the fake writes the request's
 * own words and leaves empty what the API turns into labels, dates or names (no screen test reads
 * a downloaded file's cells; the contract checks the columns and the rows under the filters).
 */
function exportCells(request: Request): string[] {
  const { requestNumber, name, email, company, jobPosition, contactNumber, requestType, message } =
    request;
  const cells: Partial<Record<string, string | number | null>> = {
    requestNumber,
    name,
    email,
    company,
    jobPosition,
    contactNumber,
    requestType,
    message,
  };
  return REQUEST_COLUMNS.map(({ key }) => String(cells[key] ?? ''));
}

export const requestRoutes = [
  // Issue 24's export, CSV only and small (before `/:id`, as the API routes it): a header and each matching request's name.
  route('get', api.requests.export.path, ({ request, url }) => {
    db.calls.push({ method: 'GET', path: url.pathname, body: undefined, search: url.search });
    const failure = db.failures.get(`GET ${url.pathname}`);
    if (failure) return json({ message: 'Injected failure' }, failure);
    const user = fileCaller(request, url);
    if (user instanceof Response) return user;
    const { [TICKET_PARAM]: _ticket, ...filters }: BoardFilters & { ticket?: string } =
      Object.fromEntries(url.searchParams);
    const rows = db.requests.filter((r) => matchesFilters(r, filters, user)).map(exportCells);
    const header = REQUEST_COLUMNS.map((column) => column.header);
    return new HttpResponse(CSV_EXPORT.bom + [header, ...rows].map(csvLine).join(''), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="solicitudes-2026-11-25.csv"',
      },
    });
  }),

  fake(api.requests.exportLink, ({ input, request }) =>
    ticketedLink(exportTickets, api.requests.export.path, input.body, request),
  ),

  fake(api.requests.list, () => db.requests),

  fake(api.requests.board, ({ input, user }) => ({
    columns: BOARD_COLUMNS.map(({ status }) => ({
      status,
      ...columnPage(status, input.query, user, input.query.limit),
    })),
    ...hiddenMatchesOf(input.query, user),
  })),

  fake(api.requests.column, ({ input, user }) => {
    // The contract's schema has decoded the cursor (a bad one was a 400 on `cursor`).
    const { status, cursor, limit } = input.query;
    return columnPage(status, input.query, user, limit, cursor);
  }),

  fake(api.requests.create, ({ input, user }) => {
    const created = addRequest({
      ...NEW_REQUEST_DEFAULTS,
      notes: [],
      ...input.body,
      createdAt: new Date().toISOString(),
    });
    publishEvent('request.created', created, user);
    return created;
  }),

  fake(api.requests.update, ({ input, user }) => {
    const index = db.requests.findIndex((r) => r._id === input.params.id);
    const stored = db.requests[index];
    if (!stored) return fail(404, API_MESSAGES.requestNotFound);
    if (stored.version !== input.body.version) return fail(409, API_MESSAGES.requestConflict);
    const {
      _id,
      requestNumber,
      message,
      sourceOfContact,
      createdAt,
      vendor,
      version,
      statusVersion = 0,
      expectedValue = stored.expectedValue,
      outcome: sentOutcome,
      ...editable
    } = input.body;
    // A copy read before a move leaves the status (and the outcome) where the move put it.
    const sawLatestMove = statusVersion === stored.statusVersion;
    const status = sawLatestMove ? editable.status : stored.status;
    const outcome = outcomeAfter(stored, status, sawLatestMove ? sentOutcome : undefined);
    if (outcome instanceof Failure) return outcome;
    const moved = status !== stored.status;
    const firstEntry = db.history.get(stored._id)?.length ?? 0;
    if (moved) record(stored._id, user._id, 'status', stored.status, status);
    recordValueChanges(user._id, stored, { outcome, expectedValue });
    recordEditedFields(stored._id, user._id, stored, editable);
    recordNotesDiff(stored._id, user._id, stored.notes, editable.notes);
    stampOneSave(stored._id, firstEntry);
    const updated: Request = {
      ...stored,
      ...editable,
      expectedValue,
      outcome,
      status,
      version: stored.version + 1,
      statusVersion: stored.statusVersion + (moved ? 1 : 0),
      stageChangedAt: moved ? new Date().toISOString() : stored.stageChangedAt,
    };
    db.requests[index] = updated;
    publishChanges(updated, user._id, firstEntry);
    return updated;
  }),

  fake(api.requests.move, ({ input, user }) => {
    const { from, to } = input.body;
    // The outcome is checked first, against `from` and `to` only, as the API does (400 before
    // 404 and 409): a move into CERRADO comes from a stage without one.
    const outcome = outcomeAfter({ status: from, outcome: null }, to, input.body.outcome);
    if (outcome instanceof Failure) return outcome;
    const { amoutPaid } = input.body;
    if (amoutPaid !== undefined && outcome?.result !== 'won') {
      const message = FIELD_MESSAGES.amountPaidOnlyWhenWon;
      return fail(400, message, [{ path: 'amoutPaid', message }]);
    }
    return moveOne(input.params.id, from, to, outcome, user._id, amoutPaid);
  }),

  fake(api.requests.addNote, ({ input, user }) => {
    const stored = findRequest(input.params.id);
    if (!stored) return fail(404, API_MESSAGES.requestNotFound);
    const notes = [input.body.text, ...stored.notes];
    const limit = notesSchema.safeParse(notes);
    if (!limit.success) {
      const message = limit.error.issues[0]?.message ?? API_MESSAGES.invalidBody;
      return fail(400, message, [{ path: 'text', message }]);
    }
    stored.notes = notes;
    stored.version += 1;
    const firstEntry = historyLength(stored._id);
    recordNote(stored._id, user._id, null, input.body.text);
    publishChanges(stored, user._id, firstEntry);
    return stored;
  }),

  fake(api.requests.editNote, ({ input, user }) => {
    const stored = findRequest(input.params.id);
    if (!stored) return fail(404, API_MESSAGES.requestNotFound);
    const { id, index } = input.params;
    const now = stored.notes[index];
    if (now !== input.body.from) {
      return fail(409, API_MESSAGES.noteChanged, undefined, { note: now ?? null });
    }
    stored.notes = stored.notes.map((note, at) => (at === index ? input.body.to : note));
    stored.version += 1;
    const firstEntry = historyLength(id);
    recordNote(id, user._id, input.body.from, input.body.to);
    publishChanges(stored, user._id, firstEntry);
    return stored;
  }),

  fake(api.requests.history, ({ input }) => {
    if (!findRequest(input.params.id)) return fail(404, API_MESSAGES.requestNotFound);
    const entries = (db.history.get(input.params.id) ?? []).map((entry) => {
      const author = db.users.find((u) => u._id === entry.by);
      return { ...entry, byName: author ? `${author.name} ${author.lastName}` : null };
    });
    return { entries: entries.reverse() };
  }),

  fake(api.requests.remove, ({ input, user }) => removeOne(input.params.id, user._id)),

  // After every fixed /api/form-contact/… path: the first handler that matches answers.
  fake(api.requests.get, ({ input }) => {
    const stored = db.requests.find((r) => r._id === input.params.id);
    return stored ?? fail(404, API_MESSAGES.requestNotFound);
  }),

  fake(api.requests.assignVendor, ({ input, user }) => {
    const { formId, vendorId } = input.body;
    if (vendorId !== null && !db.users.some((u) => u._id === vendorId)) {
      return fail(404, API_MESSAGES.userNotFound);
    }
    return assignOne(formId, vendorId, user._id);
  }),

  fake(api.requests.bulk, ({ input, user }) => {
    const body = input.body;
    if ((body.action === 'assign' || body.action === 'delete') && !isAdmin(user)) {
      return fail(403, API_MESSAGES.forbidden);
    }
    // What applies to the whole action is checked once, before anything changes.
    let apply: (index: number) => { write: Request | Failure; already: boolean };
    switch (body.action) {
      case 'move': {
        const { to, items } = body;
        const mover = items.find((item) => item.from !== to) ?? items[0]!;
        const outcome = outcomeAfter({ status: mover.from, outcome: null }, to, body.outcome);
        if (outcome instanceof Failure) return outcome;
        apply = (index) => {
          const { id, from } = items[index]!;
          return { write: moveOne(id, from, to, outcome, user._id), already: from === to };
        };
        break;
      }
      case 'priority': {
        const { priority, items } = body;
        apply = (index) => {
          const { id, from } = items[index]!;
          return {
            write: setPriorityOne(id, from, priority, user._id),
            already: from === priority,
          };
        };
        break;
      }
      case 'assign': {
        const { vendorId, items } = body;
        if (vendorId !== null && !db.users.some((u) => u._id === vendorId)) {
          const message = FIELD_MESSAGES.activityOwnerUnknown;
          return fail(400, message, [{ path: 'vendorId', message }]);
        }
        apply = (index) => {
          const { id } = items[index]!;
          const already = findRequest(id)?.vendor === vendorId;
          return { write: assignOne(id, vendorId, user._id), already };
        };
        break;
      }
      case 'delete':
        apply = (index) => ({ write: removeOne(body.items[index]!.id, user._id), already: false });
    }
    const result: BulkResult = { changed: [], unchanged: [], failed: [] };
    body.items.forEach(({ id }, index) => {
      const { write, already } = apply(index);
      if (write instanceof Failure) {
        const reason = bulkFailureOf(write);
        result.failed.push({ id, reason, message: BULK_FAILURES[reason] });
      } else result[already ? 'unchanged' : 'changed'].push(id);
    });
    return result;
  }),
];
