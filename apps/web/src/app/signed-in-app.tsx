import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './providers';
import { AppRoutes } from './routes';

/**
 * The app once signed in: the data cache, the router and every screen, one chunk loaded after
 * the entry (app.tsx). One chunk rather than one per screen: a first visit of the board makes one
 * request after the entry, not two in a row; split a screen out when the board's budget asks for
 * it (apps/web/scripts/check-budgets.mjs).
 */
export function SignedInApp() {
  return (
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
