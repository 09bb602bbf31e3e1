import { useEffect } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { LoginPage } from '../features/auth';
import AuthenticatedApp from './authenticated-app';
import { FallbackRedirect, PublicOnly, RequireSession } from './guards';
import { LOGIN_PATH, titleOf } from './route-titles';

/**
 * The route map of §2, signed in and signed out (the tests render it both ways). In the browser
 * it is part of the signed-in chunk (signed-in-app.tsx): signed out, app.tsx answers every
 * address with the login screen itself, without loading the router.
 */
const routes: RouteObject[] = [
  { path: '/', element: <Navigate to={LOGIN_PATH} replace /> },
  {
    path: LOGIN_PATH,
    element: (
      <PublicOnly>
        <LoginPage />
      </PublicOnly>
    ),
  },
  {
    path: '/main/*',
    element: (
      <RequireSession>
        <AuthenticatedApp />
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
