import { Navigate, Route, Routes } from 'react-router-dom';
import { HomePage } from '../features/home/home-page';
import { ProfilePage } from '../features/profile/profile-page';
import { EditRequestRoute } from '../features/requests/components/edit-request-route';
import { RequestsBoard } from '../features/requests/components/requests-board';
import { UsersPage } from '../features/users/components/users-page';
import { MainLayout } from '../layout/main-layout';
import { HOME_AFTER_LOGIN, RequireAdmin } from './guards';

/** Everything under /main (§2), loaded as its own chunk after sign-in. */
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
