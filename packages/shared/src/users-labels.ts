/*
 * The users screen's forms and buttons, /main/users (§2, §4; issue 34 item 5: each feature's
 * words in its catalogue beside its schemas, user.ts). A file of its own: the screen is a lazy
 * chunk and its words travel with it. The spec words the create form in Spanish and the Edit
 * User modal and the delete confirmation in English; both stay as written.
 */
export const USER_FORM_LABELS = {
  /** The screen's button that opens or closes the create form. */
  openCreate: 'Crear Usuario',
  cancelCreate: 'Cancelar',
  createTitle: 'Create new user',
  role: 'Rol*',
  name: 'Nombre*',
  lastName: 'Apellido*',
  email: 'Correo*',
  password: 'Contraseña*',
  confirmPassword: 'Confirmar Contraseña*',
  fixErrors: 'Corregir Errores',
  creating: 'Cargando...',
  create: 'Crear',
  /** A row's buttons: "Editar Ana Pérez". */
  edit: (name: string) => `Editar ${name}`,
  remove: (name: string) => `Eliminar ${name}`,
} as const;

/** The Edit User modal and the delete confirmation, in the spec's English (§2). */
export const EDIT_USER_LABELS = {
  title: 'Edit User',
  name: 'Name',
  lastName: 'Last Name',
  email: 'Email',
  role: 'Role',
  changePassword: 'Change Password?',
  password: 'Password',
  confirmPassword: 'Confirm password',
  cancel: 'Cancel',
  fixErrors: 'Fix errors',
  update: 'Update',
  /** The delete confirmation's buttons. */
  confirmDelete: 'Yes',
} as const;
