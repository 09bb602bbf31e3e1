import { EN, LABELS } from '../lib/labels';
import { el } from '../lib/dom/el';
import { getSession, subscribeSession } from '../lib/session-store';
import { mountSignedOutApp } from './signed-out-app';

type Part = 'signed-in' | 'signed-out';

/** layout/full-page-loading.tsx's "Loading..." (a React component; React isn't loaded yet). */
function loadingScreen(): HTMLElement {
  return el(
    'div',
    {
      role: 'status',
      ...EN,
      class: 'flex h-dvh items-center justify-center text-sm text-slate-600',
    },
    LABELS.loading,
  );
}

/**
 * The staff app in `root`: the login screen (plain DOM) while signed out; once signed in, the
 * signed-in app (React, the router, every screen), loaded then. Signing in swaps one for the
 * other; signing out (or a refused token) unmounts React, with the data cache, and the login
 * screen comes back at /login, without reloading the page. Answers the function that stops it
 * (tests start it once per case).
 */
export function startApp(root: HTMLElement): () => void {
  let shown: Part | undefined;
  let unmount: (() => void) | undefined;

  const show = () => {
    const part: Part = getSession() ? 'signed-in' : 'signed-out';
    if (part === shown) return;
    shown = part;
    // Synchronously, inside the session's change: React is gone before its own subscribers
    // would render the signed-out route map.
    unmount?.();
    unmount = undefined;
    root.replaceChildren();
    if (part === 'signed-out') {
      unmount = mountSignedOutApp(root);
      return;
    }
    root.append(loadingScreen());
    void import('./signed-in-app').then(({ mountSignedInApp }) => {
      // Signed out again while it loaded: the login screen is already back.
      if (shown !== 'signed-in') return;
      root.replaceChildren();
      unmount = mountSignedInApp(root);
    });
  };

  const unsubscribe = subscribeSession(show);
  show();
  return () => {
    unsubscribe();
    shown = undefined;
    unmount?.();
    root.replaceChildren();
  };
}
