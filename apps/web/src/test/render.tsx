import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { STORAGE_KEYS } from '@crm/shared';
// The live board's chunk, which the app asks for as it mounts (app/live-updates.tsx): loaded with
// this file, so no test's first wait pays for its first import (docs/testing.md).
import '../api/events/live-stream';
import { AppProviders } from '../app/providers';
import { AppRoutes } from '../app/routes';
import { createQueryClient } from '../lib/query-client';
import { resetSessionCache } from '../lib/session';
import { tokenFor, type StoredUser } from './fake-api';

/** Shows the current path and query, so tests can assert where the router went. */
function LocationProbe() {
  const location = useLocation();
  return (
    <>
      <output data-testid="location">{location.pathname}</output>
      <output data-testid="location-search">{location.search}</output>
    </>
  );
}

export function signIn(user: Pick<StoredUser, '_id'>) {
  localStorage.setItem(STORAGE_KEYS.token, tokenFor(user));
  localStorage.setItem(STORAGE_KEYS.userId, user._id);
  resetSessionCache();
}

/** Renders the whole app at `route`, as `user` (signed in through localStorage) or signed out. */
export function renderApp(route: string, user?: Pick<StoredUser, '_id'>) {
  if (user) signIn(user);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 0 } });
  return {
    queryClient,
    ...render(
      <AppProviders queryClient={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          <AppRoutes />
          <LocationProbe />
        </MemoryRouter>
      </AppProviders>,
    ),
  };
}
