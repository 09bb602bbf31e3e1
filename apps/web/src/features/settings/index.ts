// The door of the settings feature (/main/settings "Ajustes", system admin only, issue 20). The
// screen is its own chunk, loaded when first shown (apps/web/scripts/check-budgets.mjs).
import { lazy } from 'react';

export const SETTINGS_PATH = '/main/settings';

export const SettingsPage = lazy(() =>
  import('./settings-page').then((module) => ({ default: module.SettingsPage })),
);
