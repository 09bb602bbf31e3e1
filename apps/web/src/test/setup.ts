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

// (No warm-up import of the signed-in app here: routes.tsx imports it statically, so a file that
// renders it has loaded it before its first test, and the files that don't render it don't pay.)
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
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
