import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { mountLoginScreen } from '../features/auth';

/**
 * The route map's /login (routes.tsx): the plain-DOM login screen inside React. In the browser
 * the signed-out visitor gets that screen from app.ts without React; this serves the route map
 * where it renders signed out (the tests render it both ways). `contents`: no box of its own.
 */
export function LoginRoute() {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const root = ref.current;
    return root ? mountLoginScreen(root, { navigate: (path) => void navigate(path) }) : undefined;
  }, [navigate]);
  return <div ref={ref} className="contents" />;
}
