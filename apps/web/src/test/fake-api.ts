import { delay, http, HttpResponse, type JsonBodyType } from 'msw';
import {
  AUDIT_COLUMNS,
  auditApi,
  encodeAuditCursor,
  type AuditEntry,
  type AuditFilters,
  ACCOUNT_LIMITS,
  ACCOUNT_LINK_PATHS,
  ACCOUNT_MAIL,
  ACCOUNT_MESSAGES,
  normaliseEmail,
  TOKEN_PURPOSES,
  type TokenPurpose,
  ADMIN_ROLE,
  AGENDA_BELL_POLL_MS,
  AGENDA_OWNER_ME,
  agendaBounds,
  agendaBucketOf,
  compareAgendaItems,
  encodeAgendaCursor,
  type AgendaCursor,
  type AgendaItem,
  api,
  BOARD_COLUMNS,
  HIDDEN_MATCHES_CAP,
  HIDING_FILTER_KEYS,
  BOARD_VIEW_MESSAGES,
  BOARD_VIEWS_MAX,
  BULK_FAILURES,
  boardViewNameKey,
  defaultBoardFilters,
  compareActivities,
  DEFAULT_LOST_REASONS,
  DEFAULT_STALE_DAYS,
  DEFAULT_WIN_PROBABILITY,
  diffNotes,
  dueText,
  encodeBoardCursor,
  API_MESSAGES,
  EXPORT_MESSAGES,
  EXPORT_TICKET_TTL_SECONDS,
  TICKET_PARAM,
  EVENT_FIELD_PLACEHOLDERS,
  LEAD_HONEYPOT_FIELD,
  LEAD_MESSAGES,
  RECENT_LEADS_LIMIT,
  FIELD_MESSAGES,
  HISTORY_EDITED_FIELDS,
  historyValueText,
  LOGIN_MESSAGES,
  MAX_ACTIVITIES_PER_REQUEST,
  NEW_REQUEST_DEFAULTS,
  notesSchema,
  shortenHistoryText,
  systemTimeZone,
  dayIn,
  wallClockOf,
  validateRequest,
  zonedDueAt,
  type Activity,
  type EndpointDeclaration,
  type EndpointInput,
  type EndpointResponse,
  VENDOR_FILTER_ME,
  VENDOR_FILTER_NONE,
  type BoardCursor,
  type BoardFilters,
  type BulkFailureReason,
  type BulkResult,
  type FieldError,
  type HistoryEditedField,
  type HistoryEntry,
  type HistoryField,
  type NextActivity,
  type NextActionFilter,
  type Outcome,
  type OutcomeBody,
  type Priority,
  type Request,
  type RequestStatus,
  type Role,
  type Settings,
  type User,
  DASHBOARD_VENDOR_ALL,
  DASHBOARD_VENDOR_ME,
  daysOf,
  instantsOf,
  medianOf,
  OPEN_STATUSES,
  percentileOf,
  periodDays,
  pipelineOf,
  plusDays,
  REQUEST_STATUSES,
  staleDaysOf,
  weekStarts,
  type Dashboard,
  type ParsedDashboardQuery,
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
  DEFAULT_TWO_FACTOR_POLICY,
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_MESSAGES,
  twoFactorAdminApi,
  twoFactorApi,
  twoFactorLoginApi,
  twoFactorPolicyApi,
  type TwoFactorChallenge,
} from '@crm/shared';
import { Secret, TOTP } from 'otpauth';

/**
 * An in-memory stand-in for the API over MSW, answering with the shapes, codes and error bodies
 * of apps/api (validated with the same shared schemas), so screens are tested against realistic
 * answers. The API itself is tested against a real database in apps/api.
 */
export type StoredUser = Omit<User, 'events'> & {
  password: string;
  /** Bumped by a password change, as the API does: the user's older tokens stop working. */
  sessionVersion?: number;
};
/** A recorded call; `search` is its query string ("?q=ana&vendor=me"), when it has one. */
export type Call = { method: string; path: string; body: unknown; search?: string };
export type StoredHistoryEntry = Omit<HistoryEntry, 'byName'>;

/** A solved widget's payload: base64, the form the shared schema checks (`btoa('solved-captcha')`). */
export const SOLVED_CAPTCHA = 'c29sdmVkLWNhcHRjaGE=';
export const PASSWORD = 'Secreto.123';

let nextId = 1;
export const newId = () => (nextId++).toString(16).padStart(24, '0');

export const db = {
  users: [] as StoredUser[],
  requests: [] as Request[],
  calls: [] as Call[],
  /** Each request's history, oldest first, as stored (names are resolved when read). */
  history: new Map<string, StoredHistoryEntry[]>(),
  /** Each request's activities (issue 20), in the order they were planned. */
  activities: new Map<string, Activity[]>(),
  /** The product settings (issue 20): the defaults until an admin saves them. */
  settings: defaultSettings(),
  revokedTokens: new Set<string>(),
  /** Make the next call to a path fail with this status. */
  failures: new Map<string, number>(),
  /** Answer every call this much later, to see the in-progress states ("Iniciando...", …). */
  latencyMs: 0,
};

function defaultSettings(): Settings {
  return {
    staleDays: { ...DEFAULT_STALE_DAYS },
    lostReasons: [...DEFAULT_LOST_REASONS],
    winProbability: { ...DEFAULT_WIN_PROBABILITY },
    // The API's APP_CURRENCY default.
    currency: 'CLP',
    version: 0,
  };
}

export function resetDb() {
  db.users = [];
  db.settings = defaultSettings();
  db.requests = [];
  db.calls = [];
  db.history.clear();
  db.activities.clear();
  db.revokedTokens.clear();
  db.failures.clear();
  db.latencyMs = 0;
  leadPoll.afterMs = LEAD_POLL_AFTER_MS;
  resetAccountFake();
  resetImportsFake();
  resetAuditFake();
  resetTwoFactorFake();
}

export function addUser(overrides: Partial<StoredUser> & { role: Role }): StoredUser {
  const _id = newId();
  const user: StoredUser = {
    _id,
    name: 'Ana',
    lastName: 'García',
    email: `user${_id.slice(-4)}@crm.test`,
    photo: '',
    password: PASSWORD,
    ...overrides,
  };
  db.users.push(user);
  return user;
}

let nextNumber = 1;
/** A stored request; it entered its stage when created, unless `stageChangedAt` says otherwise. */
export function addRequest(overrides: Partial<Request> = {}): Request {
  const createdAt = overrides.createdAt ?? '2026-03-05T15:00:00.000Z';
  const request: Request = {
    _id: newId(),
    requestNumber: nextNumber++,
    name: 'Cliente',
    email: 'cliente@empresa.test',
    jobPosition: '',
    company: '',
    contactNumber: '',
    message: 'Hola, quiero información.',
    requestType: 'otro',
    status: 'new request',
    priority: 'low',
    vendor: null,
    sourceOfContact: 'website',
    notes: [],
    version: 0,
    statusVersion: 0,
    nextActivity: null,
    expectedValue: null,
    outcome: null,
    ...EVENT_FIELD_PLACEHOLDERS,
    ...overrides,
    createdAt,
    stageChangedAt: overrides.stageChangedAt ?? createdAt,
  };
  db.requests.unshift(request);
  return request;
}

export const tokenFor = ({ _id, sessionVersion }: Pick<StoredUser, '_id' | 'sessionVersion'>) =>
  sessionVersion ? `token-${_id}.${sessionVersion}` : `token-${_id}`;

// As the API: no §3 `events` (a request's executive is its vendor).
const publicUser = ({ password: _password, sessionVersion: _version, ...user }: StoredUser): User =>
  user;

const json = (body: JsonBodyType, status = 200) => HttpResponse.json(body, { status });

/** An error answer, with the API's ErrorBody. */
class Failure {
  constructor(
    readonly status: number,
    readonly message: string,
    readonly errors?: FieldError[],
    readonly current?: Record<string, unknown>,
  ) {}
}
const fail = (
  status: number,
  message: string,
  errors?: FieldError[],
  current?: Record<string, unknown>,
) => new Failure(status, message, errors, current);

/** Appends to a request's history, as the API does in the same write as the change. */
export function record(
  requestId: string,
  by: string | null,
  field: HistoryField,
  from: string | null,
  to: string | null,
  activity?: Pick<Activity, '_id' | 'title'>,
) {
  const entries = db.history.get(requestId) ?? [];
  entries.push({
    at: new Date().toISOString(),
    by,
    field,
    from,
    to,
    ...(activity && { activity: { _id: activity._id, title: activity.title } }),
  });
  db.history.set(requestId, entries);
}

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

const findRequest = (id: string) => db.requests.find((r) => r._id === id);

// Value and outcomes (issue 21), as apps/api/src/requests/outcome.ts decides them.
const refuseOutcome = (path: string, message: string) => fail(400, message, [{ path, message }]);

/** The outcome as the history shows it: "won", "lost: <reason>", null. */
const outcomeText = (outcome: Outcome | null) =>
  outcome ? (outcome.result === 'won' ? 'won' : `lost: ${outcome.reason ?? ''}`) : null;

const outcomeOf = (sent: OutcomeBody): Outcome => ({
  result: sent.result,
  reason: sent.result === 'lost' ? (sent.reason ?? null) : null,
  comment: sent.comment || null,
});

const sameOutcome = (a: Outcome | null, b: Outcome | null) =>
  a?.result === b?.result && a?.reason === b?.reason && a?.comment === b?.comment;

/**
 * The outcome a request ends with when a move or an update leaves it in `status`: required
 * entering CERRADO, refused elsewhere, cleared leaving it; a lost reason from the settings'
 * list (or the one it already has, kept though removed from the list since). The outcome it
 * has, sent back with the whole request, is no outcome sent.
 */
