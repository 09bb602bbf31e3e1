import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { mountAccountPage } from '../features/account';
import { loadCaptcha } from '../features/auth';
import { useSession } from '../lib/session';
import { LOGIN_PATH, PROFILE_PATH } from './route-titles';

/**
 * The route map's account pages (issue 23, routes.tsx): the plain-DOM page, in its own chunk,
 * inside React. Signed out the browser gets them from signed-out-app.ts without React; signed
 * in, this serves them (a person following their email change's link), and the tests render
 * the route map both ways. Mounted again when the address changes.
 */
export function AccountRoute() {
  const ref = useRef<HTMLDivElement>(null);
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const signedIn = useSession() !== null;
  useEffect(() => {
    const root = ref.current;
    if (!root) return undefined;
    return mountAccountPage(root, pathname, {
      search,
      navigate: (path) => void navigate(path),
      loadCaptcha,
      loginPath: LOGIN_PATH,
      profilePath: PROFILE_PATH,
      signedIn,
    });
  }, [pathname, search, navigate, signedIn]);
  return <div ref={ref} className="contents" />;
}
