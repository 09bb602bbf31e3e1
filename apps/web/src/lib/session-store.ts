import { STORAGE_KEYS } from '@crm/shared';

/**
 * The stored session of §3 (the token and the user id, both in localStorage), without React: the
 * login screen has no React (its budget, scripts/check-budgets.mjs) and app/app.ts swaps the
 * signed-out and signed-in apps on it. React screens read it through `useSession` (session.ts).
 */
export type Session = { token: string; userId: string };

const listeners = new Set<() => void>();
let current: Session | null | undefined;

function readStorage(): Session | null {
  const token = localStorage.getItem(STORAGE_KEYS.token);
  const userId = localStorage.getItem(STORAGE_KEYS.userId);
  // §4: logged in only when both are stored.
  return token && userId ? { token, userId } : null;
}

function emit() {
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  current ??= readStorage();
  return current;
}

/** LOGIN_SUCCESS (§4). */
export function saveSession(session: Session): void {
  localStorage.setItem(STORAGE_KEYS.token, session.token);
  localStorage.setItem(STORAGE_KEYS.userId, session.userId);
  current = session;
  emit();
}

/** LOGOUT (§4), also used when the API says the token is no longer valid. */
export function clearSession(): void {
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(STORAGE_KEYS.userId);
  current = null;
  emit();
}

/** Calls `listener` after every change of the session, this tab's or another's; answers the unsubscribe. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  // Signing out in one tab signs out the others.
  const onStorage = (event: StorageEvent) => {
    if (
      event.key === null ||
      event.key === STORAGE_KEYS.token ||
      event.key === STORAGE_KEYS.userId
    ) {
      current = readStorage();
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** For tests: forget the cached session so the next read comes from localStorage. */
export function resetSessionCache(): void {
  current = undefined;
}
