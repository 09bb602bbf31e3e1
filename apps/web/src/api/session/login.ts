import { useCallback, useState } from 'react';
import { api, LOGIN_MESSAGES, loginResponseSchema, pathOf, type LoginForm } from '@crm/shared';
import { z } from 'zod';
import { ApiError, apiRequest } from '../../lib/api-client';
import { saveSession } from '../../lib/session';

/** The §8 login outcomes: authError is what the session records; the person sees `message`. */
export class LoginError extends Error {
  constructor(
    readonly authError: string,
    message: string,
    readonly captchaRejected = false,
  ) {
    super(message);
    this.name = 'LoginError';
  }
}

// Read leniently first, so "a response without a token" is told apart from a failed call.
const lenientLoginResponse = z.object({ token: z.unknown(), user: z.unknown() }).partial();

/** POST /api/user/login (§7): LOGIN_SUCCESS stores the token and user._id (§4). */
export async function login(form: LoginForm): Promise<void> {
  let data: z.infer<typeof lenientLoginResponse>;
  try {
    // The contract's endpoint, read with the lenient schema rather than its own (see above).
    data = await apiRequest(pathOf(api.auth.login), {
      method: 'POST',
      body: form,
      schema: lenientLoginResponse,
    });
  } catch (error) {
    if (error instanceof ApiError) {
      // The server also checks the captcha (expired or already used): ask for a new one.
      if (error.fieldErrors.some((fieldError) => fieldError.path === 'altcha')) {
        throw new LoginError(
          LOGIN_MESSAGES.invalidCredentials,
          LOGIN_MESSAGES.captchaRequired,
          true,
        );
      }
      // Too many attempts: the wait is worth telling, in the server's words.
      if (error.status === 429) {
        throw new LoginError(LOGIN_MESSAGES.invalidCredentials, error.message);
      }
    }
    throw new LoginError(LOGIN_MESSAGES.invalidCredentials, LOGIN_MESSAGES.wrongCredentials);
  }
  const parsed = loginResponseSchema.safeParse(data);
  if (!parsed.success) {
    throw new LoginError(LOGIN_MESSAGES.invalidToken, LOGIN_MESSAGES.wrongCredentials);
  }
  saveSession({ token: parsed.data.token, userId: parsed.data.user._id });
}

type LoginCallbacks = { onError?: (error: unknown) => void };

/**
 * The login call for the login screen: `mutate` and `isPending`, as a TanStack mutation reads.
 * Not one: the login screen is the first visit's page, and it doesn't load TanStack Query (the
 * data cache comes with the signed-in app, app/signed-in-app.tsx), which keeps the page within
 * its JavaScript budget (apps/web/scripts/check-budgets.mjs). On success the session is stored
 * and the app swaps to the signed-in part.
 */
export function useLogin() {
  const [isPending, setIsPending] = useState(false);
  const mutate = useCallback((form: LoginForm, { onError }: LoginCallbacks = {}) => {
    setIsPending(true);
    void login(form)
      .catch((error: unknown) => onError?.(error))
      .finally(() => setIsPending(false));
  }, []);
  return { mutate, isPending };
}
