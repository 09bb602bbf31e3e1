import { accountApi, type ForgotPasswordBody, type SetPasswordBody } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';

/*
 * The public account calls of issue 23 (forgotten password, one-time links), for the plain-DOM
 * pages of features/account: no React or TanStack Query, like the login (api/session/login.ts).
 */

/** POST /api/account/forgot-password: the same answer whether or not the address has an account. */
export const forgotPassword = (body: ForgotPasswordBody) =>
  callEndpoint(accountApi.forgotPassword, { body });

/** POST /api/account/token: what a link is for (400 `token` when it no longer works). */
export const tokenStatus = (token: string) =>
  callEndpoint(accountApi.tokenStatus, { body: { token } });

/** POST /api/account/set-password: a reset or invitation link's new password; uses the link up. */
export const setPassword = (body: SetPasswordBody) =>
  callEndpoint(accountApi.setPassword, { body });

/** POST /api/account/confirm-email: the email change's link; uses it up. */
export const confirmEmail = (token: string) =>
  callEndpoint(accountApi.confirmEmail, { body: { token } });
