import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { APP_LABELS } from '@crm/shared';
import { useRememberedBoardFilters } from '../api/board-views/board-filters';
import { useAdoptedTimeZone } from '../api/preferences/adopt-time-zone';
import { boardQueryOptions } from '../api/requests/get-board';
import { useCurrentUser } from '../api/session/get-current-user';
import { usersQueryOptions } from '../api/users/get-users';
import { usePreloadDialogs } from '../components/ui/dialog';
import { BOARD_PATH } from '../features/requests';
import { hasBoardFilters, readBoardFilters } from '../lib/board-search-params';
import { FullPageLoading } from './full-page-loading';
import { Notices } from './notices';
import { Sidebar } from './sidebar';

const MAIN_CONTENT_ID = 'contenido';

/**
 * /main (§2): sidebar, content area, notices at the bottom right. A "Saltar al contenido" link,
 * the first thing the keyboard reaches, moves focus past the sidebar to the content.
 */
export function MainLayout() {
  const currentUser = useCurrentUser();
  const mainRef = useRef<HTMLElement>(null);
  const { pathname, search } = useLocation();
  // The dialogs' chunk, at the first pointer, touch, key or focus (components/ui/dialog.tsx).
  usePreloadDialogs();
  // §2 start-up fetches all requests and all users once signed in. All requests no longer: the
  // board's first pages (under the URL's filters when the board is the page), fetched while the
  // signed-in user is still being read. The board then finds them in the cache.
  // Issue 25: on the board without filters in the URL, under the caller's remembered ones, read
  // beside the user (so they cost no round trip of their own before the columns).
  const onBoard = pathname.startsWith(BOARD_PATH);
  const urlFilters = onBoard ? readBoardFilters(new URLSearchParams(search)) : {};
  const remembers = onBoard && !hasBoardFilters(urlFilters);
  const remembered = useRememberedBoardFilters(remembers);
  const rememberedSettled = !remembered.isPending || remembered.isError;
  const prefetchFilters = !remembers
    ? urlFilters
    : rememberedSettled
      ? (remembered.data ?? {})
      : null;
  // Dates show in the person's zone from the first paint (issue 33): wait for it too.
  const zoneKnown = useAdoptedTimeZone();
  // Only "Próxima acción" ranges are read in the caller's zone: such a board waits for the zone
  // (a first sign-in's save of it), so nothing read in the old one is fetched twice.
  const waitsForZone = !!prefetchFilters?.next && prefetchFilters.next !== 'none' && !zoneKnown;
  const prefetchKey = waitsForZone ? 'null' : JSON.stringify(prefetchFilters);
  const queryClient = useQueryClient();
  useEffect(() => {
    const filters = JSON.parse(prefetchKey) as typeof prefetchFilters;
    if (!filters) return;
    const options = boardQueryOptions(filters);
    if (!queryClient.getQueryState(options.queryKey)) void queryClient.prefetchQuery(options);
  }, [prefetchKey, queryClient]);
  useQuery(usersQueryOptions());

  if (currentUser.isPending || !zoneKnown) {
    return <FullPageLoading />;
  }

  return (
    <div className="flex h-dvh overflow-hidden bg-slate-50">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        // Focus, not only scroll: the next Tab continues inside the content. No URL fragment.
        onClick={(event) => {
          event.preventDefault();
          mainRef.current?.focus();
        }}
        className="fixed top-2 left-2 z-[60] -translate-y-[200%] rounded-md bg-indigo-700 px-3 py-2 text-sm font-semibold text-white shadow-lg focus:translate-y-0 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700"
      >
        {APP_LABELS.skipToContent}
      </a>
      <Sidebar user={currentUser.user} isAdmin={currentUser.isAdmin} />
      <main
        ref={mainRef}
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="min-w-0 flex-1 overflow-auto focus:outline-none"
      >
        <Outlet />
      </main>
      <Notices />
    </div>
  );
}
