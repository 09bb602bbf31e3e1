import { lazy, Suspense, useEffect } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { LoginPage } from '../features/auth/components/login-page';
import { FullPageLoading } from '../layout/full-page-loading';
import { LABELS } from '../lib/labels';
import { FallbackRedirect, PublicOnly, RequireSession } from './guards';

// The signed-in part is split from the login page's JavaScript (budget: 200 KB gzipped).
const AuthenticatedApp = lazy(() => import('./authenticated-app'));

const routes: RouteObject[] = [
  { path: '/', element: <Navigate to="/login" replace /> },
  {
    path: '/login',
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
        <Suspense fallback={<FullPageLoading />}>
          <AuthenticatedApp />
        </Suspense>
      </RequireSession>
    ),
  },
  { path: '*', element: <FallbackRedirect /> },
];

const PRODUCT_TITLE = 'CRM';

/**
 * Each screen's document title, "<screen> · CRM", by path (a path and everything below it: the
 * Edit Request modal's /main/requests/:id is still the board). The one list of them.
 */
export const ROUTE_TITLES: readonly { path: string; title: string }[] = [
  { path: '/login', title: `${LABELS.login} · ${PRODUCT_TITLE}` },
  { path: '/main/home', title: `${LABELS.home} · ${PRODUCT_TITLE}` },
  { path: '/main/profile', title: `${LABELS.profile} · ${PRODUCT_TITLE}` },
  { path: '/main/requests', title: `${LABELS.requests} · ${PRODUCT_TITLE}` },
  { path: '/main/users', title: `${LABELS.users} · ${PRODUCT_TITLE}` },
];

export function titleOf(pathname: string): string {
  const route = ROUTE_TITLES.find(
    ({ path }) => pathname === path || pathname.startsWith(`${path}/`),
  );
  return route?.title ?? PRODUCT_TITLE;
}

export function AppRoutes() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = titleOf(pathname);
  }, [pathname]);
  return useRoutes(routes);
}
