import { z } from 'zod';
import { FIELD_MAX_LENGTH, ROLES } from './constants.js';
import {
  dateTimeSchema,
  maxLength,
  objectIdSchema,
  requiredEmail,
  requiredText,
} from './fields.js';
import { CREATE_USER_MESSAGES, EDIT_USER_MESSAGES } from './messages.js';
import { confirmPasswordSchema, passwordSchema, passwordsMatch } from './password.js';
import { ACCOUNT_LINK_MESSAGES, ACCOUNT_PAGE_LABELS } from './account-links.js';

// The account links' part (forgotten password, one-time links: what /login can open signed out)
// is a module of its own, so the login page doesn't carry Perfil's words and schemas.
export * from './account-links.js';

/*
 * Issue 23, "Perfil and accounts": people manage their own name, photo, password, email and
 * sessions (/api/me/…, always the caller's own: the routes take the caller's id, never one from
 * the request), a forgotten password is reset by email, and a new colleague is invited to set
 * their own password (/api/account/…, public, token in the body).
 *
 * One-time tokens (reset, invitation, email change) are 32 random bytes as 43 base64url
 * characters, stored only as their SHA-256; single use; a newer token of the same purpose for the
 * same user replaces the older one; a password change ends every reset and invitation token.
 */

/** How long each one-time link works, and the limits chosen (README, "Security"). */
export const ACCOUNT_LIMITS = {
  resetTokenMs: 30 * 60_000,
  inviteTokenMs: 7 * 24 * 60 * 60_000,
  /** The link confirming a new email address. */
  emailTokenMs: 24 * 60 * 60_000,
  /**
   * Reset emails asked for one address (known or not: counted by the address typed, so the
   * limit says nothing of whether an account exists) and from one client address, per hour.
   */
  resetPerEmailPerHour: 3,
  resetPerClientPerHour: 10,
  /** Invitations (first and re-sent) per invited address, per hour. */
  invitePerEmailPerHour: 3,
  /** Email-change confirmations one user may ask for, per hour. */
  emailChangePerUserPerHour: 3,
  /** The photo upload: PNG, JPEG or WebP up to 2 MB, at most 50 megapixels, stored 256×256 WebP. */
  photoMaxBytes: 2 * 1024 * 1024,
  photoMaxPixels: 50_000_000,
  photoSize: 256,
} as const;

export const PHOTO_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type PhotoMediaType = (typeof PHOTO_MEDIA_TYPES)[number];

/** Messages of this feature: Spanish, as the product's own screens (the account links' first). */
export const ACCOUNT_MESSAGES = {
  ...ACCOUNT_LINK_MESSAGES,
  currentPasswordRequired: 'Escribe tu contraseña actual',
  currentPasswordWrong: 'La contraseña actual no es correcta',
  samePassword: 'La nueva contraseña debe ser distinta de la actual',
  passwordChanged: 'Contraseña cambiada. Se cerraron tus otras sesiones.',
  profileSaved: 'Perfil guardado',
  ownRoleLocked: 'No puedes cambiar tu propio rol',
  /** An admin deleting their own account (issue 32): another admin may. */
  ownAccountDelete: 'No puedes eliminar tu propia cuenta',
  sameEmail: 'Ese ya es tu correo',
  emailChangeSent: (email: string) =>
    `Te enviamos un enlace a ${email}. Tu correo cambiará cuando lo abras.`,
  mailUnavailable:
    'El servidor no tiene correo configurado: pide a un administrador que cambie tu correo.',
  invitationSent: (email: string) => `Invitación enviada a ${email}`,
  invitationLinkOnce:
    'El servidor no envía correos: copia este enlace y házselo llegar. No se volverá a mostrar.',
  /** A re-sent invitation for someone who already set their password (409). */
  invitationAlreadyAccepted:
    'Esta persona ya eligió su contraseña: no hay invitación que reenviar.',
  photoSaved: 'Foto actualizada',
  photoRemoved: 'Foto eliminada',
  photoNotImage: 'El archivo debe ser una imagen PNG, JPEG o WebP',
  photoTooLarge: 'La imagen pesa más de 2 MB',
  photoTooManyPixels: 'La imagen es demasiado grande: máximo 50 megapíxeles',
  sessionNotFound: 'Esa sesión ya no existe',
  sessionClosed: 'Sesión cerrada',
  otherSessionsClosed: 'Se cerraron las demás sesiones',
} as const;

