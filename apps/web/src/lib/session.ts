import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession, type Session } from './session-store';

// The store itself is React-free (session-store.ts); its functions are re-exported for the React
// screens and tests that import them from here.
export {
  clearSession,
  getSession,
  resetSessionCache,
  saveSession,
  type Session,
} from './session-store';

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession);
}
