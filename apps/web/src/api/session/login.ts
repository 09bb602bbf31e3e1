import {
  authApi,
  LOGIN_MESSAGES,
  loginResponseSchema,
  pathOf,
  twoFactorChallengeSchema,
  type LoginForm,
  type TwoFactorChallenge,
} from '@crm/shared';
import { z } from 'zod';
import { ApiError, apiRequest } from '../../lib/api-client';
import { saveSession } from '../../lib/session-store';

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
const lenientLoginResponse = z
  .object({
    token: z.unknown(),
    user: z.unknown(),
    twoFactor: z.unknown(),
    twoFactorSetupBy: z.unknown(),
  })
  .partial();

/** Issue 32: the code step the login asks for (a challenge), instead of a session. */
export type TwoFactorStep = TwoFactorChallenge['twoFactor'];

/** Where a sign-in within the grace of a required second factor lands: Perfil, to set it up. */
export const TWO_FACTOR_SETUP_PATH = '/main/profile';

/**
 * POST /api/user/login (§7): LOGIN_SUCCESS stores the token and user._id (§4), which swaps the
 * app to its signed-in part (app/app.ts). Without React or TanStack Query: the login screen is
 * the first visit's page and loads neither (its budget: apps/web/scripts/check-budgets.mjs).
 */
export async function login(form: LoginForm): Promise<TwoFactorStep | undefined> {
  let data: z.infer<typeof lenientLoginResponse>;
  try {
    // The contract's endpoint, read with the lenient schema rather than its own (see above).
    data = await apiRequest(pathOf(authApi.login), {
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
  // Issue 32: a user with a second factor gets its challenge, and the code step, first.
  if (data.twoFactor !== undefined) {
    const challenge = twoFactorChallengeSchema.safeParse(data);
    if (challenge.success) return challenge.data.twoFactor;
  }
  const parsed = loginResponseSchema
    .extend({ twoFactorSetupBy: z.string().optional() })
    .safeParse(data);
  if (!parsed.success) {
    throw new LoginError(LOGIN_MESSAGES.invalidToken, LOGIN_MESSAGES.wrongCredentials);
  }
  // Ajustes requires a second factor they lack: the app opens on Perfil, which says until when.
  if (parsed.data.twoFactorSetupBy) history.replaceState(null, '', TWO_FACTOR_SETUP_PATH);
  saveSession({ token: parsed.data.token, userId: parsed.data.user._id });
  return undefined;
}
