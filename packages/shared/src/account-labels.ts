/*
 * The public account pages (issue 23: forgotten password, one-time links) and the invitation's
 * controls on the users screen; their headings and messages are PROFILE_LABELS and
 * ACCOUNT_MESSAGES (account.ts). A file of its own: the account pages are a lazy chunk.
 */
export const ACCOUNT_LABELS = {
  forgotIntro: 'Escribe el correo de tu cuenta y te enviaremos un enlace para crear una nueva.',
  sending: 'Enviando...',
  saving: 'Guardando...',
  checkingLink: 'Comprobando el enlace...',
  linkCheckFailed: 'No se pudo comprobar el enlace. Revisa tu conexión e inténtalo de nuevo.',
  requestFailed: 'No se pudo completar. Inténtalo de nuevo.',
  retry: 'Reintentar',
  accountOf: (email: string) => `Cuenta: ${email}`,
  newEmailOf: (email: string) => `Nuevo correo: ${email}`,
  backToProfile: 'Volver a Perfil',
  /** The create form's choice between an invitation and a typed password. */
  access: 'Acceso',
  invitationLinkTitle: 'Enlace de invitación',
  copyLink: 'Copiar enlace',
  linkCopied: 'Enlace copiado',
  close: 'Cerrar',
} as const;
