// Every user-facing message, quoted character for character from the spec (typos included).
// Nothing else in the repository spells these strings; import them from here.

/** §5 Login (also §8). */
export const LOGIN_MESSAGES = {
  invalidEmail: 'Invalid email format',
  emptyPassword: 'Password cannot be empty',
  captchaRequired: 'Por favor rellenar el captcha',
  /** Shown to the person for either login failure (§8). */
  wrongCredentials: 'Wrong email or password',
  /** authError when the call fails; also the API's 401 body. */
  invalidCredentials: 'Invalid email or password',
  /** authError when a response carries no token. */
  invalidToken: 'Invalid token received',
} as const;

/** §5 Create request. */
export const CREATE_REQUEST_MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  invalidEmail: 'Invalid email format',
  messageRequired: 'Message is required',
  requestTypeRequired: 'RequestType is required',
} as const;

/** §5 Create user (also editing a user with "Change Password?" checked). */
export const CREATE_USER_MESSAGES = {
  nameRequired: 'El nombre es requerido',
  lastNameRequired: 'El apellido es requerido',
  passwordRequired: 'El campo Contraseña es requerido',
  passwordRule:
    'Mínimo 8 caracteres, incluir una mayúscula, una minúscula y un carácter especial .-#$!',
  confirmPasswordRequired: 'El campo Confirmar contraseña es requerido',
  passwordsDoNotMatch: 'Las contraseñas no coinciden',
  emailRequired: 'Correo es requerido',
  invalidEmail: 'Formato de correo inválido',
} as const;

/** §5 Edit user without a password change. */
export const EDIT_USER_MESSAGES = {
  nameRequired: 'Nombre es requerido',
  lastNameRequired: 'Apellido es requerido',
  emailRequired: 'Correo es requerido',
  invalidEmail: 'Formato de correo iválido',
} as const;

/** §5 Edit request: stage rules, computed but never blocking. */
export const EDIT_REQUEST_MESSAGES = {
  requiredNotUnknown: (field: string) => `${field} is required and cannot be "unknown"`,
  requiredNotUnknownOrZero: (field: string) => `${field} is required and cannot be "unknown or 0"`,
} as const;

/** §8 Session, current user and fetching. */
export const SESSION_MESSAGES = {
  userDataFailed: 'Error al obtener el rol del usuario',
  logoutFailed: 'Logout failed',
  fetchFailed: 'Failed to fetch requests',
  errorPrefix: 'Error: ',
} as const;

/** §8 Requests. */
export const REQUEST_MESSAGES = {
  updateFailed:
    'There was an error, at least one value should be change. If you had changed at least one field and the error persist then contact the system admin.',
  created: 'Event added successfully',
  createFailed: 'Apologies, there was an issue submitting the request. Please try again.',
  deleted: 'Event deleted successfully',
  deleteFailedNotice: 'Failed to delete event',
  deleteFailed: 'Failed to delete request',
} as const;

/** §8 Users. */
export const USER_MESSAGES = {
  created: 'Usuario creado exitosamente',
  createFailed: 'Hubo un error al crear el usuario',
  deleted: 'User deleted successfully',
  deleteFailed: 'Failed to delete user',
  updated: 'User updated successfully',
  updateFailed: 'Failed to updating user',
  deleteConfirm: 'Are you sure you want to delete this user?',
} as const;

/** Notices of activities (issue 20): what a click did, when it is not in view. */
export const ACTIVITY_MESSAGES = {
  deleted: 'Actividad eliminada',
  saveFailed: 'No se pudo guardar la actividad. Inténtalo de nuevo.',
  changeFailed: 'No se pudo cambiar la actividad. Inténtalo de nuevo.',
  changedMeanwhile: 'Otra persona cambió esta actividad: se muestra como está ahora.',
  loadFailed: 'No se pudieron cargar las actividades.',
} as const;

/**
 * Field messages the spec does not give (limits of issue 9, a taken email), shown under the form
 * fields, so in the product's language.
 */
