import { useEffect } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { ACCOUNT_LINK_PATHS } from '@crm/shared';
import { FORGOT_PASSWORD_PATH } from '../features/auth';
import { AccountRoute } from './account-route';
import { ChunkErrorBoundary } from './chunk-error-boundary';
import AuthenticatedApp from './authenticated-app';
import { FirstDataGate } from './first-data-gate';
import { FallbackRedirect, PublicOnly, RequireSession } from './guards';
import { LoginRoute } from './login-route';
import { LOGIN_PATH, titleOf } from './route-titles';

/**
 * The route map of §2, signed in and signed out (the tests render it both ways). In the browser
 * it is part of the signed-in chunk (signed-in-app.tsx): signed out, app.ts answers every
 * address with the login screen (or issue 23's account pages) itself, without React or the router.
 */
const routes: RouteObject[] = [
  { path: '/', element: <Navigate to={LOGIN_PATH} replace /> },
  {
    path: LOGIN_PATH,
    element: (
      <PublicOnly>
        <LoginRoute />
      </PublicOnly>
    ),
  },
  // Issue 23's public pages: the forgotten password (signed in, the board, as /login); the
  // one-time links from emails, signed out or in (an email change is confirmed signed in).
  {
    path: FORGOT_PASSWORD_PATH,
    element: (
      <PublicOnly>
        <AccountRoute />
      </PublicOnly>
    ),
  },
  ...Object.values(ACCOUNT_LINK_PATHS).map((path) => ({ path, element: <AccountRoute /> })),
  {
    path: '/main/*',
    element: (
      <RequireSession>
        <FirstDataGate>
          <AuthenticatedApp />
        </FirstDataGate>
      </RequireSession>
    ),
  },
  { path: '*', element: <FallbackRedirect /> },
];

export function AppRoutes() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = titleOf(pathname);
  }, [pathname]);
  // Around every route: a screen's chunk that can't be loaded shows the outage page, not white.
  return <ChunkErrorBoundary>{useRoutes(routes)}</ChunkErrorBoundary>;
}