function outcomeAfter(
  stored: Pick<Request, 'status' | 'outcome'>,
  status: RequestStatus,
  sentBody: OutcomeBody | null | undefined,
): Outcome | null | Failure {
  const sent = sentBody && !sameOutcome(outcomeOf(sentBody), stored.outcome) ? sentBody : null;
  if (status !== 'closed') {
    return sent ? refuseOutcome('outcome', FIELD_MESSAGES.outcomeOnOpenRequest) : null;
  }
  if (!sent) {
    return stored.status === 'closed'
      ? stored.outcome
      : refuseOutcome('outcome', FIELD_MESSAGES.outcomeRequired);
  }
  const outcome = outcomeOf(sent);
  const { reason } = outcome;
  const known =
    reason === null ||
    db.settings.lostReasons.includes(reason) ||
    (stored.outcome?.result === 'lost' && stored.outcome.reason === reason);
  if (!known) return refuseOutcome('outcome.reason', FIELD_MESSAGES.lostReasonUnknown);
  return outcome;
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

const emailTaken = () =>
  fail(409, API_MESSAGES.emailTaken, [{ path: 'email', message: FIELD_MESSAGES.emailTaken }]);

type Caller<E extends EndpointDeclaration> = E['access'] extends 'public' ? undefined : StoredUser;

type FakeHandler<E extends EndpointDeclaration> = (args: {
  input: EndpointInput<E>;
  user: Caller<E>;
  request: globalThis.Request;
  /** The bytes sent to an endpoint with `rawBody` (issue 23's photo). */
  raw: Uint8Array | undefined;
}) => EndpointResponse<E> | Failure;

const callerOf = (request: globalThis.Request) => {
  const token = request.headers.get('Authorization')?.replace(/^Bearer /, '');
  if (!token) return { token };
  if (db.revokedTokens.has(token)) return { token };
  // Issue 23: a token is a session (see sessionUser, in the profile's part below).
  return { token, user: sessionUser(token) };
};

/**
 * One endpoint of the contract, answered in memory: routed by its declared method and path,
 * with the API's access checks and its very validation (`validateRequest`), answering the
 * declared status with a body typed by the declared response. Every call is recorded, and a
 * failure can be injected per path.
 */
function fake<E extends EndpointDeclaration>(endpoint: E, handler: FakeHandler<E>) {
  return http[endpoint.method](endpoint.path, async ({ request, params }) => {
    const url = new URL(request.url);
    const method = endpoint.method.toUpperCase();
    const body: unknown = endpoint.body ? await request.json().catch(() => undefined) : undefined;
    const raw = endpoint.rawBody ? new Uint8Array(await request.arrayBuffer()) : undefined;
    db.calls.push({ method, path: url.pathname, body, search: url.search || undefined });
    if (db.latencyMs) await delay(db.latencyMs);
    const failure = db.failures.get(`${method} ${url.pathname}`);
    if (failure) {
      db.failures.delete(`${method} ${url.pathname}`);
      return json({ message: 'Injected failure' }, failure);
    }
    let user: StoredUser | undefined;
    if (endpoint.access !== 'public') {
      const caller = callerOf(request);
      if (!caller.token) return json({ message: API_MESSAGES.authRequired }, 401);
      if (!caller.user) return json({ message: API_MESSAGES.sessionExpired }, 401);
      if (endpoint.access === 'admin' && caller.user.role !== ADMIN_ROLE) {
        return json({ message: API_MESSAGES.forbidden }, 403);
      }
      user = caller.user;
    }
    const refusal = endpoint.rawBody && rawBodyRefusal(endpoint, request, raw);
    if (refusal) return json({ message: refusal.message }, refusal.status);
    const validation = validateRequest(endpoint, {
      params,
      query: Object.fromEntries(url.searchParams),
      body,
    });
    if (!validation.ok) return json(validation.error, 400);
    const answer = handler({ input: validation.input, user: user as Caller<E>, request, raw });
    if (answer instanceof Failure) {
      const { status, message, errors, current } = answer;
      return json({ message, ...(errors && { errors }), ...(current && { current }) }, status);
    }
    return json(answer as JsonBodyType, endpoint.status);
  });
}

// The board as the API pages and filters it: newest first (createdAt, then _id), a keyset
// cursor after the last item of a page, and counts under the filters.
const newestFirst = (
  a: Pick<Request, 'createdAt' | '_id'>,
  b: Pick<Request, 'createdAt' | '_id'>,
) =>
  Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a._id < b._id ? 1 : a._id > b._id ? -1 : 0);

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

const isAdmin = (user: StoredUser) => user.role === ADMIN_ROLE;

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
  return stored;
}

/** An assignment to a user known to exist (or none): recorded unless already so. */
function assignOne(id: string, vendorId: string | null, by: string): Request | Failure {
  const stored = findRequest(id);
  if (!stored) return fail(404, API_MESSAGES.requestNotFound);
  if (stored.vendor !== vendorId) record(stored._id, by, 'vendor', stored.vendor, vendorId);
  stored.vendor = vendorId;
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
  recordEditedFields(stored._id, by, stored, { ...stored, priority: to });
  stored.priority = to;
  stored.version += 1;
  return stored;
}

function removeOne(id: string): Request | Failure {
  const stored = findRequest(id);
  if (!stored) return fail(404, API_MESSAGES.requestNotFound);
  db.requests = db.requests.filter((r) => r !== stored);
  // Its activities live inside it: gone with it.
  db.activities.delete(stored._id);
  return stored;
}

/** Why one request of a bulk action did not change, from what its one-request write refused. */
const bulkFailureOf = (failure: Failure): BulkFailureReason =>
  failure.status === 404 ? 'notFound' : failure.status === 409 ? 'changed' : 'invalid';
const adminCount = () => db.users.filter(isAdmin).length;

/**
 * Issue 24's download tickets, as apps/api/src/auth/tickets.ts makes them: for one session and
 * exactly one query, a minute; no credential anywhere but the export. Random ids kept in memory.
 */
const exportTickets = new Map<string, { token: string; query: string; expiresAt: number }>();

/** A query's parameters in a fixed order, the ticket's own left out. */
const ticketQueryOf = (params: Iterable<[string, string]>) =>
  JSON.stringify(
    [...params]
      .filter(([key]) => key !== TICKET_PARAM)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );

/** The caller a `?ticket=` signs in, as the API's authenticateByTicket: or undefined (401). */
function ticketCaller(url: URL, tickets = exportTickets): StoredUser | undefined {
  const [ticket, ...more] = url.searchParams.getAll(TICKET_PARAM);
  const stored = ticket === undefined || more.length > 0 ? undefined : tickets.get(ticket);
  if (!stored || stored.expiresAt <= Date.now()) return undefined;
  if (stored.query !== ticketQueryOf(url.searchParams)) return undefined;
  return db.revokedTokens.has(stored.token) ? undefined : sessionUser(stored.token);
}

/** Who downloads a file: by its ticket (kept in `tickets`), else by the Authorization header. */
function fileCaller(
  request: globalThis.Request,
  url: URL,
  tickets = exportTickets,
): StoredUser | Response {
  if (url.searchParams.has(TICKET_PARAM)) {
    return ticketCaller(url, tickets) ?? json({ message: EXPORT_MESSAGES.ticketInvalid }, 401);
  }
  const caller = callerOf(request);
  if (!caller.token) return json({ message: API_MESSAGES.authRequired }, 401);
  if (!caller.user) return json({ message: API_MESSAGES.sessionExpired }, 401);
  return caller.user;
}

/**
 * A `…/link` answer, as the API's ticketedPath: `path` with the body's parameters that are set
 * and a ticket for exactly them, kept in `tickets` for the caller's session.
 */
function ticketedLink(
  tickets: typeof exportTickets,
  path: string,
  body: Readonly<Record<string, string | undefined>>,
  request: globalThis.Request,
) {
  const params = Object.entries(body).flatMap(([key, value]) =>
    value === undefined ? [] : [[key, value] as [string, string]],
  );
  const ticket = crypto.randomUUID();
  tickets.set(ticket, {
    token: callerOf(request).token ?? '',
    query: ticketQueryOf(params),
    expiresAt: Date.now() + EXPORT_TICKET_TTL_SECONDS * 1000,
  });
  return { url: `${path}?${new URLSearchParams([...params, [TICKET_PARAM, ticket]]).toString()}` };
}

