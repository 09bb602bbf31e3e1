import { mountLoginScreen } from '../features/auth';
import { LOGIN_PATH, titleOf } from './route-titles';

/** Puts /login in the address bar, in place of whatever address was opened (§2), and names it. */
function showLoginAddress() {
  if (window.location.pathname !== LOGIN_PATH) window.history.replaceState(null, '', LOGIN_PATH);
  document.title = titleOf(LOGIN_PATH);
}

/**
 * The app signed out. The route map (routes.tsx) has then one answer, whatever the address: the
 * login screen at /login, replacing the history entry, as its guards do. Given here without the
 * router or React, it keeps them and every signed-in screen out of the login page's JavaScript
 * (its budget: apps/web/scripts/check-budgets.mjs). Back and forward land on /login too. Answers
 * the function that takes it away.
 */
export function mountSignedOutApp(root: HTMLElement): () => void {
  showLoginAddress();
  window.addEventListener('popstate', showLoginAddress);
  const unmountLogin = mountLoginScreen(root);
  return () => {
    window.removeEventListener('popstate', showLoginAddress);
    unmountLogin();
  };
}
