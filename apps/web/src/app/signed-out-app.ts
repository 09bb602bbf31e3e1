import { isAccountPage, mountAccountPage } from '../features/account';
import { loadCaptcha, mountLoginScreen } from '../features/auth';
import { LOGIN_PATH, PROFILE_PATH, titleOf } from './route-titles';

/** Puts /login in the address bar, in place of whatever address was opened (§2), and names it. */
function showLoginAddress() {
  if (window.location.pathname !== LOGIN_PATH) window.history.replaceState(null, '', LOGIN_PATH);
  document.title = titleOf(LOGIN_PATH);
}

/**
 * The app signed out. The route map (routes.tsx) has then few answers: the public account pages
 * of issue 23 (the forgotten password, the one-time links from emails) at their own addresses,
 * and for any other address the login screen at /login, replacing the history entry, as its
 * guards do. Given here without the router or React, it keeps them and every signed-in screen
 * out of the login page's JavaScript (its budget: apps/web/scripts/check-budgets.mjs); the
 * account pages load their own small chunk when opened. Links between these pages stay in the
 * page (history.pushState); back and forward follow them. Answers the function that takes it
 * away.
 */
export function mountSignedOutApp(root: HTMLElement): () => void {
  let shown: string | undefined;
  let unmountPage: (() => void) | undefined;

  const navigate = (path: string) => {
    window.history.pushState(null, '', path);
    show();
  };

  const show = () => {
    const { pathname, search } = window.location;
    const page = isAccountPage(pathname) ? `${pathname}${search}` : LOGIN_PATH;
    if (page === LOGIN_PATH) showLoginAddress();
    else document.title = titleOf(pathname);
    // The same page again (back to /login from an address it replaced): left as it is.
    if (page === shown) return;
    shown = page;
    unmountPage?.();
    unmountPage =
      page === LOGIN_PATH
        ? mountLoginScreen(root, { navigate })
        : mountAccountPage(root, pathname, {
            search,
            navigate,
            loadCaptcha,
            loginPath: LOGIN_PATH,
            profilePath: PROFILE_PATH,
            signedIn: false,
          });
  };

  window.addEventListener('popstate', show);
  show();
  return () => {
    window.removeEventListener('popstate', show);
    unmountPage?.();
  };
}
