import { Navigate, Route, Routes } from 'react-router-dom';
import { HomePage } from '../features/home';
import { ProfilePage } from '../features/profile';
import { EditRequestRoute, RequestsBoard } from '../features/requests';
import { UsersPage } from '../features/users';
import { MainLayout } from '../layout/main-layout';
import { HOME_AFTER_LOGIN, RequireAdmin } from './guards';

/** Everything under /main (§2); loaded with the router once signed in (signed-in-app.tsx). */
export default function AuthenticatedApp() {
  return (
    <Routes>
      <Route element={<MainLayout />}>
        <Route index element={<Navigate to={HOME_AFTER_LOGIN} replace />} />
        <Route path="home" element={<HomePage />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="requests" element={<RequestsBoard />}>
          <Route path=":requestId" element={<EditRequestRoute />} />
        </Route>
        <Route
          path="users"
          element={
            <RequireAdmin>
              <UsersPage />
            </RequireAdmin>
          }
        />
        <Route path="*" element={<Navigate to={HOME_AFTER_LOGIN} replace />} />
      </Route>
    </Routes>
  );
}
