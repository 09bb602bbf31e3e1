import { OUTAGE_LABELS, APP_LABELS } from '@crm/shared';
import { EN } from '../lib/lang';
import { el } from '../lib/dom/el';
import { failedChunkUrl, isChunkLoadError, probeChunk, reloadOnceFor } from './chunk-failure';
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
    APP_LABELS.loading,
  );
}

/**
 * The signed-in app's chunk couldn't be loaded (the server away): in plain DOM, as React came
 * with it, the outage page's words and "Reintentar", which asks for the chunk again (browsers
 * fetch a failed dynamic import anew).
 */
function chunkOutageScreen(retry: () => Promise<void>): HTMLElement {
  const button = el(
    'button',
    {
      type: 'button',
      class:
        'min-h-11 rounded-md bg-indigo-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
    },
    OUTAGE_LABELS.retry,
  );
  const status = el('p', { role: 'status', class: 'text-sm text-slate-700' });
  button.addEventListener('click', () => {
    status.textContent = OUTAGE_LABELS.retrying;
    void retry();
  });
  return el(
    'main',
    { class: 'flex min-h-dvh items-center justify-center bg-slate-50 p-4' },
    el(
      'div',
      {
        class:
          'w-full max-w-md space-y-5 rounded-xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200',
      },
      el('h1', { class: 'text-xl font-bold text-slate-900' }, OUTAGE_LABELS.title),
      el('p', { class: 'text-sm text-slate-700' }, OUTAGE_LABELS.retryByHand),
      status,
      button,
    ),
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
    const load = () =>
      import('./signed-in-app').then(
        ({ mountSignedInApp }) => {
          // Signed out again while it loaded: the login screen is already back.
          if (shown !== 'signed-in') return;
          root.replaceChildren();
          unmount = mountSignedInApp(root);
        },
        async (error: unknown) => {
          if (!isChunkLoadError(error)) throw error;
          const url = failedChunkUrl(error);
          if ((await probeChunk(url)) !== 'down' && reloadOnceFor(url)) return;
          if (shown !== 'signed-in') return;
          root.replaceChildren(chunkOutageScreen(load));
        },
      );
    void load();
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
