import { Outlet, useLocation } from 'react-router-dom';
import { Slide, ToastContainer } from 'react-toastify';
import { usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { NOTICE_OPTIONS } from '@crm/shared';
import { boardQueryOptions } from '../api/requests/get-board';
import { useCurrentUser } from '../api/session/get-current-user';
import { usersQueryOptions } from '../api/users/get-users';
import { readBoardFilters } from '../lib/board-search-params';
import { FullPageLoading } from './full-page-loading';
import { Sidebar } from './sidebar';

/** /main (§2): sidebar, content area, notices at the top right. */
export function MainLayout() {
  const currentUser = useCurrentUser();
  const { pathname, search } = useLocation();
  // §2 start-up fetches all requests and all users once signed in. All requests no longer: the
  // board's first pages (under the URL's filters when the board is the page), fetched while the
  // signed-in user is still being read. The board then finds them in the cache.
  usePrefetchQuery(
    boardQueryOptions(
      pathname.startsWith('/main/requests') ? readBoardFilters(new URLSearchParams(search)) : {},
    ),
  );
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
