import { z } from 'zod';

/*
 * A system admin's reset of a user's second factor (issue 32): the Users screen's words and the
 * status it reads, and the mail the user gets. A module of its own, as the Users screen needs no
 * other part of two-factor sign-in.
 */

export const TWO_FACTOR_ADMIN_LABELS = {
  resetAction: 'Quitar verificación en dos pasos',
  resetConfirm:
    'Se quitará su segundo factor y se cerrarán sus sesiones; recibirá un correo. ¿Continuar?',
  userHas: 'Tiene la verificación en dos pasos activada.',
  userHasNot: 'No tiene la verificación en dos pasos activada.',
  cancel: 'Cancelar',
} as const;

/** GET /api/user/two-factor/:userId (system admin): whether the user has a second factor. */
export const userTwoFactorSchema = z.object({ enabled: z.boolean() });

/** The mail a user gets when a system admin removes their second factor. */
export const TWO_FACTOR_MAIL = {
  resetSubject: 'Se quitó tu verificación en dos pasos',
  resetText: (name: string) =>
    `Hola ${name}:\n\nUn administrador quitó la verificación en dos pasos de tu cuenta en el CRM y se cerraron tus sesiones. Al volver a entrar podrás activarla de nuevo en Perfil. Si no lo pediste, avisa a un administrador.`,
} as const;
