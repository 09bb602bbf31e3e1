import { useState } from 'react';
import { z } from 'zod';
import {
  CREATE_USER_ROLE_OPTIONS,
  createUserFormSchema,
  DEFAULT_CREATE_USER_ROLE,
  inviteUserBodySchema,
  PROFILE_LABELS,
  type CreateUserForm as CreateUserValues,
  ACCOUNT_LABELS,
  USER_FORM_LABELS,
} from '@crm/shared';
import { useCreateUser } from '../../../api/users/create-user';
import { useInviteUser } from '../../../api/users/invite-user';
import { Button } from '../../../components/ui/button';
import { FormField, Select, TextInput } from '../../../components/ui/form-field';
import { PasswordToggle } from '../../../components/ui/password-toggle';
import { EN } from '../../../lib/lang';
import { useZodForm } from '../../../lib/use-zod-form';
import { InvitationLinkDialog } from './invitation-link-dialog';

const EMPTY_USER: CreateUserValues = {
  role: DEFAULT_CREATE_USER_ROLE,
  name: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  photo: '',
};

// The invitation's rules (issue 23) over the form's values, whose password fields it ignores.
const inviteFormSchema = z.object(inviteUserBodySchema.shape);

type Access = 'password' | 'invite';
const ACCESS_OPTIONS: readonly { value: Access; label: string }[] = [
  { value: 'password', label: PROFILE_LABELS.setPasswordNow },
  { value: 'invite', label: PROFILE_LABELS.sendInvitation },
];

/**
 * "Create new user" (§2): errors after a submit attempt swap the button for "Corregir Errores".
 * Issue 23: "Enviar invitación" instead of a typed password creates the user without one and
 * sends them a link to choose it; the server without email answers the link, shown once.
 */
export function CreateUserForm() {
  const creation = useCreateUser();
  const invitation = useInviteUser();
  const [access, setAccess] = useState<Access>('password');
  const inviting = access === 'invite';
  const form = useZodForm<CreateUserValues, z.output<typeof inviteFormSchema>>(
    inviting ? inviteFormSchema : createUserFormSchema,
    EMPTY_USER,
    { focusFirstError: true },
  );
  const [showPasswords, setShowPasswords] = useState(false);
  const [link, setLink] = useState<string | null>(null);
  const pending = creation.isPending || invitation.isPending;

  const onSubmit = form.handleSubmit((data) => {
    // e.g. 409 "Correo ya registrado", under the field it concerns.
    const onError = form.showServerErrorsOf;
    if (!('password' in data)) {
      invitation.mutate(data, {
        onSuccess: (answer) => {
          form.reset();
          if (answer.link) setLink(answer.link);
        },
        onError,
      });
      return;
    }
    const { confirmPassword: _confirm, ...body } = data as z.output<typeof createUserFormSchema>;
    creation.mutate(body, { onSuccess: () => form.reset(), onError });
  });

  const role = form.field('role');
  const name = form.field('name');
  const lastName = form.field('lastName');
  const email = form.field('email');
  const password = form.field('password');
  const confirmPassword = form.field('confirmPassword');
  const showErrorsBlock = form.attempted && form.hasErrors;

  return (
    <>
      <form
        noValidate
        onSubmit={onSubmit}
        aria-labelledby="create-user-title"
        className="max-w-2xl rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      >
        <h2 id="create-user-title" {...EN} className="text-base font-semibold text-slate-900">
          {USER_FORM_LABELS.createTitle}
        </h2>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <FormField
            id={role.id}
            label={USER_FORM_LABELS.role}
            error={form.errors.role}
            className="sm:col-span-2"
          >
            <Select {...role}>
              {CREATE_USER_ROLE_OPTIONS.map((option) => (
                // The spec's role labels are English (System Admin, Vendor, Driver).
                <option key={option.value} value={option.value} {...EN}>
                  {option.label}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField id={name.id} label={USER_FORM_LABELS.name} error={form.errors.name}>
            <TextInput {...name} autoComplete="off" />
          </FormField>
          <FormField
            id={lastName.id}
            label={USER_FORM_LABELS.lastName}
            error={form.errors.lastName}
          >
            <TextInput {...lastName} autoComplete="off" />
          </FormField>
          <FormField
            id={email.id}
            label={USER_FORM_LABELS.email}
            error={form.errors.email}
            className="sm:col-span-2"
          >
            <TextInput {...email} type="email" autoComplete="off" />
          </FormField>
          <fieldset className="sm:col-span-2">
            <legend className="mb-1 block text-sm font-medium text-slate-700">
              {ACCOUNT_LABELS.access}
            </legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {ACCESS_OPTIONS.map((option) => (
                <label
                  key={option.value}
                  className="flex items-center gap-2 text-sm text-slate-700"
                >
                  <input
                    type="radio"
                    name="access"
                    value={option.value}
                    checked={access === option.value}
                    onChange={() => setAccess(option.value)}
                    className="size-4 accent-indigo-600"
                  />
                  {option.label}
                </label>
              ))}
            </div>
          </fieldset>
          {inviting ? null : (
            <>
              <FormField
                id={password.id}
                label={USER_FORM_LABELS.password}
                error={form.errors.password}
              >
                <TextInput
                  {...password}
                  type={showPasswords ? 'text' : 'password'}
                  autoComplete="new-password"
                />
              </FormField>
              <FormField
                id={confirmPassword.id}
                label={USER_FORM_LABELS.confirmPassword}
                error={form.errors.confirmPassword}
              >
                <div className="flex items-center gap-1">
                  <TextInput
                    {...confirmPassword}
                    type={showPasswords ? 'text' : 'password'}
                    autoComplete="new-password"
                  />
                  <PasswordToggle
                    visible={showPasswords}
                    onToggle={() => setShowPasswords((visible) => !visible)}
                  />
                </div>
              </FormField>
            </>
          )}
        </div>
        <div className="mt-5">
          {showErrorsBlock ? (
            <p
              role="alert"
              className="rounded-md bg-red-600 px-4 py-2 text-center text-sm font-semibold text-white"
            >
              {USER_FORM_LABELS.fixErrors}
            </p>
          ) : (
            <Button type="submit" disabled={pending} className="w-full sm:w-auto">
              {pending
                ? USER_FORM_LABELS.creating
                : inviting
                  ? PROFILE_LABELS.sendInvitation
                  : USER_FORM_LABELS.create}
            </Button>
          )}
        </div>
      </form>
      <InvitationLinkDialog link={link} onClose={() => setLink(null)} />
    </>
  );
}