export const handlers = [
  // Issue 24's export, CSV only and small (before `/:id`, as the API routes it): a header and each matching request's name.
  http.get(api.requests.export.path, ({ request }) => {
    const url = new URL(request.url);
    db.calls.push({ method: 'GET', path: url.pathname, body: undefined, search: url.search });
    const failure = db.failures.get(`GET ${url.pathname}`);
    if (failure) return json({ message: 'Injected failure' }, failure);
    const user = fileCaller(request, url);
    if (user instanceof Response) return user;
    const { [TICKET_PARAM]: _ticket, ...filters }: BoardFilters & { ticket?: string } =
      Object.fromEntries(url.searchParams);
    const names = db.requests.filter((r) => matchesFilters(r, filters, user)).map((r) => r.name);
    return new HttpResponse(['\uFEFFNombre', ...names, ''].join('\r\n'), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="solicitudes-2026-11-25.csv"',
      },
    });
  }),

  fake(api.requests.exportLink, ({ input, request }) =>
    ticketedLink(exportTickets, api.requests.export.path, input.body, request),
  ),

  fake(api.auth.login, ({ input, request }) => {
    if (input.body.altcha !== SOLVED_CAPTCHA) {
      return fail(400, LOGIN_MESSAGES.captchaRequired, [
        { path: 'altcha', message: LOGIN_MESSAGES.captchaRequired },
      ]);
    }
    const email = input.body.email.trim().toLowerCase();
    const user = db.users.find((u) => u.email === email && u.password === input.body.password);
    if (!user) return fail(401, LOGIN_MESSAGES.invalidCredentials);
    // Issue 32: a second factor's challenge, or the end of a required one's grace.
    const twoFactor = twoFactorAfterPassword(user);
    if (twoFactor && 'twoFactor' in twoFactor) return twoFactor;
    const { _id, name, lastName, role } = user;
    const token = signInToken(user, request);
    return { token, user: { _id, name, lastName, email: user.email, role }, ...twoFactor };
  }),

  fake(api.auth.logout, ({ request }) => {
    db.revokedTokens.add(callerOf(request).token ?? '');
    return { message: API_MESSAGES.loggedOut };
  }),

  fake(api.users.get, ({ input, user }) => {
    if (input.params.userId !== user._id && !isAdmin(user)) {
      return fail(403, API_MESSAGES.forbidden);
    }
    const found = db.users.find((u) => u._id === input.params.userId);
    if (!found) return fail(404, API_MESSAGES.userNotFound);
    return publicUser(found);
  }),

  fake(api.users.list, () => db.users.map(publicUser)),

  fake(api.users.create, ({ input }) => {
    const email = input.body.email.toLowerCase();
    if (db.users.some((u) => u.email === email)) return emailTaken();
    return publicUser(addUser({ ...input.body, email }));
  }),

  fake(api.users.update, ({ input }) => {
    const user = db.users.find((u) => u._id === input.params.id);
    if (!user) return fail(404, API_MESSAGES.userNotFound);
    const email = input.body.email.toLowerCase();
    if (db.users.some((u) => u.email === email && u !== user)) return emailTaken();
    if (isAdmin(user) && input.body.role !== ADMIN_ROLE && adminCount() === 1) {
      return fail(409, API_MESSAGES.lastAdmin);
    }
    Object.assign(user, input.body, { email });
    // A new password ends the user's sessions (their token changes with the version).
    if ('password' in input.body && input.body.password) {
      user.sessionVersion = (user.sessionVersion ?? 0) + 1;
      // Issue 23: and the user's reset and invitation links (endPasswordTokens, below).
      endPasswordTokens(user);
    }
    return publicUser(user);
  }),

  fake(api.users.remove, ({ input, user: admin }) => {
    const user = db.users.find((u) => u._id === input.params.id);
    if (!user) return fail(404, API_MESSAGES.userNotFound);
    if (user._id === admin._id) return fail(409, ACCOUNT_MESSAGES.ownAccountDelete);
    if (isAdmin(user) && adminCount() === 1) return fail(409, API_MESSAGES.lastAdmin);
    const deleted = publicUser(user);
    db.users = db.users.filter((u) => u !== user);
    // Their requests become unassigned, each recorded as the admin's doing (users.service.ts).
    for (const request of db.requests) {
      if (request.vendor !== user._id) continue;
      request.vendor = null;
      record(request._id, admin._id, 'vendor', user._id, null);
    }
    // Their activities stay on the requests without an owner (activities.service.ts).
    for (const [requestId, activities] of db.activities) {
      for (const activity of activities) {
        if (activity.ownerId !== user._id) continue;
        activity.ownerId = null;
        activity.version += 1;
        record(requestId, admin._id, 'activityOwner', user._id, null, activity);
      }
    }
    return deleted;
  }),

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

  fake(api.requests.create, ({ input }) =>
    addRequest({
      ...NEW_REQUEST_DEFAULTS,
      notes: [],
      ...input.body,
      createdAt: new Date().toISOString(),
    }),
  ),

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
    recordNote(stored._id, user._id, null, input.body.text);
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
    recordNote(id, user._id, input.body.from, input.body.to);
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

  fake(api.requests.remove, ({ input }) => removeOne(input.params.id)),

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
        apply = (index) => ({ write: removeOne(body.items[index]!.id), already: false });
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

// Website leads (issue 13): the public form and the board's poll, as leads.service.ts answers.
const LEAD_POLL_AFTER_MS = 15_000;
/** The poll interval the fake tells the board (a test shortens it). */
export const leadPoll = { afterMs: LEAD_POLL_AFTER_MS };

handlers.push(
  fake(api.leads.submit, ({ input }) => {
    const { altcha, [LEAD_HONEYPOT_FIELD]: honeypot, ...fields } = input.body;
    if (altcha !== SOLVED_CAPTCHA) {
      return fail(400, LEAD_MESSAGES.captchaRequired, [
        { path: 'altcha', message: LEAD_MESSAGES.captchaRequired },
      ]);
    }
    // The same thanks whatever happens, as the API: nothing of the database (issue 18).
    const thanks = { message: LEAD_MESSAGES.success };
    if (honeypot !== undefined && honeypot !== '') return thanks;
    const next = Math.max(0, ...db.requests.map((r) => r.requestNumber ?? 0)) + 1;
    addRequest({
      ...NEW_REQUEST_DEFAULTS,
      notes: [],
      ...fields,
      requestNumber: next,
      sourceOfContact: 'website',
      createdAt: new Date().toISOString(),
    });
    return thanks;
  }),

  fake(api.leads.recent, ({ input }) => {
    const { after } = input.query;
    if (!after) {
      const now = { createdAt: new Date().toISOString(), _id: '0'.repeat(24) };
      return { items: [], cursor: encodeBoardCursor(now), pollAfterMs: leadPoll.afterMs };
    }
    const items = db.requests
      .filter(
        (r) =>
          r.status === 'new request' &&
          r.sourceOfContact === 'website' &&
          newestFirst(r, after) < 0,
      )
      .sort((a, b) => newestFirst(b, a))
      .slice(0, RECENT_LEADS_LIMIT);
    const last = items.at(-1);
    return {
      items,
      cursor: encodeBoardCursor(last ?? after),
      pollAfterMs: leadPoll.afterMs,
    };
  }),
);

// The product settings (issue 20), as settings.service.ts answers: every role reads them, a
// system admin (the contract's access) changes them from the version read (409 with `current`).
handlers.push(
  fake(api.settings.get, () => structuredClone(db.settings)),

  fake(api.settings.update, ({ input }) => {
    const { staleDays, lostReasons, winProbability, version } = input.body;
    if (version !== db.settings.version) {
      return fail(409, API_MESSAGES.settingsConflict, undefined, {
        settings: structuredClone(db.settings),
      });
    }
    db.settings = {
      staleDays: { ...staleDays },
      lostReasons: [...lostReasons],
      winProbability: { ...winProbability },
      currency: db.settings.currency,
      version: version + 1,
    };
    return structuredClone(db.settings);
  }),
);

// Activities on a request (issue 20), as activities.service.ts answers. Due instants are read
// in the runtime's zone, the API's APP_TIME_ZONE default.
const activityOf = (requestId: string, activityId: string) =>
  (db.activities.get(requestId) ?? []).find((a) => a._id === activityId);

const activityConflict = (message: string, activity: Activity) =>
  fail(409, message, undefined, { activity: { ...activity } });

const unknownOwner = (ownerId: string | undefined) =>
  ownerId !== undefined && !db.users.some((u) => u._id === ownerId)
    ? fail(400, FIELD_MESSAGES.activityOwnerUnknown, [
        { path: 'ownerId', message: FIELD_MESSAGES.activityOwnerUnknown },
      ])
    : undefined;

/** The open activity due first (compareActivities), as a card shows it; null: none planned. */
function nextActivityOf(activities: Activity[]): NextActivity | null {
  const [next] = activities.filter((activity) => !activity.done).sort(compareActivities);
  if (!next) return null;
  const { _id, type, title, dueDate, dueTime, dueAt } = next;
  return { _id, type, title, dueDate, dueTime, dueAt };
}

/** As the API, in the same write as the activities: the request's next activity follows them. */
function activitiesChanged(requestId: string) {
  const request = findRequest(requestId);
  if (request) request.nextActivity = nextActivityOf(db.activities.get(requestId) ?? []);
}

/** Seeds an open activity on a stored request (due tomorrow by default), its card following. */
export function addActivity(requestId: string, overrides: Partial<Activity> = {}): Activity {
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const dueDate = overrides.dueDate ?? tomorrow;
  const dueTime = overrides.dueTime ?? null;
  const activity: Activity = {
    _id: newId(),
    type: 'call',
    title: 'Llamar',
    dueDate,
    dueTime,
    dueAt: zonedDueAt(dueDate, dueTime, systemTimeZone()).toISOString(),
    ownerId: null,
    done: false,
    doneAt: null,
    doneBy: null,
    createdAt: new Date().toISOString(),
    createdBy: null,
    version: 0,
    ...overrides,
  };
  db.activities.set(requestId, [...(db.activities.get(requestId) ?? []), activity]);
  activitiesChanged(requestId);
  return activity;
}

/** The request and its activity for a change, or the API's 404. */
function findActivity(requestId: string, activityId: string) {
  if (!findRequest(requestId)) return fail(404, API_MESSAGES.requestNotFound);
  return activityOf(requestId, activityId) ?? fail(404, API_MESSAGES.activityNotFound);
}

