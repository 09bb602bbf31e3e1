import { API_TOKEN_PREFIX } from '@crm/shared';
import { type StoredApiToken, type StoredUser, db, tokenFor } from './db';

// Who calls: a session's token, as the API's auth/sessions.ts keeps them, or (issue 36) an API
// token, `crm_…`.

export type CallerIdentity = {
  token?: string;
  user?: StoredUser;
  /** The API token called with; null: a `crm_…` that is unknown, revoked or expired (401). */
  apiToken?: StoredApiToken | null;
};

export const callerOf = (request: globalThis.Request): CallerIdentity => {
  const token = request.headers.get('Authorization')?.replace(/^Bearer /, '');
  if (!token) return { token };
  if (token.startsWith(API_TOKEN_PREFIX)) return apiTokenCaller(token);
  if (db.revokedTokens.has(token)) return { token };
  // Issue 23: a token is a session (see sessionUser, below).
  return { token, user: sessionUser(token) };
};

/** An API token's owner, while it lives: not expired, the owner there, no password change since. */
function apiTokenCaller(token: string): CallerIdentity {
  const apiToken = db.apiTokens.find((stored) => stored.secret === token);
  const user = apiToken && db.users.find((u) => u._id === apiToken.userId);
  if (
    !apiToken ||
    !user ||
    apiToken.version !== (user.sessionVersion ?? 0) ||
    (apiToken.expiresAt !== null && Date.parse(apiToken.expiresAt) <= Date.now())
  ) {
    return { token, apiToken: null };
  }
  apiToken.lastUsedAt = new Date().toISOString();
  return { token, user, apiToken };
}

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
export function signInToken(user: StoredUser, request: globalThis.Request): string {
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
export function sessionUser(token: string): StoredUser | undefined {
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

export const sessionsOf = (userId: string) =>
  [...fakeSessions.values()]
    .filter((session) => session.userId === userId && liveSession(session))
    .sort((a, b) => Date.parse(b.signedInAt) - Date.parse(a.signedInAt) || b.order - a.order);

export const sessionListOf = (userId: string, callerToken: string | undefined) =>
  sessionsOf(userId).map(({ id, token, browser, os, address, signedInAt, lastSeenAt }) => ({
    id,
    current: token === callerToken,
    browser,
    os,
    address,
    signedInAt,
    lastSeenAt,
  }));
