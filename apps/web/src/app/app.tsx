import { lazy, Suspense } from 'react';
import { FullPageLoading } from '../layout/full-page-loading';
import { useSession } from '../lib/session';
import { SignedOutApp } from './signed-out-app';

const SignedInApp = lazy(() =>
  import('./signed-in-app').then(({ SignedInApp }) => ({ default: SignedInApp })),
);

/**
 * The staff app: the login screen while signed out, the router with every screen once signed in,
 * loaded then. Signing in swaps one for the other; signing out (or a refused token) swaps back,
 * and the data cache goes with the signed-in app.
 */
export function App() {
  const session = useSession();
  if (!session) return <SignedOutApp />;
  return (
    <Suspense fallback={<FullPageLoading />}>
      <SignedInApp />
    </Suspense>
  );
}
