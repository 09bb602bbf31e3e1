import { z } from 'zod';
import { altchaPayloadSchema } from './captcha.js';
import { requiredEmail } from './fields.js';
import { CREATE_USER_MESSAGES } from './messages.js';
import { confirmPasswordSchema, passwordSchema, passwordsMatch } from './password.js';

/*
 * Issue 23's public account pages (forgotten password, the one-time links of a reset, an
 * invitation, an email change): their paths, words and schemas, apart from the rest of account.ts
 * (which re-exports them), because /login reaches these pages signed out and shouldn't carry
 * Perfil's words and schemas with them (issue 34 item 3).
 */

/** The secret in a one-time link: 43 base64url characters (32 random bytes). */
export const ACCOUNT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The web app's pages a one-time link opens (query `?token=`). */
export const ACCOUNT_LINK_PATHS = {
  reset: '/restablecer-contrasena',
  invite: '/invitacion',
  email: '/confirmar-correo',
} as const;
export const TOKEN_PURPOSES = ['reset', 'invite', 'email'] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

/** The account links' messages (ACCOUNT_MESSAGES starts with them). */
export const ACCOUNT_LINK_MESSAGES = {
  emailChanged: 'Correo confirmado: ya puedes iniciar sesión con él.',
  forgotSent:
    'Si existe una cuenta con ese correo, te enviamos un enlace para crear una nueva contraseña. Revisa tu bandeja de entrada.',
  /** Issue 33: the same answer without SMTP_URL, which can't promise an email. */
  forgotNoMail:
    'Este servidor no envía correos, así que no podemos mandarte un enlace. Pide a un administrador del sistema que te asigne una contraseña nueva.',
  passwordReset: 'Contraseña guardada. Se cerraron todas tus sesiones: inicia sesión con la nueva.',
  invitationAccepted: 'Contraseña creada. Ya puedes iniciar sesión.',
  /** Used, expired, altered or replaced: one message for all, never saying which. */
  tokenInvalid:
    'Este enlace ya no es válido: puede haberse usado, vencido o sido reemplazado por uno más nuevo.',
  askAgain: 'Pedir un enlace nuevo',
  tooManyEmails: (minutes: number) =>
    `Demasiadas solicitudes de correo. Inténtalo de nuevo en ${minutes} minuto${minutes === 1 ? '' : 's'}.`,
} as const;

/** The account links' pages' words, and the login's link to them (PROFILE_LABELS starts with them). */
export const ACCOUNT_PAGE_LABELS = {
  newPassword: 'Nueva contraseña',
  confirmPassword: 'Confirmar contraseña',
  email: 'Correo',
  save: 'Guardar',
  forgot: '¿Olvidaste tu contraseña?',
  forgotHeading: 'Recuperar contraseña',
  forgotSend: 'Enviar enlace',
  resetHeading: 'Nueva contraseña',
  inviteHeading: 'Elige tu contraseña',
  confirmEmailHeading: 'Confirmar correo',
  backToLogin: 'Volver al inicio de sesión',
} as const;

const accountTokenSchema = z
  .string({ error: ACCOUNT_LINK_MESSAGES.tokenInvalid })
  .regex(ACCOUNT_TOKEN_PATTERN, ACCOUNT_LINK_MESSAGES.tokenInvalid);

/**
 * POST /api/account/forgot-password: always 200 with ACCOUNT_LINK_MESSAGES.forgotSent, in the same
 * time, whether or not the address has an account (the work is done after the answer). 429
 * past the rate limits, counted by the address typed and by the client.
 */
export const forgotPasswordBodySchema = z.strictObject({
  email: requiredEmail(CREATE_USER_MESSAGES.emailRequired, CREATE_USER_MESSAGES.invalidEmail),
  altcha: altchaPayloadSchema,
});
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

/**
 * POST /api/account/token: what a link is for, before the person types anything (the page can
 * say "this link no longer works" at once). A bad token is 400 `token` with tokenInvalid.
 */
export const accountTokenBodySchema = z.strictObject({ token: accountTokenSchema });
export const accountTokenStatusSchema = z.object({
  purpose: z.enum(TOKEN_PURPOSES),
  /** Whose link it is: the account's email (for an email change, the new address). */
  email: z.string(),
  name: z.string(),
});
export type AccountTokenStatus = z.infer<typeof accountTokenStatusSchema>;

/**
 * POST /api/account/set-password: a reset or invitation link's new password (§5's rules). Uses
 * the token up, ends every session of the user; answers passwordReset / invitationAccepted.
 */
export const setPasswordBodySchema = z.strictObject({
  token: accountTokenSchema,
  password: passwordSchema,
});
export type SetPasswordBody = z.infer<typeof setPasswordBodySchema>;
export const setPasswordFormSchema = z
  .object({ password: passwordSchema, confirmPassword: confirmPasswordSchema })
  .refine(...passwordsMatch);
export type SetPasswordForm = z.input<typeof setPasswordFormSchema>;

/** POST /api/account/confirm-email: the email change's link. 409 when the address was taken. */
export const confirmEmailBodySchema = accountTokenBodySchema;