handlers.push(
  fake(api.activities.list, ({ input }) => {
    if (!findRequest(input.params.id)) return fail(404, API_MESSAGES.requestNotFound);
    const items = [...(db.activities.get(input.params.id) ?? [])].sort(compareActivities);
    return { items: items.map((activity) => ({ ...activity })) };
  }),

  fake(api.activities.add, ({ input, user }) => {
    const { type, title, dueDate, dueTime = null, ownerId } = input.body;
    const refused = unknownOwner(ownerId);
    if (refused) return refused;
    const stored = findRequest(input.params.id);
    if (!stored) return fail(404, API_MESSAGES.requestNotFound);
    const activities = db.activities.get(stored._id) ?? [];
    if (activities.length >= MAX_ACTIVITIES_PER_REQUEST) {
      return fail(400, FIELD_MESSAGES.tooManyActivities(MAX_ACTIVITIES_PER_REQUEST));
    }
    const activity: Activity = {
      _id: newId(),
      type,
      title,
      dueDate,
      dueTime,
      dueAt: zonedDueAt(dueDate, dueTime, systemTimeZone()).toISOString(),
      ownerId: ownerId ?? stored.vendor ?? user._id,
      done: false,
      doneAt: null,
      doneBy: null,
      createdAt: new Date().toISOString(),
      createdBy: user._id,
      version: 0,
    };
    db.activities.set(stored._id, [...activities, activity]);
    activitiesChanged(stored._id);
    record(stored._id, user._id, 'activity', null, title, activity);
    return { ...activity };
  }),

  // Issue 33: one already done, logged in one step (activities.service.ts logActivity).
  fake(api.activities.log, ({ input, user }) => {
    const { type, title, outcome } = input.body;
    const stored = findRequest(input.params.id);
    if (!stored) return fail(404, API_MESSAGES.requestNotFound);
    const activities = db.activities.get(stored._id) ?? [];
    if (activities.length >= MAX_ACTIVITIES_PER_REQUEST) {
      return fail(400, FIELD_MESSAGES.tooManyActivities(MAX_ACTIVITIES_PER_REQUEST));
    }
    const now = new Date();
    const dueDate = dayIn(now, systemTimeZone());
    const dueTime = wallClockOf(now, systemTimeZone()).toISOString().slice(11, 16);
    const activity: Activity = {
      _id: newId(),
      type,
      title,
      dueDate,
      dueTime,
      dueAt: zonedDueAt(dueDate, dueTime, systemTimeZone()).toISOString(),
      ownerId: user._id,
      done: true,
      doneAt: now.toISOString(),
      doneBy: user._id,
      createdAt: now.toISOString(),
      createdBy: user._id,
      ...(outcome ? { outcome } : {}),
      version: 0,
    };
    db.activities.set(stored._id, [...activities, activity]);
    activitiesChanged(stored._id);
    record(stored._id, user._id, 'activityLogged', type, outcome || null, activity);
    return { ...activity };
  }),

  fake(api.activities.change, ({ input, user }) => {
    const { version, ...changes } = input.body;
    const refused = unknownOwner(changes.ownerId);
    if (refused) return refused;
    const { id, activityId } = input.params;
    const activity = findActivity(id, activityId);
    if (activity instanceof Failure) return activity;
    if (activity.version !== version) {
      return activityConflict(API_MESSAGES.activityConflict, activity);
    }
    const before = { ...activity };
    const changed: [HistoryField, string | null, string | null][] = [];
    if (changes.title !== undefined && changes.title !== before.title) {
      activity.title = changes.title;
      changed.push(['activity', before.title, changes.title]);
    }
    if (changes.type !== undefined && changes.type !== before.type) {
      activity.type = changes.type;
      changed.push(['activityType', before.type, changes.type]);
    }
    const dueTime = changes.dueTime ?? null;
    if (
      changes.dueDate !== undefined &&
      (changes.dueDate !== before.dueDate || dueTime !== before.dueTime)
    ) {
      activity.dueDate = changes.dueDate;
      activity.dueTime = dueTime;
      activity.dueAt = zonedDueAt(changes.dueDate, dueTime, systemTimeZone()).toISOString();
      changed.push(['activityDue', dueText(before), dueText(activity)]);
    }
    if (changes.ownerId !== undefined && changes.ownerId !== before.ownerId) {
      activity.ownerId = changes.ownerId;
      changed.push(['activityOwner', before.ownerId, changes.ownerId]);
    }
    if (changed.length > 0) activity.version += 1;
    activitiesChanged(id);
    for (const [field, from, to] of changed) record(id, user._id, field, from, to, activity);
    return { ...activity };
  }),
);

for (const [endpoint, done] of [
  [api.activities.complete, true],
  [api.activities.reopen, false],
] as const) {
  handlers.push(
    fake(endpoint, ({ input, user }) => {
      const { id, activityId } = input.params;
      const activity = findActivity(id, activityId);
      if (activity instanceof Failure) return activity;
      if (activity.done === done) {
        const message = done ? API_MESSAGES.activityAlreadyDone : API_MESSAGES.activityNotDone;
        return activityConflict(message, activity);
      }
      if (activity.version !== input.body.version) {
        return activityConflict(API_MESSAGES.activityConflict, activity);
      }
      Object.assign(activity, {
        done,
        doneAt: done ? new Date().toISOString() : null,
        doneBy: done ? user._id : null,
        version: activity.version + 1,
      });
      activitiesChanged(id);
      record(
        id,
        user._id,
        'activityDone',
        done ? 'open' : 'done',
        done ? 'done' : 'open',
        activity,
      );
      return { ...activity };
    }),
  );
}

handlers.push(
  fake(api.activities.remove, ({ input, user }) => {
    const { id, activityId } = input.params;
    const activity = findActivity(id, activityId);
    if (activity instanceof Failure) return activity;
    db.activities.set(
      id,
      (db.activities.get(id) ?? []).filter((a) => a !== activity),
    );
    activitiesChanged(id);
    record(id, user._id, 'activity', activity.title, null, activity);
    return activity;
  }),
);

// The agenda and the bell (issue 20), as agenda.service.ts answers: the shared ranges
// (agendaBounds, agendaBucketOf) in the runtime's zone, the API's APP_TIME_ZONE default.
function openActivitiesOf(owner: string, callerId: string): AgendaItem[] {
  const ownerId = owner === AGENDA_OWNER_ME ? callerId : owner;
  return db.requests.flatMap(({ _id, name, company, status, requestNumber }) =>
    (db.activities.get(_id) ?? [])
      .filter((activity) => !activity.done && activity.ownerId === ownerId)
      .map((activity) => ({
        activity: { ...activity },
        request: { _id, name, company, status, requestNumber: requestNumber ?? null },
      })),
  );
}

/** Strictly after a page's last activity, in the agenda's order. */
const afterPosition = (item: AgendaItem, position: AgendaCursor) =>
  Date.parse(item.activity.dueAt) > Date.parse(position.dueAt) ||
  (Date.parse(item.activity.dueAt) === Date.parse(position.dueAt) &&
    item.activity._id > position._id);

handlers.push(
  fake(api.activities.agenda, ({ input, user }) => {
    const { owner, due, cursor, limit } = input.query;
    const bounds = agendaBounds(new Date(), systemTimeZone());
    const items = openActivitiesOf(owner, user._id)
      .filter((item) => agendaBucketOf(item.activity, bounds) === due)
      .filter((item) => !cursor || afterPosition(item, cursor))
      .sort(compareAgendaItems);
    const page = items.slice(0, limit);
    const last = page.at(-1);
    return {
      items: page,
      nextCursor: items.length > limit && last ? encodeAgendaCursor(last.activity) : null,
    };
  }),

  fake(api.activities.dueCount, ({ input, user }) => {
    const bounds = agendaBounds(new Date(), systemTimeZone());
    const due = openActivitiesOf(input.query.owner, user._id).filter((item) =>
      ['overdue', 'today'].includes(agendaBucketOf(item.activity, bounds)),
    );
    return { count: due.length, pollAfterMs: AGENDA_BELL_POLL_MS };
  }),
);

// The caller's own preferences and calendar feed (issue 20), as preferences.service.ts answers:
// kept per user id (ids are never reused, so nothing needs resetting between tests); the
// feed's secret is 32 random bytes in base64url, shown once, and only whether it exists is kept.
type FakePreferences = EndpointResponse<typeof api.preferences.get>;
const fakePreferences = new Map<string, Omit<FakePreferences, 'effectiveTimeZone'>>();

function preferencesOf(userId: string): FakePreferences {
  const stored = fakePreferences.get(userId) ?? {
    timeZone: null,
    emailDigest: true,
    emailReminders: true,
    calendarFeed: false,
  };
  return { ...stored, effectiveTimeZone: stored.timeZone ?? systemTimeZone() };
}

/** Also what tests seed a person's preferences with (issue 33: a zone other than the browser's). */
export function savePreferences(
  userId: string,
  changes: Partial<FakePreferences>,
): FakePreferences {
  const { effectiveTimeZone: _effective, ...current } = preferencesOf(userId);
  fakePreferences.set(userId, { ...current, ...changes });
  return preferencesOf(userId);
}

const calendarSecret = () =>
  btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

handlers.push(
  fake(api.preferences.get, ({ user }) => preferencesOf(user._id)),

  fake(api.preferences.update, ({ input, user }) => {
    const changes = Object.fromEntries(
      Object.entries(input.body).filter(([, value]) => value !== undefined),
    );
    return savePreferences(user._id, changes);
  }),

  fake(api.preferences.createCalendarFeed, ({ user, request }) => {
    savePreferences(user._id, { calendarFeed: true });
    return { url: `${new URL(request.url).origin}/api/calendar/${calendarSecret()}.ics` };
  }),

  fake(api.preferences.revokeCalendarFeed, ({ user }) =>
    savePreferences(user._id, { calendarFeed: false }),
  ),
);

// Inicio (issue 22), as dashboard.service.ts answers, computed from what the fake really keeps:
// a request's creation, its status history (`record`, or `moveAt` for a move at a chosen
// instant), stage, amounts and outcome. A request seeded in a stage without history was
// created there (addRequest's rule), so it has no stay that ended. Days in the runtime's zone,
// the API's APP_TIME_ZONE default. A test that needs other figures answers them itself
// (answers.ts).

/** Seeds a move of a stored request to `to` at `at` (an ISO instant), recorded as the API does. */
export function moveAt(request: Request, to: RequestStatus, at: string, by: string | null = null) {
  const entries = db.history.get(request._id) ?? [];
  entries.push({ at, by, field: 'status', from: request.status, to });
  db.history.set(request._id, entries);
  request.status = to;
  request.stageChangedAt = at;
}

const statusMovesOf = (request: Request) =>
  (db.history.get(request._id) ?? []).filter((entry) => entry.field === 'status');

/** The furthest stage a request has been in, as its index in REQUEST_STATUSES. */
function furthestStageOf(request: Request): number {
  const moves = statusMovesOf(request);
  const stages = [moves[0]?.from ?? request.status, ...moves.map((move) => move.to)];
  return Math.max(...stages.map((stage) => REQUEST_STATUSES.indexOf(stage as RequestStatus)));
}

/** Each stay in a stage that has ended: the stage, and when it began and ended (ms). */
function endedStaysOf(request: Request) {
  let since = Date.parse(request.createdAt);
  return statusMovesOf(request).map((move) => {
    const stay = { status: move.from as RequestStatus, start: since, end: Date.parse(move.at) };
    since = stay.end;
    return stay;
  });
}

const isOpen = (request: Request) => request.status !== 'closed';

