import {
  DEFAULT_STALE_DAYS,
  DEFAULT_LOST_REASONS,
  DEFAULT_WIN_PROBABILITY,
  EVENT_FIELD_PLACEHOLDERS,
  ADMIN_ROLE,
  type Activity,
  type ApiToken,
  type HistoryEntry,
  type HistoryField,
  type Request,
  type Role,
  type Settings,
  type User,
} from '@crm/shared';

// The fake API's in-memory store (fake-api.ts composes the modules) and the seed helpers tests
// use: users, requests and their history.

export type StoredUser = Omit<User, 'events'> & {
  password: string;
  /** Bumped by a password change, as the API does: the user's older tokens stop working. */
  sessionVersion?: number;
};
/** A recorded call; `search` is its query string ("?q=ana&vendor=me"), when it has one. */
export type Call = { method: string; path: string; body: unknown; search?: string };
export type StoredHistoryEntry = Omit<HistoryEntry, 'byName'>;
/**
 * An API token (issue 36) as kept: the secret (the API keeps its hash), the owner's
 * sessionVersion when made (a password change ends it) and the order made in. A revoked token
 * is gone. Here, not in tokens.ts, because sessions.ts reads it to know who calls.
 */
export type StoredApiToken = Omit<ApiToken, 'userName'> & {
  secret: string;
  version: number;
  order: number;
};

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
  /** Issue 36's API tokens, live ones only (tokens.ts makes and revokes them). */
  apiTokens: [] as StoredApiToken[],
  /** Make the next call to a path fail with this status. */
  failures: new Map<string, number>(),
  /** Answer every call this much later, to see the in-progress states ("Iniciando...", …). */
  latencyMs: 0,
};

export function defaultSettings(): Settings {
  return {
    staleDays: { ...DEFAULT_STALE_DAYS },
    lostReasons: [...DEFAULT_LOST_REASONS],
    winProbability: { ...DEFAULT_WIN_PROBABILITY },
    // The API's APP_CURRENCY default.
    currency: 'CLP',
    version: 0,
  };
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
export const publicUser = ({
  password: _password,
  sessionVersion: _version,
  ...user
}: StoredUser): User => user;

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

export const findRequest = (id: string) => db.requests.find((r) => r._id === id);

export const isAdmin = (user: StoredUser) => user.role === ADMIN_ROLE;
