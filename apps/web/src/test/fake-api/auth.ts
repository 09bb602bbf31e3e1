import { api, API_MESSAGES, LOGIN_MESSAGES } from '@crm/shared';
import { SOLVED_CAPTCHA, db } from './db';
import { fail, fake } from './http';
import { callerOf, signInToken } from './sessions';
import { twoFactorAfterPassword } from './two-factor';

// Sign-in and sign-out (auth-endpoints).

export const authRoutes = [
  fake(api.auth.login, ({ input, request }) => {
    if (input.body.altcha !== SOLVED_CAPTCHA) {
      return fail(400, LOGIN_MESSAGES.captchaRequired, [
        { path: 'altcha', message: LOGIN_MESSAGES.captchaRequired },
      ]);
    }
    const email = input.body.email.trim().toLowerCase();
    const user = db.users.find((u) => u.email === email && u.password === input.body.password);
    if (!user) return fail(401, LOGIN_MESSAGES.invalidCredentials);
    // Issue 32: a second factor's challenge, or the end of a required one's grace.
    const twoFactor = twoFactorAfterPassword(user);
    if (twoFactor && 'twoFactor' in twoFactor) return twoFactor;
    const { _id, name, lastName, role } = user;
    const token = signInToken(user, request);
    return { token, user: { _id, name, lastName, email: user.email, role }, ...twoFactor };
  }),

  fake(api.auth.logout, ({ request }) => {
    db.revokedTokens.add(callerOf(request).token ?? '');
    return { message: API_MESSAGES.loggedOut };
  }),
];
