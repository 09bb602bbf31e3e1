import { z } from 'zod';
import { EMAIL_LOOKUP_PATTERN, FIELD_MAX_LENGTH, ROLES } from './constants.js';
import { altchaPayloadSchema } from './captcha.js';
import { dateTimeSchema, isSingleLine, maxLength, objectIdSchema } from './fields.js';
import { FIELD_MESSAGES, LOGIN_MESSAGES } from './messages.js';

/** POST /api/user/login (§5 Login). `altcha` carries the widget's solved payload. */
export const loginFormSchema = z.object({
  email: z
    .string({ error: LOGIN_MESSAGES.invalidEmail })
    .max(FIELD_MAX_LENGTH.email, maxLength(FIELD_MAX_LENGTH.email))
    .refine(isSingleLine, { message: FIELD_MESSAGES.notSingleLine, abort: true })
    // The lookup rule, not the new-address one: an address stored before issue 32 still signs in.
    .regex(EMAIL_LOOKUP_PATTERN, LOGIN_MESSAGES.invalidEmail),
  password: z.string({ error: LOGIN_MESSAGES.emptyPassword }).min(1, LOGIN_MESSAGES.emptyPassword),
  altcha: z
    .string({ error: LOGIN_MESSAGES.captchaRequired })
    .min(1, LOGIN_MESSAGES.captchaRequired),
});
export type LoginForm = z.infer<typeof loginFormSchema>;
export const loginBodySchema = loginFormSchema.extend({
  password: z
    .string({ error: LOGIN_MESSAGES.emptyPassword })
    .max(FIELD_MAX_LENGTH.password, maxLength(FIELD_MAX_LENGTH.password))
    .min(1, LOGIN_MESSAGES.emptyPassword),
  altcha: altchaPayloadSchema,
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const sessionUserSchema = z.object({
  _id: objectIdSchema,
  name: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginResponseSchema = z.object({
  token: z.string().min(1),
  user: sessionUserSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/**
 * Issue 32: what POST /api/user/login answers a user who must use a second factor: no token, but
 * a short-lived signed challenge for POST /api/user/login/two-factor (contract/two-factor-
 * endpoints.ts). `step` is "code" (they have one) or "setup" (Ajustes requires one, past their
 * grace: `setup` is the QR code and secret to enrol, confirmed by the code step).
 */
export const twoFactorChallengeSchema = z.object({
  twoFactor: z.object({
    challenge: z.string().min(1),
    step: z.enum(['code', 'setup']),
    setup: z.object({ qrSvg: z.string(), secret: z.string() }).optional(),
  }),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/**
 * The login's answers: §7's token and user (with `twoFactorSetupBy`, the end of their grace, when
 * Ajustes requires a second factor they have not set up yet), or a two-factor challenge.
 */
export const loginAnswerSchema = z.union([
  loginResponseSchema.extend({ twoFactorSetupBy: dateTimeSchema.optional() }),
  twoFactorChallengeSchema,
]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
