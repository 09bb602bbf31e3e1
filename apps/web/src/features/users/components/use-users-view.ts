import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readUsersView, writeUsersView, type UsersView } from './users-view';

/**
 * The users screen's search and order, kept in the URL (/main/users?q=jose&sort=email&dir=desc)
 * so a reload or a shared link shows the same list. Changes replace the history entry: Back
 * leaves the screen instead of stepping through every keystroke.
 */
export function useUsersView() {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  // Parsed once per distinct URL, so the view only changes when the URL does.
  const view = useMemo(() => readUsersView(new URLSearchParams(search)), [search]);
  const setView = useCallback(
    (changes: Partial<UsersView>) =>
      setParams((current) => writeUsersView(current, changes), { replace: true }),
    [setParams],
  );
  return { view, setView };
}
