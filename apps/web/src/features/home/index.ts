// The door of the home feature (/main/home, issue 22's dashboard). The screen is its own chunk,
// loaded when first shown, with its chart library: the login page and the board's first visit
// don't pay for it (apps/web/scripts/check-budgets.mjs).
import { lazy } from 'react';

export const HomePage = lazy(() =>
  import('./home-page').then((module) => ({ default: module.HomePage })),
);