function dashboardOf(query: ParsedDashboardQuery, vendor: string | null, now: Date): Dashboard {
  const zone = systemTimeZone();
  const period = periodDays(query, now, zone);
  const within = (from: string, to: string) => {
    const { start, end } = instantsOf(from, to, zone);
    return (iso: string) => Date.parse(iso) >= start.getTime() && Date.parse(iso) < end.getTime();
  };
  const inPeriod = within(period.from, period.to);
  const inPrevious = within(period.previousFrom, period.previousTo);
  const { start, end } = instantsOf(period.from, period.to, zone);
  const mine = db.requests.filter((request) => vendor === null || request.vendor === vendor);
  const created = mine.filter((request) => inPeriod(request.createdAt));
  const closedIn = (inRange: (iso: string) => boolean) =>
    mine.filter((request) => request.status === 'closed' && inRange(request.stageChangedAt));
  const closed = closedIn(inPeriod);
  const previous = closedIn(inPrevious);
  const paid = (requests: Request[]) => requests.reduce((sum, r) => sum + r.amoutPaid, 0);

  const stays = mine.flatMap(endedStaysOf).filter((stay) => {
    return stay.end >= start.getTime() && stay.end < end.getTime();
  });
  const lostReasons = new Map<string, number>();
  for (const request of closed) {
    if (request.outcome?.result !== 'lost') continue;
    const reason = request.outcome.reason ?? '';
    lostReasons.set(reason, (lostReasons.get(reason) ?? 0) + 1);
  }
  const openValues: Partial<Record<RequestStatus, number>> = {};
  for (const request of created.filter(isOpen)) {
    openValues[request.status] = (openValues[request.status] ?? 0) + (request.expectedValue ?? 0);
  }

  return {
    period,
    vendor,
    funnel: REQUEST_STATUSES.map((status, index) => ({
      status,
      reached: created.filter((request) => furthestStageOf(request) >= index).length,
    })),
    weekly: weekStarts(now, zone).map((weekStart) => {
      const inWeek = within(weekStart, plusDays(weekStart, 6));
      const week = mine.filter((request) => inWeek(request.createdAt));
      const website = week.filter((request) => request.sourceOfContact === 'website').length;
      return { weekStart, website, other: week.length - website };
    }),
    stageTimes: OPEN_STATUSES.map((status) => {
      const days = stays
        .filter((stay) => stay.status === status)
        .map((stay) => stay.end - stay.start)
        .sort((a, b) => a - b);
      const median = medianOf(days);
      const p90 = percentileOf(days, 90);
      return {
        status,
        count: days.length,
        medianDays: median === null ? null : daysOf(median),
        p90Days: p90 === null ? null : daysOf(p90),
      };
    }),
    closed: {
      count: closed.length,
      amount: paid(closed),
      previousCount: previous.length,
      previousAmount: paid(previous),
    },
    outcomes: {
      won: closed.filter((request) => request.outcome?.result === 'won').length,
      lost: closed.filter((request) => request.outcome?.result === 'lost').length,
      none: closed.filter((request) => !request.outcome).length,
      lostReasons: [...lostReasons]
        .map(([reason, count]) => ({ reason, count }))
        .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
    },
    pipeline: pipelineOf(openValues, db.settings.winProbability),
    team: vendor === null ? teamOf(closed, now) : null,
  };
}

/** Per executive with open requests or some closed in the period (null: unassigned). */
function teamOf(closedInPeriod: Request[], now: Date): NonNullable<Dashboard['team']> {
  const rows = new Map<string | null, NonNullable<Dashboard['team']>[number]>();
  const rowOf = (vendorId: string | null) => {
    let row = rows.get(vendorId);
    if (!row) {
      const user = db.users.find((u) => u._id === vendorId);
      const vendor =
        vendorId === null
          ? null
          : { _id: vendorId, name: user ? `${user.name} ${user.lastName}` : '' };
      row = { vendor, open: 0, stale: 0, closed: 0, amount: 0 };
      rows.set(vendorId, row);
    }
    return row;
  };
  for (const request of db.requests.filter(isOpen)) {
    const row = rowOf(request.vendor);
    row.open += 1;
    if (staleDaysOf(request, db.settings.staleDays, now) !== null) row.stale += 1;
  }
  for (const request of closedInPeriod) {
    const row = rowOf(request.vendor);
    row.closed += 1;
    row.amount += request.amoutPaid;
  }
  return [...rows.values()];
}

handlers.push(
  fake(api.dashboard.get, ({ input, user }) => {
    const asked =
      input.query.vendor ?? (isAdmin(user) ? DASHBOARD_VENDOR_ALL : DASHBOARD_VENDOR_ME);
    const vendor =
      asked === DASHBOARD_VENDOR_ALL ? null : asked === DASHBOARD_VENDOR_ME ? user._id : asked;
    // Only a system admin sees someone else's figures or the whole team's.
    if (vendor !== user._id && !isAdmin(user)) return fail(403, API_MESSAGES.forbidden);
    if (vendor !== null && !db.users.some((u) => u._id === vendor)) {
      return fail(400, API_MESSAGES.unknownExecutive, [
        { path: 'vendor', message: API_MESSAGES.unknownExecutive },
      ]);
    }
    return dashboardOf(input.query, vendor, new Date());
  }),
);

// The caller's own board (issue 25), as board-views.service.ts answers: the remembered filters
// (a vendor who never changed one starts on "me") and the saved views, kept per user id (ids are
// never reused, so nothing needs resetting between tests), each user reading only their own.
type FakeBoardView = EndpointResponse<typeof api.boardViews.create>;
const fakeBoardFilters = new Map<string, EndpointResponse<typeof api.boardViews.getFilters>>();
const fakeBoardViews = new Map<string, FakeBoardView[]>();

/** Without the empty ones, as the API stores them. */
const withoutEmpty = <T extends object>(filters: T): T =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => Boolean(value))) as T;

/** Seeds a user's saved views (as POST /api/me/board-views would store them). */
export function addBoardView(userId: string, name: string, filters: FakeBoardView['filters']) {
  const view = { _id: newId(), name, filters, createdAt: new Date().toISOString() };
  fakeBoardViews.set(userId, [...(fakeBoardViews.get(userId) ?? []), view]);
  return view;
}

/**
 * Seeds a user's remembered filters, as if they had left the board so: `{}` for a vendor seen on
 * the whole board rather than on "Mis solicitudes" (their first visit's).
 */
export function rememberBoardFilters<U extends { _id: string }>(
  user: U,
  filters: EndpointResponse<typeof api.boardViews.getFilters> = {},
) {
  fakeBoardFilters.set(user._id, filters);
  return user;
}

/** The user's remembered filters as stored, or undefined before they change one. */
export const storedBoardFilters = (userId: string) => fakeBoardFilters.get(userId);

const boardViewNameTaken = () =>
  fail(409, BOARD_VIEW_MESSAGES.nameTaken, [
    { path: 'name', message: BOARD_VIEW_MESSAGES.nameTaken },
  ]);

const nameClashes = (views: FakeBoardView[], name: string, except?: string) =>
  views.some(
    (view) => view._id !== except && boardViewNameKey(view.name) === boardViewNameKey(name),
  );

handlers.push(
  fake(
    api.boardViews.getFilters,
    ({ user }) => fakeBoardFilters.get(user._id) ?? defaultBoardFilters(user.role),
  ),

  fake(api.boardViews.putFilters, ({ input, user }) => {
    const stored = withoutEmpty(input.body);
    fakeBoardFilters.set(user._id, stored);
    return stored;
  }),

  fake(api.boardViews.list, ({ user }) => ({ items: fakeBoardViews.get(user._id) ?? [] })),

  fake(api.boardViews.create, ({ input, user }) => {
    const views = fakeBoardViews.get(user._id) ?? [];
    if (views.length >= BOARD_VIEWS_MAX) {
      return fail(409, BOARD_VIEW_MESSAGES.tooMany, [
        { path: 'name', message: BOARD_VIEW_MESSAGES.tooMany },
      ]);
    }
    if (nameClashes(views, input.body.name)) return boardViewNameTaken();
    return addBoardView(user._id, input.body.name, withoutEmpty(input.body.filters));
  }),

  fake(api.boardViews.update, ({ input, user }) => {
    const views = fakeBoardViews.get(user._id) ?? [];
    const current = views.find((view) => view._id === input.params.id);
    if (!current) return fail(404, BOARD_VIEW_MESSAGES.notFound);
    const { name, filters } = input.body;
    if (name !== undefined && nameClashes(views, name, current._id)) return boardViewNameTaken();
    const view = {
      ...current,
      name: name ?? current.name,
      filters: filters ? withoutEmpty(filters) : current.filters,
    };
    fakeBoardViews.set(
      user._id,
      views.map((each) => (each._id === view._id ? view : each)),
    );
    return view;
  }),

  fake(api.boardViews.remove, ({ input, user }) => {
    const views = fakeBoardViews.get(user._id) ?? [];
    const current = views.find((view) => view._id === input.params.id);
    if (!current) return fail(404, BOARD_VIEW_MESSAGES.notFound);
    fakeBoardViews.set(
      user._id,
      views.filter((view) => view !== current),
    );
    return current;
  }),
);

// Perfil (issue 23), as the API's profile, photo and session routes answer. Sessions: every
// token is one, kept by token (tokens hold the user's id, never reused, so nothing needs
// resetting between tests); a test's token (tokenFor, render.tsx's signIn) becomes one when
// first used, and a sign-in hands out tokenFor(user) the first time, a new token after that, so
// one person can be signed in twice. A session ends when revoked (logout, closed, a password
// change) or when the user's sessionVersion moves on (an admin's password change).
type FakeSession = {
  id: string;
  /** The order sessions opened in: the later of two opened in the same instant is newer. */
  order: number;
  token: string;
  userId: string;
  version: number;
  browser: string;
  os: string;
  address: string;
  signedInAt: string;
  lastSeenAt: string;
};
const fakeSessions = new Map<string, FakeSession>();
let nextSession = 1;

