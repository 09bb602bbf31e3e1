import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useCurrentUser } from '../api/session/get-current-user';
import { FullPageLoading } from '../layout/full-page-loading';
import { useSession } from '../lib/session';

export const HOME_AFTER_LOGIN = '/main/requests';

/** /main/*: logged in only (§2); otherwise /login, replacing the history entry. */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  if (!session) return <Navigate to="/login" replace />;
  return children;
}

/** /login when already logged in goes to the board. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session) return <Navigate to={HOME_AFTER_LOGIN} replace />;
  return children;
}

/**
 * /main/users and /main/settings: a non-admin who types the address goes home. The API refuses their calls anyway;
 * this only spares them a broken screen.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { isAdmin, isPending } = useCurrentUser();
  if (isPending) return <FullPageLoading />;
  if (!isAdmin) return <Navigate to="/main/home" replace />;
  return children;
}

/** Any other path: /login when logged out (§2), the board when logged in. */
export function FallbackRedirect() {
  const session = useSession();
  return <Navigate to={session ? HOME_AFTER_LOGIN : '/login'} replace />;
}
