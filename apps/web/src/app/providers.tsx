import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client';
import { useSession } from '../lib/session';
import { LiveUpdates } from './live-updates';

export type AppProvidersProps = { children: ReactNode; queryClient?: QueryClient };

export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const session = useSession();

  // When the session ends (logout, expired or revoked token), nothing of it stays cached
  // for the next person on this browser.
  useEffect(() => {
    if (!session) client.clear();
  }, [session, client]);

  return (
    <QueryClientProvider client={client}>
      {session ? <LiveUpdates key={session.token} /> : null}
      {children}
    </QueryClientProvider>
  );
}