// "Firefox 133", "Windows 10" from a user agent, roughly as the API's parser names them.
const BROWSERS = [
  [/Edg\/(\d+)/, 'Edge'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/Chrome\/(\d+)/, 'Chrome'],
  [/Version\/(\d+).*Safari/, 'Safari'],
] as const;
const SYSTEMS = [
  [/Windows NT 10/, 'Windows 10'],
  [/Android (\d+)/, 'Android'],
  [/iPhone|iPad/, 'iOS'],
  [/Mac OS X/, 'macOS'],
  [/Linux/, 'Linux'],
] as const;

function nameIn(userAgent: string, list: readonly (readonly [RegExp, string])[]): string {
  for (const [pattern, name] of list) {
    const match = pattern.exec(userAgent);
    if (match) return match[1] ? `${name} ${match[1]}` : name;
  }
  return '';
}

const deviceOf = (userAgent: string) => ({
  browser: nameIn(userAgent, BROWSERS),
  os: nameIn(userAgent, SYSTEMS),
});

/** Seeds a session of `user` (a sign-in elsewhere); answers it, with its token. */
export function addSession(
  user: Pick<StoredUser, '_id' | 'sessionVersion'>,
  overrides: Partial<Omit<FakeSession, 'userId' | 'version' | 'order'>> = {},
): FakeSession {
  const now = new Date().toISOString();
  const n = nextSession++;
  const session: FakeSession = {
    id: `session-${n}`,
    order: n,
    token: `token-${user._id}~${n}`,
    userId: user._id,
    version: user.sessionVersion ?? 0,
    browser: '',
    os: '',
    address: '127.0.0.1',
    signedInAt: now,
    lastSeenAt: now,
    ...overrides,
  };
  fakeSessions.set(session.token, session);
  return session;
}

/** The token a sign-in answers, its session opened with the browser it came from. */
function signInToken(user: StoredUser, request: globalThis.Request): string {
  const first = tokenFor(user);
  const device = deviceOf(request.headers.get('User-Agent') ?? '');
  const reused = fakeSessions.has(first) || db.revokedTokens.has(first);
  return addSession(user, { ...device, ...(reused ? {} : { token: first }) }).token;
}

const liveSession = (session: FakeSession) => {
  const user = db.users.find((u) => u._id === session.userId);
  return (
    Boolean(user) &&
    !db.revokedTokens.has(session.token) &&
    session.version === (user?.sessionVersion ?? 0)
  );
};

/** Whose token this is, if its session is live; a test's tokenFor token opens one. */
function sessionUser(token: string): StoredUser | undefined {
  const session = fakeSessions.get(token);
  if (session) {
    if (!liveSession(session)) return undefined;
    session.lastSeenAt = new Date().toISOString();
    return db.users.find((u) => u._id === session.userId);
  }
  const user = db.users.find((u) => tokenFor(u) === token);
  if (user) addSession(user, { token });
  return user;
}

const sessionsOf = (userId: string) =>
  [...fakeSessions.values()]
    .filter((session) => session.userId === userId && liveSession(session))
    .sort((a, b) => Date.parse(b.signedInAt) - Date.parse(a.signedInAt) || b.order - a.order);

/**
 * Ends the user's sessions but `exceptToken`'s (their tokens get 401 from now on), and their
 * calendar feed (issue 32), as auth/sessions.ts does.
 */
export function endSessions(userId: string, exceptToken?: string) {
  for (const session of sessionsOf(userId)) {
    if (session.token !== exceptToken) db.revokedTokens.add(session.token);
  }
  savePreferences(userId, { calendarFeed: false });
}

const sessionListOf = (userId: string, callerToken: string | undefined) =>
  sessionsOf(userId).map(({ id, token, browser, os, address, signedInAt, lastSeenAt }) => ({
    id,
    current: token === callerToken,
    browser,
    os,
    address,
    signedInAt,
    lastSeenAt,
  }));

/** 415 / 413 before the handler, as the API's raw-body reader: the media type, then the size. */
function rawBodyRefusal(
  endpoint: EndpointDeclaration,
  request: globalThis.Request,
  raw: Uint8Array | undefined,
) {
  const limits = endpoint.rawBody;
  if (!limits) return undefined;
  const type = request.headers.get('Content-Type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  const refuse = (status: 413 | 415) => {
    // As the API's raw-body reader (http/json-body.ts): the message alone, no field errors.
    const fallback =
      status === 413
        ? API_MESSAGES.bodyTooLarge(limits.maxBytes / 1024)
        : API_MESSAGES.bodyNotAccepted;
    return { status, message: endpoint.errors?.[status] ?? fallback };
  };
  if (!limits.mediaTypes.includes(type)) return refuse(415);
  if ((raw?.length ?? 0) > limits.maxBytes) return refuse(413);
  return undefined;
}

// The stored photos' bytes, by id (the API re-encodes to WebP; the fake keeps what was sent).
const fakePhotos = new Map<string, Uint8Array>();
const PHOTO_URL = /^\/api\/photos\/([A-Za-z0-9_-]{22})\.webp$/;

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  prefix.every((byte, index) => bytes[at + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** PNG, JPEG or WebP by their first bytes, whatever the media type said. */
const isImage = (bytes: Uint8Array) =>
  startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) ||
  startsWith(bytes, [0xff, 0xd8, 0xff]) ||
  (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8));

const photoId = () => calendarSecret().slice(0, 22);

function dropPhoto(user: StoredUser) {
  const id = PHOTO_URL.exec(user.photo)?.[1];
  if (id) fakePhotos.delete(id);
  user.photo = '';
}

/** Pending email changes, by user id (the link's new address). */
export const pendingEmails = new Map<string, string>();

const profileOf = (user: StoredUser): EndpointResponse<typeof api.profile.get> => ({
  _id: user._id,
  name: user.name,
  lastName: user.lastName,
  email: user.email,
  role: user.role,
  photo: user.photo,
  pendingEmail: pendingEmails.get(user._id) ?? null,
});

const wrongCurrentPassword = () =>
  fail(400, ACCOUNT_MESSAGES.currentPasswordWrong, [
    { path: 'currentPassword', message: ACCOUNT_MESSAGES.currentPasswordWrong },
  ]);