/** The subjects and texts of this feature's emails; `link` is absolute. */
export const ACCOUNT_MAIL = {
  resetSubject: 'Crea una nueva contraseña',
  resetText: (name: string, link: string) =>
    `Hola ${name}:\n\nPediste crear una nueva contraseña. Abre este enlace (vale 30 minutos y una sola vez):\n${link}\n\nSi no fuiste tú, ignora este correo: tu contraseña no cambia.`,
  inviteSubject: 'Te invitaron al CRM',
  inviteText: (name: string, link: string) =>
    `Hola ${name}:\n\nTe crearon una cuenta en el CRM. Abre este enlace para elegir tu contraseña (vale 7 días):\n${link}`,
  passwordChangedSubject: 'Tu contraseña cambió',
  passwordChangedText: (name: string) =>
    `Hola ${name}:\n\nLa contraseña de tu cuenta acaba de cambiar y se cerraron tus otras sesiones. Si no fuiste tú, usa "¿Olvidaste tu contraseña?" en la pantalla de inicio y avisa a un administrador.`,
  emailChangeSubject: 'Confirma tu nuevo correo',
  emailChangeText: (name: string, link: string) =>
    `Hola ${name}:\n\nPara usar esta dirección en el CRM, abre este enlace (vale 24 horas):\n${link}\n\nSi no lo pediste, ignora este correo.`,
  /** To the old address; without the new one, which the old mailbox's owner may not be meant to know. */
  emailChangedSubject: 'El correo de tu cuenta cambió',
  emailChangedText: (name: string) =>
    `Hola ${name}:\n\nEl correo de tu cuenta en el CRM acaba de cambiar a otra dirección: los avisos irán allí y los enlaces enviados a esta ya no sirven. Si no fuiste tú ni lo pediste, avisa a un administrador.`,
} as const;

/** The Perfil screen's words (the account links' pages' first). */
export const PROFILE_LABELS = {
  ...ACCOUNT_PAGE_LABELS,
  heading: 'Perfil',
  personal: 'Datos personales',
  photo: 'Foto',
  changePhoto: 'Cambiar foto',
  removePhoto: 'Quitar foto',
  password: 'Contraseña',
  currentPassword: 'Contraseña actual',
  changePassword: 'Cambiar contraseña',
  newEmail: 'Nuevo correo',
  changeEmail: 'Cambiar correo',
  pendingEmail: (email: string) => `Pendiente de confirmar: ${email}`,
  sessions: 'Sesiones',
  thisSession: 'Esta sesión',
  signedInAt: 'Inició sesión',
  lastSeen: 'Última actividad',
  closeSession: 'Cerrar sesión',
  closeOthers: 'Cerrar las demás sesiones',
  preferences: 'Preferencias',
  timeZone: 'Zona horaria',
  sendInvitation: 'Enviar invitación',
  setPasswordNow: 'Escribir contraseña',
  invitationPending: 'Invitación pendiente',
  resendInvitation: 'Reenviar invitación',
  // Perfil's sections (web app).
  name: 'Nombre',
  lastName: 'Apellido',
  photoHelp: 'PNG, JPEG o WebP, hasta 2 MB.',
  noPhoto: 'Sin foto: se muestran tus iniciales.',
  passwordHelp: 'Al cambiarla se cierran tus otras sesiones.',
  unknownBrowser: 'Navegador desconocido',
  unknownOs: 'sistema desconocido',
  address: 'Dirección',
  /** The time zone select's option while none is set (never signed in on the web): the product's own zone. */
  defaultTimeZone: 'La del sistema',
  /** The time zone select's first zone (issue 33): the one this browser is in. */
  browserTimeZone: (zone: string) => `${zone} (la de este navegador)`,
  effectiveTimeZone: (zone: string) => `En uso: ${zone}`,
  emailDigest: 'Resumen diario por correo (08:00)',
  emailReminders: 'Recordatorio por correo 15 minutos antes de una actividad',
  emailCustomerMail: 'Avisarme por correo cuando un cliente escriba a una de mis solicitudes',
  calendarFeed: 'Calendario',
  calendarFeedHelp:
    'Suscribe Google Calendar u Outlook a tus actividades abiertas con una dirección secreta. Deja de funcionar si cambias tu contraseña o cierras las demás sesiones.',
  calendarFeedActive: 'Tienes una dirección de calendario activa.',
  createCalendarFeed: 'Crear dirección de calendario',
  replaceCalendarFeed: 'Crear una dirección nueva',
  revokeCalendarFeed: 'Revocar dirección',
  calendarFeedOnce: 'Copia esta dirección ahora: no se volverá a mostrar.',
  calendarFeedRevoked: 'Dirección de calendario revocada',
  preferencesSaved: 'Preferencias guardadas',
  saving: 'Guardando…',
} as const;

