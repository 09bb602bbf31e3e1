import { useEffect } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import AuthenticatedApp from './authenticated-app';
import { FirstDataGate } from './first-data-gate';
import { FallbackRedirect, PublicOnly, RequireSession } from './guards';
import { LoginRoute } from './login-route';
import { LOGIN_PATH, titleOf } from './route-titles';

/**
 * The route map of §2, signed in and signed out (the tests render it both ways). In the browser
 * it is part of the signed-in chunk (signed-in-app.tsx): signed out, app.ts answers every
 * address with the login screen itself, without loading React or the router.
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
  return useRoutes(routes);
}