handlers.push(
  fake(api.profile.get, ({ user }) => profileOf(user)),

  // Nobody changes their own role: a `role` is refused before the body's rules (which would
  // call it an unknown key).
  http.patch(api.profile.update.path, async ({ request }) => {
    if (!callerOf(request).user) return undefined;
    const body: unknown = await request
      .clone()
      .json()
      .catch(() => undefined);
    if (typeof body !== 'object' || body === null || !('role' in body)) return undefined;
    db.calls.push({ method: 'PATCH', path: api.profile.update.path, body });
    return json({ message: ACCOUNT_MESSAGES.ownRoleLocked }, 403);
  }),
  fake(api.profile.update, ({ input, user }) => {
    Object.assign(user, input.body);
    return profileOf(user);
  }),

  fake(api.profile.putPhoto, ({ user, raw }) => {
    if (!raw || !isImage(raw)) {
      return fail(400, ACCOUNT_MESSAGES.photoNotImage, [
        { path: 'photo', message: ACCOUNT_MESSAGES.photoNotImage },
      ]);
    }
    dropPhoto(user);
    const id = photoId();
    fakePhotos.set(id, raw);
    user.photo = `/api/photos/${id}.webp`;
    return profileOf(user);
  }),

  fake(api.profile.deletePhoto, ({ user }) => {
    dropPhoto(user);
    return profileOf(user);
  }),

  http.get(api.profile.photo.path, ({ params }) => {
    const id = /^([A-Za-z0-9_-]{22})\.webp$/.exec(String(params.file))?.[1];
    const bytes = id ? fakePhotos.get(id) : undefined;
    if (!bytes) return json({ message: API_MESSAGES.routeNotFound }, 404);
    return new HttpResponse(bytes, {
      headers: {
        'Content-Type': 'image/webp',
        'Cache-Control': 'public, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  }),

  fake(api.profile.changePassword, ({ input, user, request }) => {
    if (input.body.currentPassword !== user.password) return wrongCurrentPassword();
    if (input.body.password === user.password) {
      return fail(400, ACCOUNT_MESSAGES.samePassword, [
        { path: 'password', message: ACCOUNT_MESSAGES.samePassword },
      ]);
    }
    user.password = input.body.password;
    endPasswordTokens(user);
    endSessions(user._id, callerOf(request).token);
    return { message: ACCOUNT_MESSAGES.passwordChanged };
  }),

  fake(api.profile.sessions, ({ user, request }) =>
    sessionListOf(user._id, callerOf(request).token),
  ),

  fake(api.profile.closeSession, ({ input, user, request }) => {
    const session = sessionsOf(user._id).find((each) => each.id === input.params.id);
    if (!session) return fail(404, ACCOUNT_MESSAGES.sessionNotFound);
    db.revokedTokens.add(session.token);
    return sessionListOf(user._id, callerOf(request).token);
  }),

  fake(api.profile.closeOtherSessions, ({ user, request }) => {
    const token = callerOf(request).token;
    endSessions(user._id, token);
    return sessionListOf(user._id, token);
  }),
);

// Forgotten passwords, one-time links and invitations (issue 23), as the API's account and
// invitation services answer. The mail server: `accountMail.smtp` (on by default, as in the API's
// contract tests, whose SMTP server captures the mails); each mail is recorded with its link, and
// lastLink(email) reads the newest, as a person would from their inbox. With it off, as a server
// without SMTP_URL: nothing is mailed, an invitation answers its link, an email change is 503.
// Tokens are kept as they are (the API keeps their hash), one per user and purpose.
type AccountMail = { to: string; subject: string; text: string; link?: string };
type AccountToken = {
  userId: string;
  purpose: TokenPurpose;
  newEmail?: string;
  expiresAt: number;
};
export const accountMail = { smtp: true, sent: [] as AccountMail[] };
const accountTokens = new Map<string, AccountToken>();
const emailCounters = new Map<string, { count: number; endsAt: number }>();
const ACCOUNT_TOKEN_MS: Record<TokenPurpose, number> = {
  reset: ACCOUNT_LIMITS.resetTokenMs,
  invite: ACCOUNT_LIMITS.inviteTokenMs,
  email: ACCOUNT_LIMITS.emailTokenMs,
};
const EMAIL_WINDOW_MS = 60 * 60_000;

/** Back to a mail server with no mail, no link and no count (resetDb, between tests). */
export function resetAccountFake() {
  accountMail.smtp = true;
  accountMail.sent = [];
  accountTokens.clear();
  emailCounters.clear();
}

/** The newest one-time link mailed to `email`, or undefined. */
export const lastLink = (email: string) =>
  accountMail.sent.findLast((mail) => mail.to === normaliseEmail(email) && mail.link)?.link;

/** The token of a link (its `?token=`), e.g. to open its page in a test. */
export const tokenOfLink = (link: string) => new URL(link).searchParams.get('token') ?? '';

/** A new token of `purpose` for the user: the older one of that purpose stops working. */
export function issueAccountToken(
  origin: string,
  userId: string,
  purpose: TokenPurpose,
  newEmail?: string,
) {
  for (const [token, stored] of accountTokens) {
    if (stored.userId === userId && stored.purpose === purpose) accountTokens.delete(token);
  }
  const token = calendarSecret();
  const expiresAt = Date.now() + ACCOUNT_TOKEN_MS[purpose];
  accountTokens.set(token, { userId, purpose, ...(newEmail && { newEmail }), expiresAt });
  return `${origin}${ACCOUNT_LINK_PATHS[purpose]}?token=${token}`;
}

/** After any password change: the user's reset and invitation links end, nothing is pending. */
export function endPasswordTokens(user: StoredUser) {
  for (const [token, stored] of accountTokens) {
    if (stored.userId === user._id && stored.purpose !== 'email') accountTokens.delete(token);
  }
  delete user.invitationPending;
}

const tokenInvalid = () =>
  fail(400, ACCOUNT_MESSAGES.tokenInvalid, [
    { path: 'token', message: ACCOUNT_MESSAGES.tokenInvalid },
  ]);

/** The live token and its user; `use` spends it. A failure is one answer, whatever the cause. */
function accountTokenOf(token: string, purposes: readonly TokenPurpose[], use: boolean) {
  const stored = accountTokens.get(token);
  if (!stored || !purposes.includes(stored.purpose) || stored.expiresAt <= Date.now()) {
    return tokenInvalid();
  }
  if (use) accountTokens.delete(token);
  const user = db.users.find((u) => u._id === stored.userId);
  return user ? { ...stored, user } : tokenInvalid();
}

/** One email under each limit (`key` → its most per hour), or a 429 that counts none of them. */
function reserveEmails(limits: [key: string, max: number][]) {
  const now = Date.now();
  const counters = limits.map(([key]) => {
    const live = emailCounters.get(key);
    return live && live.endsAt > now ? live : { count: 0, endsAt: now + EMAIL_WINDOW_MS };
  });
  const waits = limits.flatMap(([, max], at) =>
    (counters[at]?.count ?? 0) >= max ? [(counters[at]?.endsAt ?? now) - now] : [],
  );
  if (waits.length > 0) {
    const minutes = Math.ceil(Math.max(1000, ...waits) / 60_000);
    return fail(429, ACCOUNT_MESSAGES.tooManyEmails(minutes));
  }
  limits.forEach(([key], at) => {
    const counter = counters[at];
    if (counter) emailCounters.set(key, { ...counter, count: counter.count + 1 });
  });
  return undefined;
}

const originOf = (request: globalThis.Request) => new URL(request.url).origin;

/** Mails the invitation, or without a mail server answers its link once. */
function deliverInvitation(user: StoredUser, request: globalThis.Request) {
  const link = issueAccountToken(originOf(request), user._id, 'invite');
  if (!accountMail.smtp) {
    return { message: ACCOUNT_MESSAGES.invitationLinkOnce, userId: user._id, link };
  }
  accountMail.sent.push({
    to: user.email,
    subject: ACCOUNT_MAIL.inviteSubject,
    text: ACCOUNT_MAIL.inviteText(user.name, link),
    link,
  });
  return { message: ACCOUNT_MESSAGES.invitationSent(user.email), userId: user._id };
}

/** Seeds a user invited and not yet accepted (no password of their own). */
export const addInvitedUser = (overrides: Partial<StoredUser> & { role: Role }) =>
  addUser({ password: calendarSecret(), invitationPending: true, ...overrides });

handlers.push(
  fake(api.account.forgotPassword, ({ input, request }) => {
    if (input.body.altcha !== SOLVED_CAPTCHA) {
      return fail(400, LOGIN_MESSAGES.captchaRequired, [
        { path: 'altcha', message: LOGIN_MESSAGES.captchaRequired },
      ]);
    }
    const email = normaliseEmail(input.body.email);
    // Counted by the address typed, known or not, and by the client (the fake has one).
    const refused = reserveEmails([
      [`reset-email:${email}`, ACCOUNT_LIMITS.resetPerEmailPerHour],
      ['reset-client', ACCOUNT_LIMITS.resetPerClientPerHour],
    ]);
    if (refused) return refused;
    const user = db.users.find((u) => u.email === email);
    if (user && accountMail.smtp) {
      const link = issueAccountToken(originOf(request), user._id, 'reset');
      accountMail.sent.push({
        to: user.email,
        subject: ACCOUNT_MAIL.resetSubject,
        text: ACCOUNT_MAIL.resetText(user.name, link),
        link,
      });
    }
    return { message: ACCOUNT_MESSAGES.forgotSent };
  }),

  fake(api.account.tokenStatus, ({ input }) => {
    const found = accountTokenOf(input.body.token, TOKEN_PURPOSES, false);
    if (found instanceof Failure) return found;
    const email = found.purpose === 'email' ? (found.newEmail ?? '') : found.user.email;
    return { purpose: found.purpose, email, name: found.user.name };
  }),

  fake(api.account.setPassword, ({ input }) => {
    const found = accountTokenOf(input.body.token, ['reset', 'invite'], true);
    if (found instanceof Failure) return found;
    found.user.password = input.body.password;
    endPasswordTokens(found.user);
    endSessions(found.user._id);
    return {
      message:
        found.purpose === 'invite'
          ? ACCOUNT_MESSAGES.invitationAccepted
          : ACCOUNT_MESSAGES.passwordReset,
    };
  }),

  fake(api.account.confirmEmail, ({ input }) => {
    const found = accountTokenOf(input.body.token, ['email'], true);
    if (found instanceof Failure) return found;
    const email = normaliseEmail(found.newEmail ?? '');
    pendingEmails.delete(found.user._id);
    if (db.users.some((u) => u.email === email && u !== found.user)) {
      return fail(409, API_MESSAGES.emailTaken, [
        { path: 'email', message: FIELD_MESSAGES.emailTaken },
      ]);
    }
    found.user.email = email;
    return { message: ACCOUNT_MESSAGES.emailChanged };
  }),

  fake(api.profile.changeEmail, ({ input, user, request }) => {
    if (!accountMail.smtp) return fail(503, ACCOUNT_MESSAGES.mailUnavailable);
    if (input.body.currentPassword !== user.password) return wrongCurrentPassword();
    const newEmail = normaliseEmail(input.body.newEmail);
    if (newEmail === user.email) {
      return fail(400, ACCOUNT_MESSAGES.sameEmail, [
        { path: 'newEmail', message: ACCOUNT_MESSAGES.sameEmail },
      ]);
    }
    if (db.users.some((u) => u.email === newEmail)) {
      return fail(409, API_MESSAGES.emailTaken, [
        { path: 'newEmail', message: FIELD_MESSAGES.emailTaken },
      ]);
    }
    const refused = reserveEmails([
      [`email-change:${user._id}`, ACCOUNT_LIMITS.emailChangePerUserPerHour],
    ]);
    if (refused) return refused;
    const link = issueAccountToken(originOf(request), user._id, 'email', newEmail);
    pendingEmails.set(user._id, newEmail);
    accountMail.sent.push({
      to: newEmail,
      subject: ACCOUNT_MAIL.emailChangeSubject,
      text: ACCOUNT_MAIL.emailChangeText(user.name, link),
      link,
    });
    return { message: ACCOUNT_MESSAGES.emailChangeSent(newEmail) };
  }),

  fake(api.invitations.invite, ({ input, request }) => {
    const email = normaliseEmail(input.body.email);
    const refused = reserveEmails([[`invite:${email}`, ACCOUNT_LIMITS.invitePerEmailPerHour]]);
    if (refused) return refused;
    if (db.users.some((u) => u.email === email)) return emailTaken();
    const user = addInvitedUser({ ...input.body, email, photo: '' });
    return deliverInvitation(user, request);
  }),

  fake(api.invitations.resend, ({ input, request }) => {
    const user = db.users.find((u) => u._id === input.params.id);
    if (!user) return fail(404, API_MESSAGES.userNotFound);
    if (!user.invitationPending) return fail(409, ACCOUNT_MESSAGES.invitationAlreadyAccepted);
    const refused = reserveEmails([[`invite:${user.email}`, ACCOUNT_LIMITS.invitePerEmailPerHour]]);
    return refused ?? deliverInvitation(user, request);
  }),
);

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

function resetImportsFake() {
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

handlers.push(
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
  http.get(api.imports.rows.path, ({ request, params }) => {
    const url = new URL(request.url);
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
);

// Two-factor sign-in (issue 32), as apps/api/src/auth/two-factor.service.ts answers: TOTP codes
// checked with otpauth (±1 step, a used step refused), ten one-time recovery codes, the login's
// challenge, Ajustes' requirement with its grace (from the first sign-in under it), an admin's
// reset. `twoFactorFake.now` is its clock (tests move it); the QR code is a stand-in SVG.
type FakeTwoFactor = {
  secret?: string;
  enabledAt?: string;
  lastStep: number;
  recovery: string[];
  pending?: { secret: string; expiresAt: number };
  graceStartedAt?: number;
};
export const twoFactorFake = {
  users: new Map<string, FakeTwoFactor>(),
  challenges: new Map<string, { userId: string; step: 'code' | 'setup'; expiresAt: number }>(),
  policy: { ...DEFAULT_TWO_FACTOR_POLICY },
  now: () => Date.now(),
};
export function resetTwoFactorFake() {
  twoFactorFake.users.clear();
  twoFactorFake.challenges.clear();
  twoFactorFake.policy = { ...DEFAULT_TWO_FACTOR_POLICY };
  twoFactorFake.now = () => Date.now();
}
const FAKE_QR =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 21 21"><path d="M0 0h7v7H0z"/></svg>';
const twoFactorOf = (userId: string) => {
  let entry = twoFactorFake.users.get(userId);
  if (!entry) twoFactorFake.users.set(userId, (entry = { lastStep: -1, recovery: [] }));
  return entry;
};
/** The time-step of `code` for `secret` now, or null. */
function fakeStepOf(secret: string, code: string): number | null {
  const timestamp = twoFactorFake.now();
  const delta = TOTP.validate({ token: code, secret: Secret.fromBase32(secret), timestamp });
  return delta === null ? null : TOTP.counter({ timestamp }) + delta;
}
const fakeRecoveryCode = () => {
  const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';
  const chars = [...crypto.getRandomValues(new Uint8Array(12))].map((b) => alphabet[b & 31]);
  return chars.join('').replace(/(.{4})(?=.)/g, '$1-');
};
const bareRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
const codeFailure = (message: string) => fail(400, message, [{ path: 'code', message }]);

function fakeTwoFactorSetup(userId: string) {
  const secret = new Secret({ size: 20 }).base32;
  twoFactorOf(userId).pending = { secret, expiresAt: twoFactorFake.now() + 10 * 60_000 };
  return { qrSvg: FAKE_QR, secret };
}

/** Enables with the pending secret's code: the recovery codes, or the Failure. */
function fakeEnable(userId: string, code: string): string[] | Failure {
  const entry = twoFactorOf(userId);
  if (entry.enabledAt) return fail(409, TWO_FACTOR_MESSAGES.alreadyEnabled);
  const pending = entry.pending && entry.pending.expiresAt > twoFactorFake.now() && entry.pending;
  if (!pending) return codeFailure(TWO_FACTOR_MESSAGES.setupExpired);
  const step = fakeStepOf(pending.secret, code);
  if (step === null) return codeFailure(TWO_FACTOR_MESSAGES.wrongCode);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, fakeRecoveryCode);
  Object.assign(entry, {
    secret: pending.secret,
    enabledAt: new Date(twoFactorFake.now()).toISOString(),
    lastStep: step,
    recovery: codes.map(bareRecoveryCode),
    pending: undefined,
  });
  return codes;
}

/** Whether the requirement applies to `user`, and the end of their grace (started if `start`). */
function fakeRequirement(user: StoredUser, start: boolean) {
  const { require, graceDays } = twoFactorFake.policy;
  const required = require === 'everyone' || (require === 'admins' && user.role === ADMIN_ROLE);
  if (!required) return { required, setupBy: null };
  const entry = twoFactorOf(user._id);
  if (start) entry.graceStartedAt ??= twoFactorFake.now();
  const setupBy =
    entry.graceStartedAt === undefined ? null : entry.graceStartedAt + graceDays * 86_400_000;
  return { required, setupBy };
}

function fakeChallenge(userId: string, step: 'code' | 'setup') {
  const challenge = `challenge-${crypto.randomUUID()}`;
  twoFactorFake.challenges.set(challenge, { userId, step, expiresAt: Date.now() + 300_000 });
  return challenge;
}

/** What the login answers after a right password (the login handler above asks). */
export function twoFactorAfterPassword(
  user: StoredUser,
): TwoFactorChallenge | { twoFactorSetupBy: string } | undefined {
  if (twoFactorOf(user._id).enabledAt) {
    return { twoFactor: { challenge: fakeChallenge(user._id, 'code'), step: 'code' as const } };
  }
  const { setupBy } = fakeRequirement(user, true);
  if (setupBy === null) return undefined;
  if (setupBy > twoFactorFake.now()) return { twoFactorSetupBy: new Date(setupBy).toISOString() };
  const setup = fakeTwoFactorSetup(user._id);
  return {
    twoFactor: { challenge: fakeChallenge(user._id, 'setup'), step: 'setup' as const, setup },
  };
}

function fakeTwoFactorStatus(user: StoredUser) {
  const entry = twoFactorOf(user._id);
  const enabled = Boolean(entry.enabledAt);
  const { required, setupBy } = fakeRequirement(user, false);
  return {
    enabled,
    enabledAt: entry.enabledAt ?? null,
    recoveryCodesLeft: enabled ? entry.recovery.length : 0,
    required,
    setupBy: !enabled && setupBy !== null ? new Date(setupBy).toISOString() : null,
  };
}

function fakeRemoveTwoFactor(userId: string): boolean {
  const entry = twoFactorOf(userId);
  if (!entry.enabledAt) return false;
  Object.assign(entry, { secret: undefined, enabledAt: undefined, lastStep: -1, recovery: [] });
  return true;
}

handlers.push(
  fake(twoFactorLoginApi.login, ({ input, request }) => {
    const named = twoFactorFake.challenges.get(input.body.challenge);
    const user =
      named && named.expiresAt > Date.now() && db.users.find((u) => u._id === named.userId);
    if (!named || !user) return fail(401, TWO_FACTOR_MESSAGES.challengeExpired);
    const { _id, name, lastName, email, role } = user;
    const answer = () => ({
      token: signInToken(user, request),
      user: { _id, name, lastName, email, role },
    });
    const code = input.body.code.replace(/\s/g, '');
    if (named.step === 'setup') {
      const codes = fakeEnable(_id, code);
      if (codes instanceof Failure) return codes;
      endSessions(_id);
      return { ...answer(), recoveryCodes: codes };
    }
    const entry = twoFactorOf(_id);
    if (!entry.enabledAt || !entry.secret) return fail(401, TWO_FACTOR_MESSAGES.challengeExpired);
    if (!/^\d+$/.test(code)) {
      const index = entry.recovery.indexOf(bareRecoveryCode(code));
      if (index < 0) return codeFailure(TWO_FACTOR_MESSAGES.wrongRecoveryCode);
      entry.recovery.splice(index, 1);
      return answer();
    }
    const step = fakeStepOf(entry.secret, code);
    if (step === null) return codeFailure(TWO_FACTOR_MESSAGES.wrongCode);
    if (step <= entry.lastStep) return codeFailure(TWO_FACTOR_MESSAGES.codeUsed);
    entry.lastStep = step;
    return answer();
  }),

  fake(twoFactorApi.status, ({ user }) => fakeTwoFactorStatus(user)),

  fake(twoFactorApi.setup, ({ user }) =>
    twoFactorOf(user._id).enabledAt
      ? fail(409, TWO_FACTOR_MESSAGES.alreadyEnabled)
      : fakeTwoFactorSetup(user._id),
  ),

  fake(twoFactorApi.enable, ({ input, user, request }) => {
    const codes = fakeEnable(user._id, input.body.code);
    if (codes instanceof Failure) return codes;
    endSessions(user._id, callerOf(request).token);
    return { message: TWO_FACTOR_MESSAGES.enabled, recoveryCodes: codes };
  }),

  fake(twoFactorApi.disable, ({ input, user }) => {
    if (input.body.currentPassword !== user.password) return wrongCurrentPassword();
    if (!fakeRemoveTwoFactor(user._id)) return fail(409, TWO_FACTOR_MESSAGES.notEnabled);
    return fakeTwoFactorStatus(user);
  }),

  fake(twoFactorPolicyApi.get, () => twoFactorFake.policy),

  fake(twoFactorPolicyApi.update, ({ input }) => {
    if (input.body.require !== twoFactorFake.policy.require) {
      for (const entry of twoFactorFake.users.values()) entry.graceStartedAt = undefined;
    }
    twoFactorFake.policy = { ...input.body };
    return twoFactorFake.policy;
  }),

  fake(twoFactorAdminApi.status, ({ input }) => {
    if (!db.users.some((u) => u._id === input.params.id))
      return fail(404, API_MESSAGES.userNotFound);
    return { enabled: Boolean(twoFactorOf(input.params.id).enabledAt) };
  }),

  fake(twoFactorAdminApi.reset, ({ input }) => {
    if (!db.users.some((u) => u._id === input.params.id))
      return fail(404, API_MESSAGES.userNotFound);
    if (!fakeRemoveTwoFactor(input.params.id)) return fail(409, TWO_FACTOR_MESSAGES.notEnabled);
    endSessions(input.params.id);
    return { message: TWO_FACTOR_MESSAGES.reset };
  }),
);

// ---------------------------------------------------------------------------------------------
// Issue 32: the audit log, as the API reads it (newest first, keyset cursor, filters by who,
// what and the days, in the browser's zone here) and its CSV behind a ticket of its own. The
// fake records nothing by itself: a test puts the entries it needs in `fakeAudit.entries`.

export const fakeAudit = { entries: [] as AuditEntry[] };
const auditTickets = new Map<string, { token: string; query: string; expiresAt: number }>();

function resetAuditFake() {
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

handlers.push(
  http.get(auditApi.export.path, ({ request }) => {
    const url = new URL(request.url);
    db.calls.push({ method: 'GET', path: url.pathname, body: undefined, search: url.search });
    const user = fileCaller(request, url, auditTickets);
    if (user instanceof Response) return user;
    if (user.role !== ADMIN_ROLE) return json({ message: API_MESSAGES.forbidden }, 403);
    const { [TICKET_PARAM]: _ticket, ...filters }: AuditFilters & { ticket?: string } =
      Object.fromEntries(url.searchParams);
    const lines = fakeAudit.entries
      .filter((entry) => auditMatches(entry, filters))
      .sort(auditNewestFirst)
      .map((entry) => [entry.at, entry.action, entry.actor.name, entry.actor.email].join(';'));
    return new HttpResponse(
      [`\uFEFF${Object.values(AUDIT_COLUMNS).join(';')}`, ...lines, ''].join('\r\n'),
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
);
