import { z } from 'zod';
import { FIELD_MAX_LENGTH, PASSWORD_PATTERN } from './constants.js';
import { maxLength } from './fields.js';
import { CREATE_USER_MESSAGES } from './messages.js';

/*
 * §5's password and its confirmation, for the users' forms (user.ts, which re-exports them), Perfil
 * and the account links' pages (account-links.ts): apart, so the pages /login reaches signed out
 * don't carry the users' schemas (issue 34 item 3).
 */

export const passwordSchema = z
  .string({ error: CREATE_USER_MESSAGES.passwordRequired })
  .max(FIELD_MAX_LENGTH.password, maxLength(FIELD_MAX_LENGTH.password))
  .min(1, CREATE_USER_MESSAGES.passwordRequired)
  .refine(
    (password) => password === '' || PASSWORD_PATTERN.test(password),
    CREATE_USER_MESSAGES.passwordRule,
  )
  .meta({ pattern: PASSWORD_PATTERN.source });

export const confirmPasswordSchema = z
  .string({ error: CREATE_USER_MESSAGES.confirmPasswordRequired })
  .max(FIELD_MAX_LENGTH.password, maxLength(FIELD_MAX_LENGTH.password))
  .min(1, CREATE_USER_MESSAGES.confirmPasswordRequired);

/** §5: confirmPassword must equal password. Checked even while other fields still have errors. */
export const passwordsMatch: [
  (value: { password: string; confirmPassword: string }) => boolean,
  { path: PropertyKey[]; message: string; when: (payload: z.core.ParsePayload) => boolean },
] = [
  (value) => value.confirmPassword === '' || value.password === value.confirmPassword,
  {
    path: ['confirmPassword'],
    message: CREATE_USER_MESSAGES.passwordsDoNotMatch,
    when: (payload) => {
      const value = payload.value as { password?: unknown; confirmPassword?: unknown } | null;
      return typeof value?.password === 'string' && typeof value.confirmPassword === 'string';
    },
  },
];
