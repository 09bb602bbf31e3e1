import { z } from 'zod';
import { FIELD_MAX_LENGTH, ROLES } from './constants.js';
import { objectIdSchema, optionalText, requiredEmail, requiredText } from './fields.js';
import { API_MESSAGES, CREATE_USER_MESSAGES, EDIT_USER_MESSAGES } from './messages.js';
import { confirmPasswordSchema, passwordSchema, passwordsMatch } from './password.js';

// The password's rules are a module of their own, re-exported here: the login's account pages
// use them without the users' schemas (issue 34 item 3).
export * from './password.js';

const roleSchema = z.enum(ROLES, { error: API_MESSAGES.invalidRole });

/**
 * A user as the API returns it: never a password or hash. §3's `events` (the requests assigned
 * to the user) is no longer sent: it grew with every request, and request.vendor says the same
 * (see docs/decisions.md). Optional rather than removed, so a client or fake that still
 * sends it parses.
 */
export const userSchema = z.object({
  _id: objectIdSchema,
  name: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  photo: z.string(),
  /** Invited (issue 23) and not yet set their password: they cannot sign in yet. */
  invitationPending: z.boolean().optional(),
  events: z.array(z.object({ _id: objectIdSchema })).optional(),
});
export type User = z.infer<typeof userSchema>;
export const userListSchema = z.array(userSchema);

/** The fields of §5 "Create user", shared by the create form and a password change. */
const userWithPasswordFields = {
  name: requiredText(CREATE_USER_MESSAGES.nameRequired),
  lastName: requiredText(CREATE_USER_MESSAGES.lastNameRequired),
  email: requiredEmail(CREATE_USER_MESSAGES.emailRequired, CREATE_USER_MESSAGES.invalidEmail),
  password: passwordSchema,
  role: roleSchema,
};

/** POST /api/user/create: {name, lastName, email, password, role, photo} (§7). */
export const createUserBodySchema = z.object({
  ...userWithPasswordFields,
  /** A URL: one line, like the names. */
  photo: optionalText(FIELD_MAX_LENGTH.photo).default(''),
});
export type CreateUserBody = z.infer<typeof createUserBodySchema>;

/** The "Create new user" form (§2, §5). */
export const createUserFormSchema = createUserBodySchema
  .extend({ confirmPassword: confirmPasswordSchema })
  .refine(...passwordsMatch);
export type CreateUserForm = z.input<typeof createUserFormSchema>;

/** PUT /api/user/update/:id without a password change (§5 "Edit user"). */
export const updateUserBodySchema = z.object({
  name: requiredText(EDIT_USER_MESSAGES.nameRequired),
  lastName: requiredText(EDIT_USER_MESSAGES.lastNameRequired),
  email: requiredEmail(EDIT_USER_MESSAGES.emailRequired, EDIT_USER_MESSAGES.invalidEmail),
  role: roleSchema,
});
/** PUT /api/user/update/:id with "Change Password?": the create-user rules apply (§5). */
export const updateUserWithPasswordBodySchema = z.object(userWithPasswordFields);
export type UpdateUserBody = z.infer<typeof updateUserBodySchema> & { password?: string };

/** Picks the §5 rule set by whether the payload changes the password. */
export function updateUserSchemaFor(body: unknown) {
  const changesPassword =
    typeof body === 'object' && body !== null && 'password' in body && body.password !== undefined;
  return changesPassword ? updateUserWithPasswordBodySchema : updateUserBodySchema;
}

/** The Edit User modal's form, with or without "Change Password?" (§2, §5). */
export const editUserFormSchema = updateUserBodySchema;
export const editUserWithPasswordFormSchema = updateUserWithPasswordBodySchema
  .extend({ confirmPassword: confirmPasswordSchema })
  .refine(...passwordsMatch);

export const userIdParamsSchema = z.object({ id: objectIdSchema });
export const userDataParamsSchema = z.object({ userId: objectIdSchema });
