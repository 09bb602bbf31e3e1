import { z } from 'zod';
import { ACCOUNT_MESSAGES } from './account.js';
import { FIELD_MAX_LENGTH } from './constants.js';
import { dateTimeSchema, maxLength } from './fields.js';
import { TOTP_DIGITS, TWO_FACTOR_MESSAGES } from './two-factor-login.js';

/*
 * Two-factor sign-in (issue 32): a time-based code (TOTP, RFC 6238: 6 digits, 30 s, SHA-1, what
 * every authenticator app reads) after the password, or one of ten one-time recovery codes. Kept
 * out of messages.ts so only the screens that use them carry these words and schemas: the login
 * page (its code step), Perfil, Ajustes and Users.
 */

/** Recovery codes given at enrolment: each works once. */
export const RECOVERY_CODE_COUNT = 10;

/** Perfil's section's own words (those it shares with the login: two-factor-login.ts). */
export const TWO_FACTOR_LABELS = {
  on: 'Activada',
  off: 'Desactivada',
  intro:
    'Además de tu contraseña, al iniciar sesión se te pedirá un código de una aplicación de autenticación (Google Authenticator, Microsoft Authenticator, 1Password…).',
  start: 'Activar verificación en dos pasos',
  confirm: 'Confirmar y activar',
  cancel: 'Cancelar',
  recoveryLeft: (count: number) =>
    count === 1
      ? 'Te queda 1 código de recuperación.'
      : `Te quedan ${count} códigos de recuperación.`,
  enabledSince: (date: string) => `Activada desde el ${date}.`,
  disable: 'Desactivar',
  disableHint: 'Para desactivarla, escribe tu contraseña actual.',
  requiredUntil: (date: string) =>
    `Tu administrador exige la verificación en dos pasos. Actívala antes del ${date}; después solo podrás entrar activándola.`,
  required: 'Tu administrador exige la verificación en dos pasos para tu cuenta.',
} as const;

/** A TOTP code only, as sent: Perfil's confirmation. */
export const totpCodeSchema = z
  .string({ error: TWO_FACTOR_MESSAGES.codeRequired })
  .min(1, { message: TWO_FACTOR_MESSAGES.codeRequired, abort: true })
  .regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), TWO_FACTOR_MESSAGES.codeFormat);

/** A new secret to enrol: the QR code (an SVG document, drawn by the API) and the secret itself. */
export const twoFactorSetupSchema = z.object({
  /** `<svg …>`: the otpauth:// address as a QR code, for an <img> (data: URL). */
  qrSvg: z.string(),
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** GET /api/me/two-factor: the caller's second factor and whether they must have one. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: dateTimeSchema.nullable(),
  recoveryCodesLeft: z.number().int().nonnegative(),
  /** The requirement (Ajustes) applies to the caller. */
  required: z.boolean(),
  /** Until when they may still sign in without it (their grace), when it applies and runs. */
  setupBy: dateTimeSchema.nullable(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST /api/me/two-factor/enable: a code from the app, for the secret of the last setup. */
export const enableTwoFactorBodySchema = z.strictObject({ code: totpCodeSchema });
export type EnableTwoFactorBody = z.infer<typeof enableTwoFactorBodySchema>;

/** The recovery codes, shown once: enabling in Perfil, or an enrolment at sign-in. */
export const recoveryCodesSchema = z.array(z.string()).length(RECOVERY_CODE_COUNT);
export const twoFactorEnabledSchema = z.object({
  message: z.string(),
  recoveryCodes: recoveryCodesSchema,
});

/** POST /api/me/two-factor/disable: the current password (decided: not a code; docs/decisions.md). */
export const disableTwoFactorBodySchema = z.strictObject({
  currentPassword: z
    .string({ error: ACCOUNT_MESSAGES.currentPasswordRequired })
    .max(FIELD_MAX_LENGTH.password, maxLength(FIELD_MAX_LENGTH.password))
    .min(1, ACCOUNT_MESSAGES.currentPasswordRequired),
});
export type DisableTwoFactorBody = z.infer<typeof disableTwoFactorBodySchema>;
