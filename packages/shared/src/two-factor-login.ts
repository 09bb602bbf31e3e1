import { z } from 'zod';

/*
 * Two-factor sign-in (issue 32), what the login page needs: its code step's words and body, and
 * the messages of every two-factor answer. Apart from two-factor.ts (Perfil, Ajustes, Users) so
 * the login page, which every page loads, carries only these.
 */

/** Digits of a code and seconds a code lives (the authenticator apps' defaults). */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;

export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Escribe el código de verificación',
  codeFormat: 'El código de verificación tiene 6 dígitos',
  wrongCode: 'El código no es correcto o ya venció. Escribe el que muestra ahora tu aplicación.',
  codeUsed: 'Ese código ya se usó. Espera el siguiente de tu aplicación.',
  wrongRecoveryCode: 'El código de recuperación no es correcto o ya se usó.',
  challengeExpired: 'La verificación venció. Vuelve a iniciar sesión.',
  failed: 'No se pudo verificar el código. Inténtalo de nuevo.',
  setupExpired: 'La configuración venció. Vuelve a empezar.',
  alreadyEnabled: 'La verificación en dos pasos ya está activada.',
  notEnabled: 'La verificación en dos pasos no está activada.',
  enabled: 'Verificación en dos pasos activada. Se cerraron tus otras sesiones.',
  disabled: 'Verificación en dos pasos desactivada.',
  reset: 'Se quitó la verificación en dos pasos del usuario y se cerraron sus sesiones.',
} as const;

/** The login's code step, and what Perfil shares of it (the QR code, the recovery codes). */
export const TWO_FACTOR_LOGIN_LABELS = {
  heading: 'Verificación en dos pasos',
  code: 'Código de verificación',
  codeHint: 'Escribe el código de 6 dígitos de tu aplicación de autenticación.',
  recoveryCode: 'Código de recuperación',
  recoveryHint: 'Escribe uno de los códigos de recuperación que guardaste.',
  useRecovery: 'Usar un código de recuperación',
  useCode: 'Usar el código de la aplicación',
  verify: 'Verificar',
  verifying: 'Verificando...',
  back: 'Volver a iniciar sesión',
  scan: 'Escanea este código QR con tu aplicación de autenticación.',
  qrAlt: 'Código QR para tu aplicación de autenticación',
  manual: 'Si no puedes escanearlo, escribe esta clave en la aplicación:',
  recoveryTitle: 'Tus códigos de recuperación',
  recoveryIntro:
    'Guárdalos en un lugar seguro: cada uno sirve una sola vez para entrar si no tienes tu teléfono. No se volverán a mostrar.',
  copy: 'Copiar',
  copied: 'Copiados',
  download: 'Descargar',
  done: 'Ya los guardé',
  setupAtLogin: 'Tu administrador exige la verificación en dos pasos. Actívala ahora para entrar.',
} as const;

/**
 * A code as typed: a TOTP code (6 digits) or a recovery code (12 letters and digits, in groups
 * the person may type with spaces or dashes, which the server ignores). Checked as sent, so the
 * OpenAPI document states the same rule (a pattern).
 */
const codeSchema = z
  .string({ error: TWO_FACTOR_MESSAGES.codeRequired })
  .min(1, { message: TWO_FACTOR_MESSAGES.codeRequired, abort: true })
  .regex(/^[\dA-Za-z -]{6,32}$/, TWO_FACTOR_MESSAGES.wrongCode);

/**
 * POST /api/user/login/two-factor: the challenge the login answered and a code from the
 * authenticator app, or a recovery code. Answers what the login answers for a user without two
 * factors, and the recovery codes when the challenge was an enrolment's.
 */
export const twoFactorLoginBodySchema = z.strictObject({
  challenge: z.string({ error: TWO_FACTOR_MESSAGES.challengeExpired }).min(1).max(2000),
  code: codeSchema,
});
export type TwoFactorLoginBody = z.infer<typeof twoFactorLoginBodySchema>;
