// The door of the profile feature (/main/profile "Perfil", issue 23, every role). The screen is
// its own chunk, loaded when first shown: the board's first visit doesn't pay for its forms and
// the time zone list (apps/web/scripts/check-budgets.mjs).
import { lazy } from 'react';

export const ProfilePage = lazy(() =>
  import('./profile-page').then((module) => ({ default: module.ProfilePage })),
);

// Issue 36: one API token's line and its revoke question, also in Ajustes' list of everyone's (static: a small part).
export { ApiTokenText, RevokeTokenDialog } from './api-token-text';
