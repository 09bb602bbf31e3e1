/*
 * The login screen's own words (§2; issue 34 item 5: each feature's words beside its schemas,
 * auth.ts). Its messages are LOGIN_MESSAGES (messages.ts), its heading APP_LABELS.login.
 */
export const LOGIN_LABELS = {
  tagline: 'Back office de ventas',
  email: 'Correo',
  password: 'Contraseña',
  submit: 'Ingresar',
  submitting: 'Iniciando...',
} as const;