export const FIELD_MESSAGES = {
  emailTaken: 'Correo ya registrado',
  tooLong: (max: number) => `Demasiado largo: máximo ${max} caracteres`,
  tooManyNotes: (max: number) => `Demasiadas notas: máximo ${max} por solicitud`,
  notesTooLong: (max: number) =>
    `Las notas suman demasiado texto: máximo ${max} caracteres en total`,
  noteEmpty: 'Escribe la nota antes de agregarla',
  /** Activities (issue 20). */
  activityTitleRequired: 'Escribe el título de la actividad',
  activityTypeInvalid: 'Elige un tipo: Llamada, Reunión, Correo o Tarea',
  activityDateRequired: 'La fecha es requerida',
  activityDateInvalid: 'Fecha inválida: usa AAAA-MM-DD, un día que exista entre 1900 y 2999',
  activityTimeInvalid: 'Hora inválida: usa HH:MM, de 00:00 a 23:59',
  activityTimeWithoutDate: 'Una hora necesita su fecha: envía también la fecha',
  activityOwnerUnknown: 'Ese usuario no existe',
  tooManyActivities: (max: number) => `Demasiadas actividades: máximo ${max} por solicitud`,
  /** Ajustes (issue 20): a stage's stale limit. */
  staleDaysInvalid: (max: number) =>
    `Escribe un número entero de días, de 1 a ${max}, o déjalo vacío`,
  /** Value and outcomes (issue 21). */
  expectedValueInvalid: 'Escribe un monto entero, de 0 a 1.000.000.000.000',
  outcomeRequired: 'Elige si la solicitud se ganó o se perdió',
  lostReasonRequired: 'Elige el motivo de la pérdida',
  lostReasonUnknown: 'Ese motivo no está en la lista de Ajustes',
  outcomeOnOpenRequest: 'Solo una solicitud en CERRADO tiene resultado',
  /** Issue 33: the amount paid, asked with a move to CERRADO as Ganada. */
  amountPaidInvalid: 'Escribe un monto de 0 a 1.000.000.000.000',
  amountPaidOnlyWhenWon: 'El monto pagado va solo con un cierre como Ganada',
  lostReasonsInvalid: 'Entre 1 y 30 motivos distintos, de 1 a 60 caracteres cada uno',
  probabilityInvalid: 'Escribe un porcentaje entero, de 0 a 100',
  /** Preferences (issue 20). */
  timeZoneInvalid: 'Zona horaria desconocida: usa un nombre IANA, como America/Santiago',
  /** A name, email, search and the like: one line of visible text (issue 18). */
  notSingleLine: 'No puede contener saltos de línea, tabulaciones ni caracteres de control',
} as const;

/**
 * Messages the spec does not give (its server error bodies are "not shown", §8).
 * Written for this product; English like the spec's other server messages.
 */
export const API_MESSAGES = {
  authRequired: 'Authentication required',
  sessionExpired: 'Your session has expired or was closed. Please sign in again.',
  forbidden: 'You do not have permission to do this',
  invalidId: 'Invalid id',
  invalidRole: 'Role must be one of: system admin, vendor, driver',
  invalidBody: 'Invalid request body',
  operatorNotAllowed: 'Keys starting with "$" or containing "." are not allowed',
  malformedJson: 'Malformed JSON body',
  bodyTooLarge: (maxKb: number) => `Request body too large (at most ${maxKb} KB)`,
  bodyTooDeep: (maxDepth: number) => `JSON body nested too deeply (at most ${maxDepth} levels)`,
  bodyEncodingNotAccepted: 'Compressed or non-UTF-8 request bodies are not accepted',
  bodyNotAccepted: 'Request body not accepted',
  malformedUrl: 'Malformed URL: invalid percent-encoding',
  methodNotAllowed: 'Method not allowed',
  unknownParameter: 'Unknown query parameter',
  invalidVendorFilter: 'vendor must be a user id, "me" or "none"',
  invalidOwnerFilter: 'owner must be a user id or "me"',
  invalidCursor: 'Invalid cursor: pass the nextCursor of the previous page as it came',
  invalidPeriod: 'period must be one of: week, month, last30, quarter, custom',
  invalidPeriodDay: 'Must be a date as YYYY-MM-DD',
  periodDatesRequired: 'A custom period needs both from and to',
  periodDatesOnlyCustom: 'from and to apply only to period=custom',
  periodEndBeforeStart: 'to must be on or after from',
  periodTooLong: (maxDays: number) => `A period can be at most 2 years (${maxDays} days) long`,
  invalidDashboardVendor: 'vendor must be a user id, "me" or "all"',
  unknownExecutive: 'No user has this id',
  requestNotFound: 'Request not found',
  userNotFound: 'User not found',
  routeNotFound: 'Not found',
  emailTaken: 'A user with this email already exists',
  duplicate: 'This record already exists',
  lastAdmin: 'The last system admin cannot be deleted or lose the system admin role',
  requestConflict:
    'This request was changed by someone else after you opened it. Reload it to see the latest version, then apply your changes again.',
  requestMoved: 'The request is no longer in the stage you moved it from',
  noteChanged: 'This note was changed by someone else after you opened it',
  activityNotFound: 'Activity not found',
  activityConflict: 'This activity was changed by someone else after you opened it',
  settingsConflict: 'The settings were changed by someone else after you opened them',
  activityAlreadyDone: 'This activity is already completed',
  activityNotDone: 'This activity is not completed',
  tooManyLoginAttempts:
    'Too many failed sign-in attempts. Please wait a few minutes and try again.',
  internalError: 'Something went wrong on our side. Please try again later.',
  databaseUnavailable: 'The database is not reachable right now. Please try again in a moment.',
  loggedOut: 'Logged out',
  deleted: 'Deleted',
} as const;