/** GET /api/me/profile: the caller as they see themselves. */
export const profileSchema = z.object({
  _id: objectIdSchema,
  name: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  /** The photo's URL (`/api/photos/<id>.webp`), '' without one (§3 `photo`). */
  photo: z.string(),
  /** An address waiting for its confirmation link, or null. */
  pendingEmail: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * PATCH /api/me/profile: name and last name (§5's edit-user rules). A `role` in the body is
 * refused with 403 (ACCOUNT_MESSAGES.ownRoleLocked) before this schema runs; other unknown keys
 * (email, password: they have their own checked routes) are 400.
 */
export const updateProfileBodySchema = z.strictObject({
  name: requiredText(EDIT_USER_MESSAGES.nameRequired),
  lastName: requiredText(EDIT_USER_MESSAGES.lastNameRequired),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

const currentPasswordSchema = z
  .string({ error: ACCOUNT_MESSAGES.currentPasswordRequired })
  .max(FIELD_MAX_LENGTH.password, maxLength(FIELD_MAX_LENGTH.password))
  .min(1, ACCOUNT_MESSAGES.currentPasswordRequired);

/**
 * POST /api/me/password: the current password, then §5's password rules for the new one. A wrong
 * current password is 400 on `currentPassword` and counts against the sign-in brake (429 past
 * it). On success every other session of the user ends and the answer is the message.
 */
export const changePasswordBodySchema = z.strictObject({
  currentPassword: currentPasswordSchema,
  password: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;
export const changePasswordFormSchema = changePasswordBodySchema
  .extend({ confirmPassword: confirmPasswordSchema })
  .refine(...passwordsMatch);
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;

/**
 * POST /api/me/email: a confirmation link goes to the new address; the email changes when it is
 * opened (POST /api/account/confirm-email). 409 `newEmail` when another user has it; 503 when
 * the server sends no email (ACCOUNT_MESSAGES.mailUnavailable).
 */
export const changeEmailBodySchema = z.strictObject({
  newEmail: requiredEmail(CREATE_USER_MESSAGES.emailRequired, CREATE_USER_MESSAGES.invalidEmail),
  currentPassword: currentPasswordSchema,
});
export type ChangeEmailBody = z.infer<typeof changeEmailBodySchema>;

/** One signed-in session (GET /api/me/sessions), newest sign-in first. */
export const sessionSchema = z.object({
  /** An opaque id (not the token). */
  id: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
  /** From the user agent at sign-in, e.g. "Chrome 131", "Firefox 133"; '' when unknown. */
  browser: z.string(),
  /** e.g. "Windows 10", "macOS", "Android 14"; '' when unknown. */
  os: z.string(),
  /** The client address at sign-in. */
  address: z.string(),
  signedInAt: dateTimeSchema,
  /** Updated at most once a minute. */
  lastSeenAt: dateTimeSchema,
});
export type Session = z.infer<typeof sessionSchema>;
export const sessionListSchema = z.array(sessionSchema);
export const sessionParamsSchema = z.object({ id: z.string().min(1).max(100) });

/**
 * POST /api/user/invite (system admin): creates the user without a password (they cannot sign
 * in until they set one) and sends the invitation; POST /api/user/invite/:id sends a new one
 * (the older link stops working). Without SMTP_URL the answer carries the link, shown once.
 */
export const inviteUserBodySchema = z.strictObject({
  name: requiredText(CREATE_USER_MESSAGES.nameRequired),
  lastName: requiredText(CREATE_USER_MESSAGES.lastNameRequired),
  email: requiredEmail(CREATE_USER_MESSAGES.emailRequired, CREATE_USER_MESSAGES.invalidEmail),
  role: z.enum(ROLES),
});
export type InviteUserBody = z.infer<typeof inviteUserBodySchema>;
export const invitationSchema = z.object({
  message: z.string(),
  userId: objectIdSchema,
  /** Only when the server sends no email: the link to pass on. */
  link: z.string().optional(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** GET /api/photos/:file — `<id>.webp`, the id 22 base64url characters. */
export const photoParamsSchema = z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{22}\.webp$/) });
