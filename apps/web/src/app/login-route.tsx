import { useEffect, useRef } from 'react';
import { mountLoginScreen } from '../features/auth';

/**
 * The route map's /login (routes.tsx): the plain-DOM login screen inside React. In the browser
 * the signed-out visitor gets that screen from app.ts without React; this serves the route map
 * where it renders signed out (the tests render it both ways). `contents`: no box of its own.
 */
export function LoginRoute() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    return root ? mountLoginScreen(root) : undefined;
  }, []);
  return <div ref={ref} className="contents" />;
}
