/*
 * The web app's own words that no single feature owns (issue 34 item 5: every feature's words in
 * a catalogue of shared, docs/web.md "Words"): the shell's links and titles, the loading line,
 * a dialog's X, the skip link.
 */

/**
 * Interface labels of the spec that appear in more than one screen, quoted exactly (§2, §4).
 * "Loading..." is the spec's English.
 */
export const APP_LABELS = {
  loading: 'Loading...',
  noVendor: 'Sin ejecutivo',
  /** The login screen's heading (§2), also its document title. */
  login: 'Iniciar sesión',
  /** Sidebar links (§2), also the document titles of their screens. */
  home: 'Inicio',
  profile: 'Perfil',
  users: 'Usuarios',
  /** The Agenda's and Ajustes' titles (their screens' words: screen-labels.ts). */
  agenda: 'Agenda',
  settings: 'Ajustes',
  requests: 'Solicitudes',
  /** A dialog's X button (issue 33: Spanish, not "Close"). */
  close: 'Cerrar',
  /** The first Tab stop of /main (issue 14). */
  skipToContent: 'Saltar al contenido',
  /** The sidebar: the person's greeting ("Hi, " is the spec's English), its links, "Logout". */
  hi: (name: string) => `Hi, ${name}`,
  mainNav: 'Principal',
  logout: 'Logout',
  logo: 'CRM logo',
  /** The notice area (issue 25) and a notice's own close button. */
  notices: 'Avisos (Alt+T)',
  closeNotice: 'Cerrar aviso',
  /** A password field's show/hide control (§2), named by what it does now. */
  /** Closing a form with unsaved changes (issue 12): Edit Request, Create Request, Edit User. */
  discardQuestion: '¿Descartar los cambios?',
  keepEditing: 'Seguir editando',
  discard: 'Descartar',
  passwordToggle: (visible: boolean) => (visible ? 'Ocultar contraseña' : 'Mostrar contraseña'),
} as const;
