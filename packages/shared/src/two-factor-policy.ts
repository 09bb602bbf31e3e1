import { z } from 'zod';

/*
 * Ajustes' "Exigir verificación en dos pasos" (issue 32): who must use a second factor and the
 * grace. A module of its own: the settings screen carries only this of two-factor sign-in.
 */

/** Who must use a second factor (Ajustes, "Exigir verificación en dos pasos"). */
export const TWO_FACTOR_REQUIREMENTS = ['nobody', 'admins', 'everyone'] as const;
export type TwoFactorRequirement = (typeof TWO_FACTOR_REQUIREMENTS)[number];
/** Days a user who must use it may still sign in without it, from their next sign-in. */
export const DEFAULT_TWO_FACTOR_GRACE_DAYS = 7;
export const MAX_TWO_FACTOR_GRACE_DAYS = 90;

/** Ajustes' field's errors, apart: the settings screen needs no other. */
export const TWO_FACTOR_POLICY_MESSAGES = {
  graceInvalid: (max: number) => `Escribe un número entero de días entre 0 y ${max}`,
  requirementInvalid: 'Elige a quién se exige la verificación en dos pasos',
} as const;

export const TWO_FACTOR_POLICY_LABELS = {
  requirement: 'Exigir verificación en dos pasos',
  requirementOptions: {
    nobody: 'Nadie',
    admins: 'Administradores',
    everyone: 'Todos',
  } satisfies Record<TwoFactorRequirement, string>,
  graceDays: 'Días de gracia',
  graceHint:
    'Desde el siguiente inicio de sesión de cada usuario; pasados, solo podrá entrar activándola.',
} as const;

/** Ajustes' field: who must use a second factor, and the grace in days. */
export const twoFactorPolicySchema = z.strictObject({
  require: z.enum(TWO_FACTOR_REQUIREMENTS, {
    error: TWO_FACTOR_POLICY_MESSAGES.requirementInvalid,
  }),
  graceDays: z
    .number({ error: TWO_FACTOR_POLICY_MESSAGES.graceInvalid(MAX_TWO_FACTOR_GRACE_DAYS) })
    .int(TWO_FACTOR_POLICY_MESSAGES.graceInvalid(MAX_TWO_FACTOR_GRACE_DAYS))
    .min(0, TWO_FACTOR_POLICY_MESSAGES.graceInvalid(MAX_TWO_FACTOR_GRACE_DAYS))
    .max(
      MAX_TWO_FACTOR_GRACE_DAYS,
      TWO_FACTOR_POLICY_MESSAGES.graceInvalid(MAX_TWO_FACTOR_GRACE_DAYS),
    ),
});
export type TwoFactorPolicy = z.infer<typeof twoFactorPolicySchema>;
export const DEFAULT_TWO_FACTOR_POLICY: TwoFactorPolicy = {
  require: 'nobody',
  graceDays: DEFAULT_TWO_FACTOR_GRACE_DAYS,
};
