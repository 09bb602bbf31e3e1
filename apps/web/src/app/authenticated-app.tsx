import { Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { LoadingText } from '../components/ui/status-text';
import { AgendaPage } from '../features/agenda';
import { AuditPage } from '../features/audit';
import { HomePage } from '../features/home';
import { ProfilePage } from '../features/profile';
import { EditRequestRoute, RequestsBoard } from '../features/requests';
import { SettingsPage } from '../features/settings';
import { UsersPage } from '../features/users';
import { MainLayout } from '../layout/main-layout';
import { HOME_AFTER_LOGIN, RequireAdmin } from './guards';

/** A screen loaded on its first visit (its own chunk): "Loading..." in the content meanwhile. */
function LazyScreen({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingText className="p-4 text-sm md:p-8" />}>{children}</Suspense>;
}

/** Everything under /main (§2); loaded with the router once signed in (signed-in-app.tsx). */
export default function AuthenticatedApp() {
  return (
    <Routes>
      <Route element={<MainLayout />}>
        <Route index element={<Navigate to={HOME_AFTER_LOGIN} replace />} />
        <Route
          path="home"
          element={
            <LazyScreen>
              <HomePage />
            </LazyScreen>
          }
        />
        <Route
          path="profile"
          element={
            <LazyScreen>
              <ProfilePage />
            </LazyScreen>
          }
        />
        <Route path="requests" element={<RequestsBoard />}>
          <Route path=":requestId" element={<EditRequestRoute />} />
        </Route>
        <Route
          path="agenda"
          element={
            <LazyScreen>
              <AgendaPage />
            </LazyScreen>
          }
        />
        <Route
          path="users"
          element={
            <RequireAdmin>
              <LazyScreen>
                <UsersPage />
              </LazyScreen>
            </RequireAdmin>
          }
        />
        <Route
          path="settings"
          element={
            <RequireAdmin>
              <LazyScreen>
                <SettingsPage />
              </LazyScreen>
            </RequireAdmin>
          }
        />
        {/* Issue 32: Ajustes' "Registro de auditoría", a screen (and chunk) of its own. */}
        <Route
          path="settings/audit"
          element={
            <RequireAdmin>
              <LazyScreen>
                <AuditPage />
              </LazyScreen>
            </RequireAdmin>
          }
        />
        <Route path="*" element={<Navigate to={HOME_AFTER_LOGIN} replace />} />
      </Route>
    </Routes>
  );
}
