// The door of the users feature (/main/users, system admin only). The screen is its own chunk,
// loaded when first shown: the board's first visit doesn't pay for it, nor for its search and
// sortable table (issue 25; apps/web/scripts/check-budgets.mjs).
import { lazy } from 'react';

export const UsersPage = lazy(() =>
  import('./components/users-page').then((module) => ({ default: module.UsersPage })),
);
