import { Outlet } from 'react-router-dom';
import { Slide, ToastContainer } from 'react-toastify';
import { useQuery } from '@tanstack/react-query';
import { NOTICE_OPTIONS } from '@crm/shared';
import { requestsQueryOptions } from '../api/requests/get-requests';
import { useCurrentUser } from '../api/session/get-current-user';
import { usersQueryOptions } from '../api/users/get-users';
import { FullPageLoading } from './full-page-loading';
import { Sidebar } from './sidebar';

/** /main (§2): sidebar, content area, notices at the top right. */
export function MainLayout() {
  const currentUser = useCurrentUser();
  // §2 start-up: the app fetches all requests and all users once signed in.
  useQuery(requestsQueryOptions());
  useQuery(usersQueryOptions());

  if (currentUser.isPending) {
    return <FullPageLoading />;
  }

  return (
    <div className="flex h-dvh overflow-hidden bg-slate-50">
      <Sidebar user={currentUser.user} isAdmin={currentUser.isAdmin} />
      <main className="min-w-0 flex-1 overflow-auto">
        <Outlet />
      </main>
      {/* A modal dialog turns pointer events off on <body>; notices must stay clickable (§9). */}
      <ToastContainer
        {...NOTICE_OPTIONS}
        transition={Slide}
        newestOnTop
        style={{ pointerEvents: 'auto' }}
      />
    </div>
  );
}
