import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './providers';
import { AppRoutes } from './routes';

/**
 * The app once signed in: the data cache, the router and every screen, one chunk loaded after
 * the entry (app.ts), React with it. One chunk rather than one per screen: a first visit of the
 * board makes one request after the entry, not two in a row; split a screen out when the board's
 * budget asks for it (apps/web/scripts/check-budgets.mjs).
 */
function SignedInApp() {
  return (
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}

/** Renders the signed-in app into `root`; answers the function that unmounts it (on sign-out). */
export function mountSignedInApp(root: HTMLElement): () => void {
  const reactRoot = createRoot(root);
  reactRoot.render(
    <StrictMode>
      <SignedInApp />
    </StrictMode>,
  );
  return () => reactRoot.unmount();
}
