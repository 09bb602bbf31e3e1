import {
  ACCOUNT_LINK_PATHS,
  AUDIT_PATH,
  AUDIT_TITLE,
  ACCOUNT_PAGE_LABELS,
  APP_LABELS,
} from '@crm/shared';
import { FORGOT_PASSWORD_PATH } from '../features/auth';

const PRODUCT_TITLE = 'CRM';

/** Where a signed-out visitor is: every address of the app leads there (§2). */
export const LOGIN_PATH = '/login';
export const PROFILE_PATH = '/main/profile';

/**
 * Each screen's document title, "<screen> · CRM", by path (a path and everything below it: the
 * Edit Request modal's /main/requests/:id is still the board). The one list of them; apart from
 * the router so the login screen can name itself without loading it (app.tsx).
 */
const ROUTE_TITLES: readonly { path: string; title: string }[] = [
  { path: LOGIN_PATH, title: `${APP_LABELS.login} · ${PRODUCT_TITLE}` },
  { path: '/main/home', title: `${APP_LABELS.home} · ${PRODUCT_TITLE}` },
  // The public account pages (issue 23), signed out or in.
  { path: FORGOT_PASSWORD_PATH, title: `${ACCOUNT_PAGE_LABELS.forgotHeading} · ${PRODUCT_TITLE}` },
  {
    path: ACCOUNT_LINK_PATHS.reset,
    title: `${ACCOUNT_PAGE_LABELS.resetHeading} · ${PRODUCT_TITLE}`,
  },
  {
    path: ACCOUNT_LINK_PATHS.invite,
    title: `${ACCOUNT_PAGE_LABELS.inviteHeading} · ${PRODUCT_TITLE}`,
  },
  {
    path: ACCOUNT_LINK_PATHS.email,
    title: `${ACCOUNT_PAGE_LABELS.confirmEmailHeading} · ${PRODUCT_TITLE}`,
  },
  { path: PROFILE_PATH, title: `${APP_LABELS.profile} · ${PRODUCT_TITLE}` },
  { path: '/main/requests', title: `${APP_LABELS.requests} · ${PRODUCT_TITLE}` },
  { path: '/main/users', title: `${APP_LABELS.users} · ${PRODUCT_TITLE}` },
  { path: '/main/agenda', title: `${APP_LABELS.agenda} · ${PRODUCT_TITLE}` },
  // Before Ajustes, which it is under: the first path that matches names the screen.
  { path: AUDIT_PATH, title: `${AUDIT_TITLE} · ${PRODUCT_TITLE}` },
  { path: '/main/settings', title: `${APP_LABELS.settings} · ${PRODUCT_TITLE}` },
];

export function titleOf(pathname: string): string {
  const route = ROUTE_TITLES.find(
    ({ path }) => pathname === path || pathname.startsWith(`${path}/`),
  );
  return route?.title ?? PRODUCT_TITLE;
}
