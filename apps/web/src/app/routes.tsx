import { lazy, Suspense } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { LoginPage } from '../features/auth/components/login-page';
import { FullPageLoading } from '../layout/full-page-loading';
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

export function AppRoutes() {
  return useRoutes(routes);
}
