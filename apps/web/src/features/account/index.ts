// The door of the account feature (issue 23): the public pages of a forgotten password and of
// the one-time links (reset, invitation, email change), in plain DOM like the login screen. This
// door is small and loads no page: each page's code is its own chunk, fetched when one is opened
// (the login page's budget, apps/web/scripts/check-budgets.mjs).
import { ACCOUNT_LINK_PATHS, ACCOUNT_LABELS, APP_LABELS } from '@crm/shared';
import { el } from '../../lib/dom/el';
import { EN } from '../../lib/lang';
import { FORGOT_PASSWORD_PATH } from '../auth';
import type { AccountPageOptions } from './components/account-page-options';

export type { AccountPageOptions } from './components/account-page-options';

/** The account pages' addresses: the forgot page, then the one-time links'. */
const ACCOUNT_PAGE_PATHS: readonly string[] = [
  FORGOT_PASSWORD_PATH,
  ...Object.values(ACCOUNT_LINK_PATHS),
];

export const isAccountPage = (pathname: string) => ACCOUNT_PAGE_PATHS.includes(pathname);

/**
 * Mounts the account page of `pathname` into `root`, once its chunk has loaded ("Loading..."
 * meanwhile). Answers the function that takes it away, also before it has loaded.
 */
export function mountAccountPage(
  root: HTMLElement,
  pathname: string,
  options: AccountPageOptions,
): () => void {
  let unmount: (() => void) | undefined;
  let stopped = false;
  root.replaceChildren(
    el('p', { role: 'status', ...EN, class: 'p-6 text-sm text-slate-600' }, APP_LABELS.loading),
  );
  import('./components/account-pages')
    .then(({ mountPage }) => {
      if (stopped) return;
      root.replaceChildren();
      unmount = mountPage(root, pathname, options);
    })
    // Offline, or a new build replaced the chunk: say so rather than "Loading..." for ever.
    .catch(() => {
      if (stopped) return;
      root.replaceChildren(
        el('p', { role: 'alert', class: 'p-6 text-sm text-red-700' }, ACCOUNT_LABELS.requestFailed),
      );
    });
  return () => {
    stopped = true;
    unmount?.();
    root.replaceChildren();
  };
}
