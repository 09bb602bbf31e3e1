import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { resetSessionCache } from '../lib/session';
import { resetDb } from './fake-api';
import { installBoardLayout } from './layout';
import { server } from './server';

// CI runs these beside the API tests on two cores: give async queries room before failing.
configure({ asyncUtilTimeout: 5000 });
installBoardLayout();

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  // Warm the lazily loaded signed-in chunk once per file, so the first test doesn't pay its
  // transform time inside a findBy timeout.
  await import('../app/authenticated-app');
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetDb();
  localStorage.clear();
  resetSessionCache();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
afterAll(() => server.close());
